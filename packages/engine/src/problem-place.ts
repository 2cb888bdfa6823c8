/**
 * Where a problem of the Check is, in the words of the module editor: its
 * section, the row by its name (by its number while it has none) and the
 * column, e.g. 'Actions, “Go for a run”, Token cost'. The Check's list and the
 * server's refusal put it before the message (`${place}: ${message}`).
 *
 * The module may be one the schema refused: every name is read with care.
 */

import {
  ACTION_LABELS,
  CHANGE_LABELS,
  CHOICE_LABELS,
  EVENT_LABELS,
  GAUGE_LABELS,
  LATER_LABELS,
  OBJECTIVE_LABELS,
  RESOURCE_LABELS,
  SCORING_LABELS,
  SECTION_LABELS,
  SETTINGS_LABELS,
} from '@airman/contracts/module-labels.ts';

type Path = readonly (string | number)[];

/** The editor's label (contracts module-labels.ts) of each field of the settings, the scoring and a row, by its name in the module. */
const SETTINGS: Record<string, string> = SETTINGS_LABELS;
const SCORING: Record<string, string> = {
  objective_points: SCORING_LABELS.objective_points,
  range_day_points: SCORING_LABELS.range_day_points,
  stars: SCORING_LABELS.stars,
};
const OBJECTIVE: Record<string, string> = OBJECTIVE_LABELS;
/** An action's fields and an event choice's. */
const MOVE: Record<string, string> = {
  name: ACTION_LABELS.name,
  label: CHOICE_LABELS.label,
  token_cost: ACTION_LABELS.token_cost,
  set_cooldown: ACTION_LABELS.set_cooldown,
  disabled: ACTION_LABELS.disabled,
  results: ACTION_LABELS.results,
  required_objectives: ACTION_LABELS.required_objectives,
  next_day_tokens: ACTION_LABELS.next_day_tokens,
  later: ACTION_LABELS.later,
};
const EVENT: Record<string, string> = {
  name: EVENT_LABELS.name,
  text: EVENT_LABELS.text,
  days: `${EVENT_LABELS.first_day} and ${EVENT_LABELS.last_day}`,
  chance: EVENT_LABELS.chance,
  required_objectives: EVENT_LABELS.required_objectives,
  choices: EVENT_LABELS.choices,
  resources: EVENT_LABELS.resources,
};
const LATER: Record<string, string> = LATER_LABELS;
const RESOURCE: Record<string, string> = RESOURCE_LABELS;
/** The module's tables by gauge name, each a column (or two) of the gauges table. */
const GAUGE_FIELD: Record<string, string> = {
  starting_gauges: GAUGE_LABELS.starting_gauges,
  daily_change: GAUGE_LABELS.daily_change,
  healthy_range: GAUGE_LABELS.healthy_range,
  lessons: GAUGE_LABELS.lessons,
};
const OBJECTIVE_CHANGE: Record<string, string> = CHANGE_LABELS.changes_objectives;
const INVENTORY_CHANGE: Record<string, string> = CHANGE_LABELS.changes_inventory;

const quoted = (name: string) => `“${name}”`;

/** The value at `key` of `value` when it is an object or array, else undefined. */
function at(value: unknown, key: string | number): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string | number, unknown>)[key] : undefined;
}

/** A row by its name, or by its number while the name is blank (or not text). */
function row(item: unknown, index: string | number, nameField: string): string {
  const name = at(item, nameField);
  if (typeof name === 'string' && name.trim() !== '') return quoted(name.trim());
  return typeof index === 'number' ? `row ${index + 1}` : quoted(index);
}

/** A field of a list of names (objectives, items): the list's column, and the name when the path reaches it. */
function inList(label: string, list: unknown, rest: Path): string[] {
  if (rest.length === 0) return [label];
  const name = at(list, rest[0]!);
  return [typeof name === 'string' && name.trim() !== '' ? `${label} ${quoted(name.trim())}` : label];
}

/** A field of an action or an event's choice. */
function moveField(move: unknown, rest: Path): string[] {
  const [field, ...more] = rest;
  if (field === undefined) return [];
  if (field === 'results') return more.length ? [`Result for ${quoted(String(more[0]))}`] : [MOVE.results!];
  if (field === 'changes_objectives' || field === 'changes_inventory') {
    const labels = field === 'changes_objectives' ? OBJECTIVE_CHANGE : INVENTORY_CHANGE;
    const [kind, ...inside] = more;
    if (kind === undefined) return [ACTION_LABELS[field]];
    return inList(labels[kind] ?? String(kind), at(at(move, field), kind), inside);
  }
  if (field === 'required_objectives') return inList(MOVE[field]!, at(move, field), more);
  if (field === 'later') {
    const [k, ...inside] = more;
    if (k === undefined) return [MOVE.later!];
    const [laterField, ...deeper] = inside;
    const place = [`Later consequence ${typeof k === 'number' ? k + 1 : String(k)}`];
    if (laterField === undefined) return place;
    if (laterField === 'results' && deeper.length) return [...place, `Result for ${quoted(String(deeper[0]))}`];
    return [...place, LATER[laterField] ?? String(laterField)];
  }
  return [MOVE[field] ?? String(field), ...more.map(String)];
}

/** A field of an event. */
function eventField(event: unknown, rest: Path): string[] {
  const [field, ...more] = rest;
  if (field === undefined) return [];
  if (field === 'days' && more.length)
    return [more[0] === 0 ? EVENT_LABELS.first_day : more[0] === 1 ? EVENT_LABELS.last_day : 'Days'];
  if (field === 'required_objectives') return inList(EVENT[field]!, at(event, field), more);
  if (field === 'choices' && more.length) {
    const [j, ...inside] = more;
    const choice = at(at(event, 'choices'), j!);
    // 'Choice “Stay in”', or 'Choice 2' while it has no label.
    const name = row(choice, j!, 'label').replace(/^row /, '');
    return [`${CHOICE_LABELS.label} ${name}`, ...moveField(choice, inside)];
  }
  if (field === 'resources' && more.length) {
    const [k, ...inside] = more;
    const resource = at(at(event, 'resources'), k!);
    const place = [`${EVENT_LABELS.resources}, ${row(resource, k!, 'name')}`];
    return inside.length ? [...place, RESOURCE[inside[0]!] ?? String(inside[0])] : place;
  }
  return [EVENT[field] ?? String(field), ...more.map(String)];
}

/** The parts of the place, from the section down. */
function parts(module: unknown, path: Path): string[] {
  const [top, ...rest] = path;
  if (top === undefined) return [];
  const [index, ...inside] = rest;
  if (typeof top === 'string' && Object.hasOwn(SETTINGS, top)) return [SECTION_LABELS.settings, SETTINGS[top]!];
  if (typeof top === 'string' && Object.hasOwn(GAUGE_FIELD, top)) {
    const column = GAUGE_FIELD[top]!;
    // No gauge, or a gauge without a name (its row's name field): the section.
    if (index === undefined || String(index).trim() === '') return [SECTION_LABELS.gauges];
    const gauge = quoted(String(index));
    const [field] = inside;
    if (top === 'healthy_range' && (field === 0 || field === 1))
      return [SECTION_LABELS.gauges, gauge, field === 0 ? GAUGE_LABELS.healthy_from : GAUGE_LABELS.healthy_to];
    if (top === 'lessons' && (field === 'low' || field === 'high'))
      return [SECTION_LABELS.gauges, gauge, field === 'low' ? GAUGE_LABELS.lesson_low : GAUGE_LABELS.lesson_high];
    return [SECTION_LABELS.gauges, gauge, column];
  }
  if (top === 'objectives' || top === 'actions' || top === 'events') {
    const section = SECTION_LABELS[top];
    if (index === undefined) return [section];
    const item = at(at(module, top), index);
    const place = [section, row(item, index, 'name')];
    if (top === 'objectives') return inside.length ? [...place, OBJECTIVE[inside[0]!] ?? String(inside[0])] : place;
    return [...place, ...(top === 'actions' ? moveField(item, inside) : eventField(item, inside))];
  }
  if (top === 'scoring') {
    if (index === undefined) return [SECTION_LABELS.scoring];
    if (index === 'stars' && (inside[0] === 0 || inside[0] === 1))
      return [SECTION_LABELS.scoring, inside[0] === 0 ? SCORING_LABELS.two_stars : SCORING_LABELS.three_stars];
    return [SECTION_LABELS.scoring, SCORING[index] ?? String(index)];
  }
  // Fields the editor does not show (id, game_type, archived_at, a field the format lacks): named as in the JSON.
  return [`Module JSON, ${quoted(path.map(String).join('.'))}`];
}

/**
 * Where `path` is in `module`, as the editor labels it: '' for the module as a
 * whole, else e.g. 'Settings, Days', 'Gauges, “mental”, Healthy from',
 * 'Events, “Storm”, Choice “Stay in”, Token cost'.
 */
export function problemPlace(module: unknown, path: Path): string {
  return parts(module, path).join(', ');
}

/** A problem as the Check lists it and the server tells it: 'Place: Message.', or the message alone for the whole module. */
export function describeProblem(module: unknown, problem: { path: Path; message: string }): string {
  const place = problemPlace(module, problem.path);
  return place ? `${place}: ${problem.message}` : problem.message;
}
