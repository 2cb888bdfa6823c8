/**
 * The module editor's working copy: the module with its gauges as an ordered
 * list of rows (a map has no order to edit). Converting back and forth is
 * lossless, so editing in the tables and in JSON gives the same module.
 */
import { blankAction, type Action, type Module, type Objective } from '@airman/contracts/module.ts';

export interface GaugeRow {
  name: string;
  value: number;
}

export interface EditorModel extends Omit<Module, 'starting_gauges'> {
  gauges: GaugeRow[];
}

export function toEditorModel(module: Module): EditorModel {
  const { starting_gauges, ...rest } = module;
  return { ...rest, gauges: Object.entries(starting_gauges).map(([name, value]) => ({ name, value })) };
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
    objectives: model.objectives,
    actions: model.actions,
  };
}

/** Spec §5: number fields are parsed as integers; what is not a number becomes 0. */
export function parseInteger(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isNaN(n) ? 0 : n;
}

export function newObjective(existing: readonly Objective[]): Objective {
  return { name: uniqueName('New objective', existing.map((o) => o.name)), active: true, hidden: false };
}

export function newAction(existing: readonly Action[]): Action {
  return blankAction(uniqueName('New action', existing.map((a) => a.name)));
}

export function newGauge(existing: readonly GaugeRow[]): GaugeRow {
  return { name: uniqueName('gauge', existing.map((g) => g.name)), value: 50 };
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

/** Renaming a gauge or objective renames every reference to it, so the module stays consistent. */
export function renameGauge(model: EditorModel, index: number, name: string): EditorModel {
  const old = model.gauges[index]?.name;
  const gauges = model.gauges.map((g, i) => (i === index ? { ...g, name } : g));
  if (old === undefined) return { ...model, gauges };
  const actions = model.actions.map((a) => ({
    ...a,
    results: Object.fromEntries(Object.entries(a.results).map(([k, v]) => [k === old ? name : k, v])),
  }));
  return { ...model, gauges, actions };
}

export function renameObjective(model: EditorModel, index: number, name: string): EditorModel {
  const old = model.objectives[index]?.name;
  const objectives = model.objectives.map((o, i) => (i === index ? { ...o, name } : o));
  if (old === undefined) return { ...model, objectives };
  const swap = (list: string[]) => list.map((n) => (n === old ? name : n));
  const actions = model.actions.map((a) => ({
    ...a,
    required_objectives: swap(a.required_objectives),
    changes_objectives: { add: swap(a.changes_objectives.add), remove: swap(a.changes_objectives.remove) },
  }));
  return { ...model, objectives, actions };
}
