/**
 * What changed between two versions of a module (and its questionnaire), as a person reads it:
 * per part of the module (settings, gauges, objectives, actions, events, scoring, questionnaire),
 * the rows added, removed and changed, each change a line "field: old → new". Rows are matched
 * by their name (a gauge's, an objective's, an action's, an event's) or id (a questionnaire's
 * domains and items), so a renamed row reads as one removed and one added.
 *
 * One implementation for the editor's Versions (`diffVersions`) and for the audit log's entry of
 * a save (`versionChanges`: the same changes keyed "Actions › Run › token cost"). Pure and
 * zod-free: types only from the schemas.
 */
import type { Module } from './module.ts';
import type { Questionnaire } from './questionnaire.ts';

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

/** The parts of a module in the editor's order: the titles of `diffVersions`' sections. */
export const VERSION_SECTIONS = [
  'Settings',
  'Gauges',
  'Objectives',
  'Actions',
  'Events',
  'Scoring',
  'Questionnaire',
  'Questionnaire: answer scale',
  'Questionnaire: domains',
  'Questionnaire: items',
] as const;

/** Joins a section, a row and a field into one key of an audit entry: "Actions › Run › token cost". */
export const PATH_SEPARATOR = ' › ';

/** A leaf that differs: its path inside the row ('' for the row's own value), as it was and as it is. */
interface FieldChange {
  field: string;
  /** A leaf value (a number, text, yes/no, a list of such); null where that side has none. */
  before: unknown;
  after: unknown;
}

/** A row as compared: a changed row's fields, or what an added or removed row holds. */
interface ComparedRow {
  kind: DiffRow['kind'];
  name: string;
  changes: FieldChange[];
  contents: string[];
}

interface ComparedSection {
  title: string;
  rows: ComparedRow[];
  /** The rows on both sides, in each side's order. */
  kept: { before: string[]; after: string[] };
}

const NOTHING = '–';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A leaf value in words. */
function leaf(value: unknown): string {
  if (value === undefined || value === null) return NOTHING;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(leaf).join(', ');
  return String(value);
}

/** The name of a row in a list of rows: its name, label or id, else its place. */
function rowName(value: unknown, index: number): string {
  if (isRecord(value)) {
    for (const key of ['name', 'label', 'id']) if (typeof value[key] === 'string') return value[key];
  }
  return `#${index + 1}`;
}

/** A field's name in words: token_cost → token cost. */
function words(key: string): string {
  return key.replace(/_/g, ' ');
}

/**
 * A value as "path → leaf" pairs: nested tables joined by ' › ', a list of plain values as one
 * leaf, a list of rows by each row's name.
 */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (v: unknown, p: string) => {
    if (Array.isArray(v)) {
      if (v.some((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) {
        v.forEach((x, i) => walk(x, p ? `${p}${PATH_SEPARATOR}${rowName(x, i)}` : rowName(x, i)));
      } else {
        out.set(p, v);
      }
      return;
    }
    if (isRecord(v)) {
      for (const [k, x] of Object.entries(v)) walk(x, p ? `${p}${PATH_SEPARATOR}${words(k)}` : words(k));
      return;
    }
    out.set(p, v);
  };
  walk(value, path);
  return out;
}

/** A value as "path → text" pairs, one per leaf, as `leaves` finds them. */
export function flatten(value: unknown, path = ''): Map<string, string> {
  return new Map([...leaves(value, path)].map(([key, v]) => [key, leaf(v)]));
}

/** A side's leaf for the record: null where it has none. */
const kept = (value: unknown): unknown => (value === undefined ? null : value);

/** Every leaf whose text differs (a leaf only one side has is null on the other). */
function changesOf(before: unknown, after: unknown): FieldChange[] {
  const a = leaves(before);
  const b = leaves(after);
  const changes: FieldChange[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    if (leaf(a.get(key)) !== leaf(b.get(key)))
      changes.push({ field: key, before: kept(a.get(key)), after: kept(b.get(key)) });
  }
  return changes;
}

/** A change as a line: "field: old → new" (the row's own value: "old → new"). */
function line(change: FieldChange): string {
  const values = `${leaf(change.before)} → ${leaf(change.after)}`;
  return change.field ? `${change.field}: ${values}` : values;
}

/** "field: old → new" for every leaf that differs (a leaf only one side has shows '–' on the other). */
export function fieldChanges(before: unknown, after: unknown): string[] {
  return changesOf(before, after).map((c) => (c.field ? line(c) : `value: ${line(c)}`));
}

/** What an added or removed row holds, one line per field it has (its name aside: the row says it). */
function contents(value: unknown, name: string): string[] {
  return [...flatten(value)]
    .filter(([key, text]) => text !== NOTHING && !(['name', 'label', 'id'].includes(key) && text === name))
    .map(([key, text]) => (key ? `${key}: ${text}` : text));
}

/** Two tables of rows keyed alike: the rows added, removed and changed, and the kept ones' order. */
function compareRows<T>(
  title: string,
  before: readonly T[],
  after: readonly T[],
  key: (row: T) => string,
): ComparedSection {
  const was = new Map(before.map((r) => [key(r), r]));
  const is = new Map(after.map((r) => [key(r), r]));
  const rows: ComparedRow[] = [];
  for (const [name, row] of was)
    if (!is.has(name)) rows.push({ kind: 'removed', name, changes: [], contents: contents(row, name) });
  for (const [name, row] of is) {
    const old = was.get(name);
    if (old === undefined) rows.push({ kind: 'added', name, changes: [], contents: contents(row, name) });
    else {
      const changes = changesOf(old, row);
      if (changes.length > 0) rows.push({ kind: 'changed', name, changes, contents: [] });
    }
  }
  return {
    title,
    rows,
    kept: { before: [...was.keys()].filter((k) => is.has(k)), after: [...is.keys()].filter((k) => was.has(k)) },
  };
}

const reordered = (s: ComparedSection) => s.kept.before.join('\u0000') !== s.kept.after.join('\u0000');

function asSection(s: ComparedSection): DiffSection {
  return {
    title: s.title,
    rows: s.rows.map((r) => ({
      kind: r.kind,
      name: r.name,
      details: r.kind === 'changed' ? r.changes.map(line) : r.contents,
    })),
    reordered: reordered(s),
  };
}

/** Two tables of rows keyed alike: the rows added, removed and changed, and whether the kept ones moved. */
export function diffRows<T>(
  title: string,
  before: readonly T[],
  after: readonly T[],
  key: (row: T) => string,
): DiffSection {
  return asSection(compareRows(title, before, after, key));
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

/** Named values compared one by one: a row per value that changed, its change the row's own. */
function compareValues(title: string, values: [name: string, before: unknown, after: unknown][]): ComparedSection {
  const rows: ComparedRow[] = values
    .filter(([, a, b]) => leaf(a) !== leaf(b))
    .map(([name, a, b]) => ({
      kind: 'changed',
      name,
      changes: [{ field: '', before: kept(a), after: kept(b) }],
      contents: [],
    }));
  return { title, rows, kept: { before: [], after: [] } };
}

/** The settings: one row per field that changed, named as the editor names it. */
function settings(a: Module, b: Module): ComparedSection {
  const fields: [keyof Module, string][] = [
    ['game_title', 'Title'],
    ['game_description', 'Description'],
    ['days', 'Days'],
    ['daily_time_tokens', 'Daily time tokens'],
    ['recertify_months', 'Recertify every (months)'],
  ];
  return compareValues(
    'Settings',
    fields.map(([field, name]) => [name, a[field], b[field]]),
  );
}

function scoring(a: Module, b: Module): ComparedSection {
  return compareValues(
    'Scoring',
    changesOf(a.scoring ?? {}, b.scoring ?? {}).map((c) => [c.field, c.before, c.after]),
  );
}

function questionnaire(a: Questionnaire | null, b: Questionnaire | null): ComparedSection[] {
  if (a === null && b === null) return [];
  const empty: Questionnaire = { title: '', instructions: '', scale: [], domains: [], items: [] };
  const was = a ?? empty;
  const is = b ?? empty;
  const scale = compareRows('Questionnaire: answer scale', was.scale, is.scale, (s) => `Value ${s.value}`);
  return [
    compareValues('Questionnaire', [
      ['Title', was.title, is.title],
      ['Instructions', was.instructions, is.instructions],
    ]),
    scale,
    compareRows('Questionnaire: domains', was.domains, is.domains, (d) => d.id),
    compareRows('Questionnaire: items', was.items, is.items, (i) => i.id),
  ];
}

/** Every part that changed, in the editor's order. */
function compare(before: VersionContent, after: VersionContent): ComparedSection[] {
  const a = before.module;
  const b = after.module;
  const sections = [
    settings(a, b),
    compareRows('Gauges', gauges(a), gauges(b), (g) => g.name),
    compareRows('Objectives', a.objectives, b.objectives, (o) => o.name),
    compareRows('Actions', a.actions, b.actions, (x) => x.name),
    compareRows('Events', a.events ?? [], b.events ?? [], (e) => e.name),
    scoring(a, b),
    ...questionnaire(before.questionnaire, after.questionnaire),
  ];
  return sections.filter((s) => s.rows.length > 0 || reordered(s));
}

/** Every part of the module that changed from `before` to `after`, in the editor's order; [] when none did. */
export function diffVersions(before: VersionContent, after: VersionContent): DiffSection[] {
  return compare(before, after).map(asSection);
}

/** The fields of an audit entry: what each key was and became (null: nothing there). */
export interface KeyedChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * The changes of `diffVersions` as an audit entry's fields, one key per change:
 * "Section › Row › field" for a changed field (its leaves as they were and are), "Section › Row"
 * for a row added (null → what it holds) or removed (what it held → null), and
 * "Section › order" (the kept rows' names) when only their order changed.
 */
export function versionChanges(before: VersionContent, after: VersionContent): KeyedChanges {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  const held = (r: ComparedRow) => (r.contents.length > 0 ? r.contents.join('; ') : r.name);
  for (const section of compare(before, after)) {
    const at = (...parts: string[]) => [section.title, ...parts.filter((p) => p !== '')].join(PATH_SEPARATOR);
    for (const r of section.rows) {
      if (r.kind === 'added') [was[at(r.name)], is[at(r.name)]] = [null, held(r)];
      else if (r.kind === 'removed') [was[at(r.name)], is[at(r.name)]] = [held(r), null];
      else for (const c of r.changes) [was[at(r.name, c.field)], is[at(r.name, c.field)]] = [c.before, c.after];
    }
    if (reordered(section)) [was[at('order')], is[at('order')]] = [section.kept.before, section.kept.after];
  }
  return { before: was, after: is };
}
