/**
 * What changed between two versions of a module (and its questionnaire), as a person reads it:
 * per part of the module (settings, gauges, objectives, actions, events, scoring, questionnaire),
 * the rows added, removed and changed, each change a line "field: old → new". Rows are matched
 * by their name (a gauge's, an objective's, an action's, an event's) or id (a questionnaire's
 * domains and items), so a renamed row reads as one removed and one added.
 */
import type { Module } from '@airman/contracts/module.ts';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';

export interface VersionContent {
  module: Module;
  questionnaire: Questionnaire | null;
}

export interface DiffRow {
  kind: 'added' | 'removed' | 'changed';
  /** The row's name (or the setting's). */
  name: string;
  /** For a changed row: "field: old → new", one per field; for an added or removed one, what it holds. */
  details: string[];
}

export interface DiffSection {
  title: string;
  rows: DiffRow[];
  /** Said of the whole table: its rows' order changed. */
  reordered: boolean;
}

const NOTHING = '–';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A leaf value in words. */
function leaf(value: unknown): string {
  if (value === undefined || value === null) return NOTHING;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return String(value);
}

/** The name of a row in a list of rows: its name, label or id, else its place. */
function rowName(value: unknown, index: number): string {
  if (isRecord(value)) {
    for (const key of ['name', 'label', 'id']) if (typeof value[key] === 'string') return value[key];
  }
  return `#${index + 1}`;
}

/**
 * A value as "path → text" pairs, one per leaf: nested tables joined by ' › ', a list of plain
 * values as one line ("A, B"), a list of rows by each row's name.
 */
export function flatten(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown, p: string) => {
    if (Array.isArray(v)) {
      if (v.some((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) {
        v.forEach((x, i) => walk(x, p ? `${p} › ${rowName(x, i)}` : rowName(x, i)));
      } else {
        out.set(p, v.length === 0 ? 'none' : v.map(leaf).join(', '));
      }
      return;
    }
    if (isRecord(v)) {
      for (const [k, x] of Object.entries(v)) walk(x, p ? `${p} › ${words(k)}` : words(k));
      return;
    }
    out.set(p, leaf(v));
  };
  walk(value, path);
  return out;
}

/** A field's name in words: token_cost → token cost. */
function words(key: string): string {
  return key.replace(/_/g, ' ');
}

/** "field: old → new" for every leaf that differs (a leaf only one side has shows '–' on the other). */
export function fieldChanges(before: unknown, after: unknown): string[] {
  const a = flatten(before);
  const b = flatten(after);
  const lines: string[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const was = a.get(key) ?? NOTHING;
    const is = b.get(key) ?? NOTHING;
    if (was !== is) lines.push(`${key || 'value'}: ${was} → ${is}`);
  }
  return lines;
}

/** What an added or removed row holds, one line per field it has (its name aside: the row says it). */
function contents(value: unknown, name: string): string[] {
  return [...flatten(value)]
    .filter(([key, text]) => text !== NOTHING && !(['name', 'label', 'id'].includes(key) && text === name))
    .map(([key, text]) => (key ? `${key}: ${text}` : text));
}

/** Two tables of rows keyed alike: the rows added, removed and changed, and whether the kept ones moved. */
export function diffRows<T>(
  title: string,
  before: readonly T[],
  after: readonly T[],
  key: (row: T) => string,
): DiffSection {
  const was = new Map(before.map((r) => [key(r), r]));
  const is = new Map(after.map((r) => [key(r), r]));
  const rows: DiffRow[] = [];
  for (const [name, row] of was) if (!is.has(name)) rows.push({ kind: 'removed', name, details: contents(row, name) });
  for (const [name, row] of is) {
    const old = was.get(name);
    if (old === undefined) rows.push({ kind: 'added', name, details: contents(row, name) });
    else {
      const details = fieldChanges(old, row);
      if (details.length > 0) rows.push({ kind: 'changed', name, details });
    }
  }
  const keptBefore = [...was.keys()].filter((k) => is.has(k));
  const keptAfter = [...is.keys()].filter((k) => was.has(k));
  return { title, rows, reordered: keptBefore.join('\u0000') !== keptAfter.join('\u0000') };
}

/** A gauge as one row: its start, healthy range, daily change and lessons. */
interface GaugeRow {
  name: string;
  start?: number;
  healthy_range?: string;
  daily_change?: number;
  lesson_low?: string;
  lesson_high?: string;
}

function gauges(m: Module): GaugeRow[] {
  const names = new Set([
    ...Object.keys(m.starting_gauges),
    ...Object.keys(m.healthy_range ?? {}),
    ...Object.keys(m.daily_change ?? {}),
    ...Object.keys(m.lessons ?? {}),
  ]);
  return [...names].map((name) => {
    const range = m.healthy_range?.[name];
    const lesson = m.lessons?.[name];
    return {
      name,
      start: m.starting_gauges[name],
      healthy_range: range ? `${range[0]}–${range[1]}` : undefined,
      daily_change: m.daily_change?.[name],
      lesson_low: lesson?.low,
      lesson_high: lesson?.high,
    };
  });
}

/** The settings: one row per field that changed, named as the editor names it. */
function settings(a: Module, b: Module): DiffSection {
  const fields: [keyof Module, string][] = [
    ['game_title', 'Title'],
    ['game_description', 'Description'],
    ['days', 'Days'],
    ['daily_time_tokens', 'Daily time tokens'],
    ['recertify_months', 'Recertify every (months)'],
  ];
  const rows: DiffRow[] = [];
  for (const [field, name] of fields) {
    if (a[field] !== b[field]) rows.push({ kind: 'changed', name, details: [`${leaf(a[field])} → ${leaf(b[field])}`] });
  }
  return { title: 'Settings', rows, reordered: false };
}

function scoring(a: Module, b: Module): DiffSection {
  const details = fieldChanges(a.scoring ?? {}, b.scoring ?? {});
  return {
    title: 'Scoring',
    rows: details.map((line) => {
      const [name = line, ...rest] = line.split(': ');
      return { kind: 'changed', name, details: [rest.join(': ')] };
    }),
    reordered: false,
  };
}

function questionnaire(a: Questionnaire | null, b: Questionnaire | null): DiffSection[] {
  if (a === null && b === null) return [];
  const empty: Questionnaire = { title: '', instructions: '', scale: [], domains: [], items: [] };
  const was = a ?? empty;
  const is = b ?? empty;
  const top: DiffRow[] = [];
  for (const [field, name] of [
    ['title', 'Title'],
    ['instructions', 'Instructions'],
  ] as const) {
    if (was[field] !== is[field])
      top.push({ kind: 'changed', name, details: [`${leaf(was[field])} → ${leaf(is[field])}`] });
  }
  const scale = diffRows('Questionnaire: answer scale', was.scale, is.scale, (s) => String(s.value));
  return [
    { title: 'Questionnaire', rows: top, reordered: false },
    { ...scale, rows: scale.rows.map((r) => ({ ...r, name: `Value ${r.name}` })) },
    diffRows('Questionnaire: domains', was.domains, is.domains, (d) => d.id),
    diffRows('Questionnaire: items', was.items, is.items, (i) => i.id),
  ];
}

/** Every part of the module that changed from `before` to `after`, in the editor's order; [] when none did. */
export function diffVersions(before: VersionContent, after: VersionContent): DiffSection[] {
  const a = before.module;
  const b = after.module;
  const sections = [
    settings(a, b),
    diffRows('Gauges', gauges(a), gauges(b), (g) => g.name),
    diffRows('Objectives', a.objectives, b.objectives, (o) => o.name),
    diffRows('Actions', a.actions, b.actions, (x) => x.name),
    diffRows('Events', a.events ?? [], b.events ?? [], (e) => e.name),
    scoring(a, b),
    ...questionnaire(before.questionnaire, after.questionnaire),
  ];
  return sections.filter((s) => s.rows.length > 0 || s.reordered);
}
