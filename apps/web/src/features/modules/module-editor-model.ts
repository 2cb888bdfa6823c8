/**
 * The module editor's working copy: the module with its gauges as an ordered
 * list of rows (a map has no order to edit). Converting back and forth is
 * lossless, so editing in the tables and in JSON gives the same module.
 */
import {
  blankAction,
  type Action,
  type AddRemove,
  type EventChoice,
  type GameEvent,
  type Later,
  type Lesson,
  type Resource,
  type Module,
  type Objective,
  type Scoring,
} from '@airman/contracts/module.ts';
import { own } from '@airman/contracts/own.ts';
import { say } from '@airman/engine/check-messages.ts';
import { describeProblem } from '@airman/engine/problem-place.ts';

/**
 * `ref` is the name the actions use for this row. It follows `name` while the
 * name is unique, and stays put while the admin types a name another row has
 * (or had): typing 'Run' into 'Rest' on the way to 'Runner' must not hand
 * the actions of 'Run' to the renamed row.
 */
interface Linked {
  ref: string;
}

export interface GaugeRow extends Linked {
  name: string;
  value: number;
}

export interface ObjectiveRow extends Objective, Linked {}

/** The editor's tables, whose rows can be added, moved and removed. */
export type RowList = 'gauges' | 'objectives' | 'actions';

export interface EditorModel extends Omit<Module, 'starting_gauges' | 'objectives'> {
  gauges: GaugeRow[];
  objectives: ObjectiveRow[];
  /**
   * Each table's row keys, in row order: a row keeps its key when moved, so
   * its fields (some hold text until they lose focus) and the focus go with it
   * instead of staying at the position.
   */
  rowKeys: Record<RowList, number[]>;
  /** The events' row keys, in row order, as `rowKeys` for the other tables. */
  eventKeys: number[];
  /** Each event's choices' row keys, in the events' order. */
  choiceKeys: number[][];
  /** The next key to give a new row: keys are never reused. */
  nextRowKey: number;
}

export function toEditorModel(module: Module): EditorModel {
  const { starting_gauges, objectives, ...rest } = module;
  const gauges = Object.entries(starting_gauges).map(([name, value]) => ({ name, value, ref: name }));
  let key = 0;
  const keys = (n: number) => Array.from({ length: n }, () => key++);
  const rowKeys = {
    gauges: keys(gauges.length),
    objectives: keys(objectives.length),
    actions: keys(module.actions.length),
  };
  const events = module.events ?? [];
  const eventKeys = keys(events.length);
  const choiceKeys = events.map((e) => keys(e.choices.length));
  return {
    ...rest,
    gauges,
    objectives: objectives.map((o) => ({ ...o, ref: o.name })),
    rowKeys,
    eventKeys,
    choiceKeys,
    nextRowKey: key,
  };
}

/** A table's rows replaced, with their keys. */
function withRows<L extends RowList>(
  model: EditorModel,
  list: L,
  rows: EditorModel[L],
  keys: number[],
  nextRowKey = model.nextRowKey,
): EditorModel {
  const next: EditorModel = { ...model, rowKeys: { ...model.rowKeys, [list]: keys }, nextRowKey };
  next[list] = rows;
  return next;
}

/** Row `from` of a table moved to `to`, its key with it. */
export function moveRow<L extends RowList>(model: EditorModel, list: L, from: number, to: number): EditorModel {
  const rows = move<EditorModel[L][number]>(model[list], from, to) as EditorModel[L];
  return withRows(model, list, rows, move(model.rowKeys[list], from, to));
}

export function removeRow<L extends RowList>(model: EditorModel, list: L, index: number): EditorModel {
  const rows = model[list].filter((_: unknown, i: number) => i !== index) as EditorModel[L];
  return withRows(
    model,
    list,
    rows,
    model.rowKeys[list].filter((_, i) => i !== index),
  );
}

/**
 * Gauge row `index` removed, and with it what the module says of that gauge:
 * its results in every action and event choice, its daily change and its
 * healthy range, so no reference to a gauge that is gone is left behind (the
 * tables show results as a column per gauge). A reference another row shares
 * (duplicate names loaded from JSON) stays with that row.
 */
export function removeGauge(model: EditorModel, index: number): EditorModel {
  const row = model.gauges[index];
  const next = removeRow(model, 'gauges', index);
  if (!row || next.gauges.some((g) => g.ref === row.ref)) return next;
  const without = <V>(table: Readonly<Record<string, V>>): Record<string, V> =>
    Object.fromEntries(Object.entries(table).filter(([k]) => k !== row.ref));
  let result: EditorModel = {
    ...next,
    actions: next.actions.map((a) => mapLater({ ...a, results: without(a.results) }, without)),
  };
  result = setHealthyRange(setDailyChange(result, row.ref, null), row.ref, null);
  if (result.lessons) result.lessons = without(result.lessons);
  if (result.events) {
    result.events = result.events.map((e) => ({
      ...e,
      choices: e.choices.map((choice) => {
        const c = mapLater(choice, without);
        if (!c.results) return c;
        const { results: _old, ...rest } = c;
        const results = without(c.results);
        return Object.keys(results).length > 0 ? { ...rest, results } : rest;
      }),
    }));
  }
  return result;
}

/**
 * Objective row `index` removed, and every mention of it with it: the actions'
 * required objectives and the objectives they add or remove, and the events'
 * and their choices' likewise. A name another row shares stays.
 */
export function removeObjective(model: EditorModel, index: number): EditorModel {
  const row = model.objectives[index];
  const next = removeRow(model, 'objectives', index);
  if (!row || next.objectives.some((o) => o.ref === row.ref)) return next;
  const drop = (list: string[]) => list.filter((n) => n !== row.ref);
  const pair = (p: AddRemove): AddRemove => ({ add: drop(p.add), remove: drop(p.remove) });
  const result: EditorModel = {
    ...next,
    actions: next.actions.map((a) => ({
      ...a,
      required_objectives: drop(a.required_objectives),
      changes_objectives: pair(a.changes_objectives),
    })),
  };
  if (result.events) {
    result.events = result.events.map((e) => {
      const { required_objectives: required, ...event } = e;
      const kept = required ? drop(required) : [];
      return {
        ...event,
        ...(kept.length > 0 ? { required_objectives: kept } : {}),
        choices: e.choices.map((c) => {
          if (!c.changes_objectives) return c;
          const { changes_objectives: _old, ...choice } = c;
          const changes = pair(c.changes_objectives);
          return changes.add.length + changes.remove.length > 0 ? { ...choice, changes_objectives: changes } : choice;
        }),
      };
    });
  }
  return result;
}

/** A results table (gauge → change) with one gauge's change set, or with null removed. */
export function setResult(
  results: Readonly<Record<string, number>>,
  gauge: string,
  change: number | null,
): Record<string, number> {
  if (change === null) return Object.fromEntries(Object.entries(results).filter(([g]) => g !== gauge));
  return { ...results, [gauge]: change };
}

/**
 * The names a table's columns or rows show for a kind of reference: the
 * module's own (gauges or objectives, by the name the rules use), then any
 * other the rules mention (a module loaded from JSON may name one that does
 * not exist), so that it can be seen and cleared.
 */
export function referencedNames(
  defined: readonly string[],
  mentioned: Iterable<string>,
): {
  defined: string[];
  unknown: string[];
} {
  const known = new Set(defined);
  const unknown = new Set<string>();
  for (const name of mentioned) if (!known.has(name)) unknown.add(name);
  return { defined: [...new Set(defined)], unknown: [...unknown] };
}

/** The row to move to when row `index` of `keys` goes: the next one, else the one before, else none. */
export function neighbourKey(keys: readonly number[], index: number): number | null {
  return keys[index + 1] ?? keys[index - 1] ?? null;
}

/** A new row at the end of a table, with a key no row has had. */
export function addRow<L extends RowList>(model: EditorModel, list: L, row: EditorModel[L][number]): EditorModel {
  const rows = [...model[list], row] as EditorModel[L];
  return withRows(model, list, rows, [...model.rowKeys[list], model.nextRowKey], model.nextRowKey + 1);
}

/** Back to a module, keys in the format's order (spec §3), so its JSON reads the same. */
export function fromEditorModel(model: EditorModel): Module {
  return {
    id: model.id,
    game_title: model.game_title,
    game_description: model.game_description,
    game_type: model.game_type,
    archived_at: model.archived_at,
    days: model.days,
    daily_time_tokens: model.daily_time_tokens,
    starting_gauges: Object.fromEntries(model.gauges.map((g) => [g.name, g.value])),
    objectives: model.objectives.map((o) => ({ name: o.name, active: o.active, hidden: o.hidden })),
    actions: model.actions,
    // The optional rules, only when the module has them, so a module without them saves as it came.
    ...(model.daily_change ? { daily_change: model.daily_change } : {}),
    ...(model.healthy_range ? { healthy_range: model.healthy_range } : {}),
    ...(model.events ? { events: model.events } : {}),
    ...(model.scoring ? { scoring: model.scoring } : {}),
    ...(model.lessons ? { lessons: model.lessons } : {}),
    ...(model.events_drawn ? { events_drawn: model.events_drawn } : {}),
    // Empty: completed once (the key left out). Any number, 0 too, goes to the check, which says what is allowed.
    ...(model.recertify_months !== undefined && model.recertify_months !== null
      ? { recertify_months: model.recertify_months }
      : {}),
  };
}

/** A move's later consequences with their results tables passed through `f` (a gauge renamed or removed). */
function mapLater<T extends { later?: Later[] | undefined }>(
  move: T,
  f: (results: Readonly<Record<string, number>>) => Record<string, number>,
): T {
  if (!move.later) return move;
  return { ...move, later: move.later.map((l) => (l.results ? { ...l, results: f(l.results) } : l)) };
}

/** Why a gauge row whose name an earlier row has cannot be saved. */
export function duplicateGaugeMessage(name: string): string {
  return say('duplicateGauge', { name });
}

/** The gauge rows whose name an earlier row has: the module (a map) would keep only one of them. */
export function duplicateGaugeRows(model: EditorModel): number[] {
  const seen = new Set<string>();
  const rows: number[] = [];
  model.gauges.forEach((g, i) => {
    if (seen.has(g.name)) rows.push(i);
    seen.add(g.name);
  });
  return rows;
}

/**
 * Problems only the tables can have: rows with the same gauge name would
 * silently become one gauge of the module (a map), so Save waits for a fix.
 */
export function tableErrors(model: EditorModel): string[] {
  return duplicateGaugeRows(model).map((i) =>
    describeProblem(null, { path: ['starting_gauges'], message: duplicateGaugeMessage(model.gauges[i]?.name ?? '') }),
  );
}

/** Spec §5: number fields are parsed as integers; what is not a number becomes 0. */
export function parseInteger(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isNaN(n) ? 0 : n;
}

export function newObjective(existing: readonly ObjectiveRow[]): ObjectiveRow {
  const name = uniqueName(
    'New objective',
    existing.flatMap((o) => [o.name, o.ref]),
  );
  return { name, active: true, hidden: false, ref: name };
}

export function newAction(existing: readonly Action[]): Action {
  return blankAction(
    uniqueName(
      'New action',
      existing.map((a) => a.name),
    ),
  );
}

export function newGauge(existing: readonly GaugeRow[]): GaugeRow {
  const name = uniqueName(
    'gauge',
    existing.flatMap((g) => [g.name, g.ref]),
  );
  return { name, value: 50, ref: name };
}

function uniqueName(base: string, taken: string[]): string {
  if (!taken.includes(base)) return base;
  let i = 2;
  while (taken.includes(`${base} ${i}`)) i++;
  return `${base} ${i}`;
}

/** Moves item `from` to `to` in a copy of the list. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/**
 * The rows after renaming row `index`, and the reference to move (`from` → `to`).
 * A name is free when no other row has it as name or reference; only then does
 * the row's reference follow it. The actions' references move with it unless
 * another row shares this row's reference (duplicate names loaded from JSON):
 * then they stay with that row.
 */
function rename<R extends Linked & { name: string }>(rows: readonly R[], index: number, name: string) {
  const row = rows[index];
  if (row === undefined) return { rows: [...rows], move: null };
  const others = rows.filter((_, i) => i !== index);
  const free = !others.some((o) => o.name === name || o.ref === name);
  const shared = others.some((o) => o.ref === row.ref);
  const move = free && !shared && row.ref !== name ? { from: row.ref, to: name } : null;
  return { rows: rows.map((r, i) => (i === index ? { ...r, name, ref: free ? name : r.ref } : r)), move };
}

/** Renaming a gauge or objective renames every reference to it, so the module stays consistent. */
export function renameGauge(model: EditorModel, index: number, name: string): EditorModel {
  const { rows: gauges, move } = rename(model.gauges, index, name);
  if (!move) return { ...model, gauges };
  const renamed = <V>(table: Readonly<Record<string, V>>): Record<string, V> =>
    Object.fromEntries(Object.entries(table).map(([k, v]) => [k === move.from ? move.to : k, v]));
  const actions = model.actions.map((a) => mapLater({ ...a, results: renamed(a.results) }, renamed));
  const next: EditorModel = { ...model, gauges, actions };
  if (model.daily_change) next.daily_change = renamed(model.daily_change);
  if (model.healthy_range) next.healthy_range = renamed(model.healthy_range);
  if (model.lessons) next.lessons = renamed(model.lessons);
  if (model.events) {
    next.events = model.events.map((e) => ({
      ...e,
      choices: e.choices.map((c) => mapLater(c.results ? { ...c, results: renamed(c.results) } : c, renamed)),
    }));
  }
  return next;
}

export function renameObjective(model: EditorModel, index: number, name: string): EditorModel {
  const { rows: objectives, move } = rename(model.objectives, index, name);
  if (!move) return { ...model, objectives };
  const swap = (list: string[]) => list.map((n) => (n === move.from ? move.to : n));
  const actions = model.actions.map((a) => ({
    ...a,
    required_objectives: swap(a.required_objectives),
    changes_objectives: { add: swap(a.changes_objectives.add), remove: swap(a.changes_objectives.remove) },
  }));
  const next: EditorModel = { ...model, objectives, actions };
  if (model.events) {
    next.events = model.events.map((e) => ({
      ...e,
      ...(e.required_objectives ? { required_objectives: swap(e.required_objectives) } : {}),
      choices: e.choices.map((c) =>
        c.changes_objectives
          ? {
              ...c,
              changes_objectives: { add: swap(c.changes_objectives.add), remove: swap(c.changes_objectives.remove) },
            }
          : c,
      ),
    }));
  }
  return next;
}

/** A gauge's nightly change set (or, with null, removed); an empty table is dropped from the module. */
export function setDailyChange(model: EditorModel, gauge: string, change: number | null): EditorModel {
  const table = Object.fromEntries(Object.entries(model.daily_change ?? {}).filter(([g]) => g !== gauge));
  if (change !== null) table[gauge] = change;
  const { daily_change: _old, ...rest } = model;
  return Object.keys(table).length > 0 ? { ...rest, daily_change: table } : rest;
}

/** A gauge's healthy range set (or, with null, removed); an empty table is dropped from the module. */
export function setHealthyRange(model: EditorModel, gauge: string, range: [number, number] | null): EditorModel {
  const table = Object.fromEntries(Object.entries(model.healthy_range ?? {}).filter(([g]) => g !== gauge));
  if (range !== null) table[gauge] = range;
  const { healthy_range: _old, ...rest } = model;
  return Object.keys(table).length > 0 ? { ...rest, healthy_range: table } : rest;
}

/** An optional number field: '' means none; otherwise an integer as parseInteger reads it. */
export function parseOptionalInteger(text: string): number | null {
  return text.trim() === '' ? null : parseInteger(text);
}

/** The events, or none; an empty list is dropped from the module, as the other optional rules are. */
function withEvents(
  model: EditorModel,
  events: GameEvent[],
  eventKeys: number[],
  choiceKeys: number[][],
  nextRowKey = model.nextRowKey,
): EditorModel {
  const { events: _old, ...rest } = model;
  return { ...rest, ...(events.length > 0 ? { events } : {}), eventKeys, choiceKeys, nextRowKey };
}

/** A new event at the end of the events table: the whole run long, even odds, one choice. */
export function addEvent(model: EditorModel): EditorModel {
  const events = model.events ?? [];
  const name = uniqueName(
    'New event',
    events.map((e) => e.name),
  );
  const event: GameEvent = {
    name,
    text: 'Describe what happens.',
    days: [1, Math.max(1, model.days)],
    chance: 50,
    choices: [{ label: 'Carry on' }],
  };
  const k = model.nextRowKey;
  return withEvents(model, [...events, event], [...model.eventKeys, k], [...model.choiceKeys, [k + 1]], k + 2);
}

export function moveEvent(model: EditorModel, from: number, to: number): EditorModel {
  return withEvents(
    model,
    move(model.events ?? [], from, to),
    move(model.eventKeys, from, to),
    move(model.choiceKeys, from, to),
  );
}

export function removeEvent(model: EditorModel, index: number): EditorModel {
  const keep = <T>(list: readonly T[]) => list.filter((_, i) => i !== index);
  return withEvents(model, keep(model.events ?? []), keep(model.eventKeys), keep(model.choiceKeys));
}

/** Event `index` with `patch` applied; an optional field given as undefined is dropped. */
export function updateEvent(model: EditorModel, index: number, patch: Partial<GameEvent>): EditorModel {
  const events = (model.events ?? []).map((e, i) => (i === index ? withoutUndefined({ ...e, ...patch }) : e));
  return withEvents(model, events, model.eventKeys, model.choiceKeys);
}

/** A new choice at the end of event `index`'s choices. */
export function addChoice(model: EditorModel, index: number): EditorModel {
  const event = model.events?.[index];
  if (!event) return model;
  const label = uniqueName(
    'New choice',
    event.choices.map((c) => c.label),
  );
  const next = updateEvent(model, index, { choices: [...event.choices, { label }] });
  const choiceKeys = model.choiceKeys.map((keys, i) => (i === index ? [...keys, model.nextRowKey] : keys));
  return { ...next, choiceKeys, nextRowKey: model.nextRowKey + 1 };
}

export function removeChoice(model: EditorModel, index: number, choice: number): EditorModel {
  const event = model.events?.[index];
  if (!event) return model;
  const next = updateEvent(model, index, { choices: event.choices.filter((_, i) => i !== choice) });
  return {
    ...next,
    choiceKeys: model.choiceKeys.map((keys, i) => (i === index ? keys.filter((_, j) => j !== choice) : keys)),
  };
}

/** Choice `choice` of event `index` with `patch` applied; an optional field given as undefined is dropped. */
export function updateChoice(
  model: EditorModel,
  index: number,
  choice: number,
  patch: Partial<EventChoice>,
): EditorModel {
  const event = model.events?.[index];
  if (!event) return model;
  return updateEvent(model, index, {
    choices: event.choices.map((c, j) => (j === choice ? withoutUndefined({ ...c, ...patch }) : c)),
  });
}

/** A new later consequence: the next day, nothing yet; its text is the author's to write. */
export function newLater(): Later {
  return { in_days: 1, text: '' };
}

/** Later consequence `index` with `patch` applied; an optional field given as undefined is dropped. */
export function updateLater(list: readonly Later[], index: number, patch: Partial<Later>): Later[] {
  return list.map((l, i) => (i === index ? withoutUndefined({ ...l, ...patch }) : l));
}

/** An action or a choice with these later consequences; none is left out of the module. */
export function withLater<T extends { later?: Later[] | undefined }>(move: T, later: readonly Later[]): T {
  const { later: _old, ...rest } = move;
  return (later.length > 0 ? { ...rest, later: [...later] } : rest) as T;
}

/** A new resource of an event: its name and contact are the author's to write. */
export function newResource(): Resource {
  return { name: '', contact: '' };
}

/** An event's resources set: an empty list is left out of the module. */
export function setResources(model: EditorModel, index: number, resources: readonly Resource[]): EditorModel {
  return updateEvent(model, index, { resources: resources.length > 0 ? [...resources] : undefined });
}

/**
 * A gauge's lesson for a run below (low) or above (high) its healthy range
 * set, or, with '', removed; a gauge without either lesson, and a module
 * without any, are left out.
 */
export function setLesson(model: EditorModel, gauge: string, end: keyof Lesson, text: string): EditorModel {
  const lessons = Object.fromEntries(Object.entries(model.lessons ?? {}).filter(([g]) => g !== gauge));
  const lesson = withoutUndefined({ ...own(model.lessons ?? {}, gauge), [end]: text === '' ? undefined : text });
  if (Object.keys(lesson).length > 0) lessons[gauge] = lesson;
  const { lessons: _old, ...rest } = model;
  return Object.keys(lessons).length > 0 ? { ...rest, lessons } : rest;
}

/** The scoring with `patch` applied; fields given as undefined are dropped, and an empty scoring with them. */
export function updateScoring(model: EditorModel, patch: Partial<Scoring>): EditorModel {
  const scoring = withoutUndefined({ ...model.scoring, ...patch });
  const { scoring: _old, ...rest } = model;
  return Object.keys(scoring).length > 0 ? { ...rest, scoring } : rest;
}

/** A copy without the keys whose value is undefined (JSON would drop them; the editor's comparison must too). */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
