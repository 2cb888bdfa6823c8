/**
 * Where a problem of the Check is, in the words of the module editor: its
 * section, the row by its name (by its number while it has none) and the
 * column, e.g. 'Actions, “Go for a run”, Token cost'. The Check's list and the
 * server's refusal put it before the message (`${place}: ${message}`).
 *
 * The module may be one the schema refused: every name is read with care.
 */

type Path = readonly (string | number)[];

/** The editor's label for each field of the settings, the scoring and a row. */
const SETTINGS: Record<string, string> = {
  game_title: 'Title',
  days: 'Days',
  daily_time_tokens: 'Daily time tokens',
  game_description: 'Description',
};
const SCORING: Record<string, string> = {
  objective_points: 'Points per objective',
  range_day_points: 'Points per gauge-day in range',
  stars: 'Two and three stars',
};
const OBJECTIVE: Record<string, string> = { name: 'Objective', active: 'Active', hidden: 'Hidden' };
const MOVE: Record<string, string> = {
  name: 'Action',
  label: 'Choice',
  token_cost: 'Token cost',
  set_cooldown: 'Cooldown (days)',
  disabled: 'Disabled',
  results: 'Results',
  required_objectives: 'Required',
  next_day_tokens: 'Tokens tomorrow',
  later: 'Later consequences',
};
const EVENT: Record<string, string> = {
  name: 'Event',
  text: 'What happens',
  days: 'First day and Last day',
  chance: 'Chance (%)',
  required_objectives: 'Only while active',
  choices: 'Choices',
  resources: 'Where to find help',
};
const LATER: Record<string, string> = {
  in_days: 'In days',
  text: 'What comes back',
  next_day_tokens: 'Tokens that day',
  results: 'Results',
};
const RESOURCE: Record<string, string> = { name: 'Resource', contact: 'Contact' };
const GAUGE_FIELD: Record<string, string> = {
  starting_gauges: 'Starting value',
  daily_change: 'Daily change',
  healthy_range: 'Healthy range',
  lessons: 'Lessons',
};
const OBJECTIVE_CHANGE: Record<string, string> = { add: 'Added', remove: 'Removed' };
const INVENTORY_CHANGE: Record<string, string> = { add: 'Inventory added', remove: 'Inventory removed' };

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
  if (field === 'results') return more.length ? [`Result for ${quoted(String(more[0]))}`] : ['Results'];
  if (field === 'changes_objectives' || field === 'changes_inventory') {
    const labels = field === 'changes_objectives' ? OBJECTIVE_CHANGE : INVENTORY_CHANGE;
    const [kind, ...inside] = more;
    if (kind === undefined) return [field === 'changes_objectives' ? 'Objectives' : 'Inventory'];
    return inList(labels[kind] ?? String(kind), at(at(move, field), kind), inside);
  }
  if (field === 'required_objectives') return inList(MOVE[field]!, at(move, field), more);
  if (field === 'later') {
    const [k, ...inside] = more;
    if (k === undefined) return ['Later consequences'];
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
  if (field === 'days' && more.length) return [more[0] === 0 ? 'First day' : more[0] === 1 ? 'Last day' : 'Days'];
  if (field === 'required_objectives') return inList(EVENT[field]!, at(event, field), more);
  if (field === 'choices' && more.length) {
    const [j, ...inside] = more;
    const choice = at(at(event, 'choices'), j!);
    // 'Choice “Stay in”', or 'Choice 2' while it has no label.
    const name = row(choice, j!, 'label').replace(/^row /, '');
    return [`Choice ${name}`, ...moveField(choice, inside)];
  }
  if (field === 'resources' && more.length) {
    const [k, ...inside] = more;
    const resource = at(at(event, 'resources'), k!);
    const place = [`Where to find help, ${row(resource, k!, 'name')}`];
    return inside.length ? [...place, RESOURCE[inside[0]!] ?? String(inside[0])] : place;
  }
  return [EVENT[field] ?? String(field), ...more.map(String)];
}

/** The parts of the place, from the section down. */
function parts(module: unknown, path: Path): string[] {
  const [top, ...rest] = path;
  if (top === undefined) return [];
  const [index, ...inside] = rest;
  if (typeof top === 'string' && Object.hasOwn(SETTINGS, top)) return ['Settings', SETTINGS[top]!];
  if (typeof top === 'string' && Object.hasOwn(GAUGE_FIELD, top)) {
    const column = GAUGE_FIELD[top]!;
    // No gauge, or a gauge without a name (its row's name field): the section.
    if (index === undefined || String(index).trim() === '') return ['Gauges'];
    const gauge = quoted(String(index));
    const [field] = inside;
    if (top === 'healthy_range' && (field === 0 || field === 1))
      return ['Gauges', gauge, field === 0 ? 'Healthy from' : 'Healthy to'];
    if (top === 'lessons' && (field === 'low' || field === 'high'))
      return ['Gauges', gauge, field === 'low' ? 'Lesson when low' : 'Lesson when high'];
    return ['Gauges', gauge, column];
  }
  if (top === 'objectives' || top === 'actions' || top === 'events') {
    const section = top === 'objectives' ? 'Objectives' : top === 'actions' ? 'Actions' : 'Events';
    if (index === undefined) return [section];
    const item = at(at(module, top), index);
    const place = [section, row(item, index, 'name')];
    if (top === 'objectives') return inside.length ? [...place, OBJECTIVE[inside[0]!] ?? String(inside[0])] : place;
    return [...place, ...(top === 'actions' ? moveField(item, inside) : eventField(item, inside))];
  }
  if (top === 'scoring') {
    if (index === undefined) return ['Scoring'];
    if (index === 'stars' && (inside[0] === 0 || inside[0] === 1))
      return ['Scoring', inside[0] === 0 ? 'Two stars from (points)' : 'Three stars from (points)'];
    return ['Scoring', SCORING[index] ?? String(index)];
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
