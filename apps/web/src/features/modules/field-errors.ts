/**
 * Where the editor shows an error of the Check (docs/decisions/013): on the
 * field its path names, found by the field's element id; on a row's first
 * field when it names the whole row; under a table when it names the whole
 * table. An error in a row's details (its objectives, inventory, later
 * consequences, choices) is kept for the row's first field too, which shows it
 * while the details are closed. Warnings stay in the Check.
 */
import type { Later } from '@airman/contracts/module.ts';
import type { Problem } from '@airman/engine/validate.ts';
import { resultColumns } from './components/result-cells.tsx';
import { tableRows } from './components/editor-table.tsx';
import {
  duplicateGaugeMessage,
  duplicateGaugeRows,
  referencedNames,
  type EditorModel,
  type ObjectiveRow,
} from './module-editor-model.ts';

export interface FieldErrors {
  /** A field's id → the messages of the errors it has. */
  fields: ReadonlyMap<string, readonly string[]>;
  /** A row's first field's id → the messages of the errors in the row's details. */
  details: ReadonlyMap<string, readonly string[]>;
  /** A table's id ('actions', or e.g. 'event-3-choices' for one in a row's details) → its own errors. */
  tables: ReadonlyMap<string, readonly string[]>;
}

type Path = Problem['path'];

interface Target {
  kind: 'field' | 'table';
  id: string;
  /** The first fields of the rows whose details hold it, outermost first. */
  within: string[];
}

const field = (id: string, within: string[] = []): Target => ({ kind: 'field', id, within });
const table = (id: string, within: string[] = []): Target => ({ kind: 'table', id, within });

/** The id of row `index` of a table, as the table gives it. */
const rowId = (prefix: string, keys: readonly number[], index: number) => tableRows(prefix, keys, '').row(index).id;

/** The result column of `gauge` among those the table shows for these results, or -1. */
function resultIndex(
  model: EditorModel,
  results: Iterable<Readonly<Record<string, number>> | undefined>,
  gauge: string | number | undefined,
): number {
  return typeof gauge === 'string' ? resultColumns(model.gauges, results).findIndex((c) => c.key === gauge) : -1;
}

/** The checkbox of objective `name` in column `column` of an objective matrix (objective-matrix.tsx), or null. */
function matrixCell(
  matrixId: string,
  objectives: readonly ObjectiveRow[],
  columns: readonly (readonly string[])[],
  column: number,
  name: string | undefined,
): string | null {
  if (name === undefined) return null;
  const { defined, unknown } = referencedNames(
    objectives.map((o) => o.ref),
    columns.flat(),
  );
  const row = [...defined, ...unknown].indexOf(name);
  return row < 0 ? null : `${matrixId}-${column}-${row}`;
}

/** Item `index` of a list, when the path gives a number. */
const at = <T>(list: readonly T[] | undefined, index: string | number | undefined): T | undefined =>
  typeof index === 'number' ? list?.[index] : undefined;

function settingsTarget([head, part, end]: Path): Target | null {
  switch (head) {
    case 'game_title':
      return field('module-title');
    case 'game_description':
      return field('module-description');
    case 'days':
      return field('module-days');
    case 'daily_time_tokens':
      return field('module-tokens');
    case 'recertify_months':
      return field('module-recertify');
    case 'scoring':
      if (part === 'objective_points') return field('scoring-objective-points');
      if (part === 'range_day_points') return field('scoring-range-points');
      if (part === 'stars') return field(end === 1 ? 'scoring-three-stars' : 'scoring-two-stars');
      return table('scoring');
    default:
      // The module as a whole (or a field the editor does not show): the Check alone says it.
      return null;
  }
}

/** A gauge's own fields: `starting_gauges` by the row's name, the other tables by the name the rules use. */
function gaugeTarget(model: EditorModel, head: string, [name, part]: Path): Target {
  if (typeof name !== 'string') return table('gauges');
  const index =
    head === 'starting_gauges'
      ? model.gauges.findIndex((g) => g.name === name)
      : model.gauges.findIndex((g) => g.ref === name);
  if (index < 0) return table('gauges');
  const id = rowId('gauge', model.rowKeys.gauges, index);
  switch (head) {
    case 'starting_gauges':
      // A name the module cannot hold is the name's error; any other, the starting value's.
      return field(`${id}-${name === '' || name === '__proto__' ? 'name' : 'value'}`);
    case 'daily_change':
      return field(`${id}-daily`);
    case 'healthy_range':
      return field(`${id}-healthy-${part === 1 ? 'max' : 'min'}`);
    default:
      return field(`${id}-lesson-${part === 'high' ? 'high' : 'low'}`);
  }
}

function objectiveTarget(model: EditorModel, [index, part]: Path): Target {
  if (!at(model.objectives, index) || typeof index !== 'number') return table('objectives');
  const id = rowId('objective', model.rowKeys.objectives, index);
  return field(`${id}-${part === 'active' || part === 'hidden' ? part : 'name'}`);
}

/** A later consequence of the action or choice whose details are `detailsId`. */
function laterTarget(
  model: EditorModel,
  detailsId: string,
  later: readonly Later[] | undefined,
  [index, part, gauge]: Path,
  within: string[],
): Target {
  if (!at(later, index)) return table(`${detailsId}-later`, within);
  const id = `${detailsId}-later-${String(index)}`;
  if (part === 'text') return field(`${id}-text`, within);
  if (part === 'next_day_tokens') return field(`${id}-tokens`, within);
  const n =
    part === 'results'
      ? resultIndex(
          model,
          (later ?? []).map((l) => l.results),
          gauge,
        )
      : -1;
  return field(n >= 0 ? `${id}-result-${n}` : `${id}-days`, within);
}

function actionTarget(model: EditorModel, [index, part, ...rest]: Path): Target {
  const action = at(model.actions, index);
  if (!action || typeof index !== 'number') return table('actions');
  const id = rowId('action', model.rowKeys.actions, index);
  const first = `${id}-name`;
  switch (part) {
    case 'token_cost':
      return field(`${id}-cost`);
    case 'set_cooldown':
      return field(`${id}-cooldown`);
    case 'disabled':
      return field(`${id}-disabled`);
    case 'results': {
      const n = resultIndex(
        model,
        model.actions.map((a) => a.results),
        rest[0],
      );
      return field(n >= 0 ? `${id}-result-${n}` : first);
    }
    case 'required_objectives':
    case 'changes_objectives': {
      const columns = [action.required_objectives, action.changes_objectives.add, action.changes_objectives.remove];
      const column = part === 'required_objectives' ? 0 : rest[0] === 'remove' ? 2 : 1;
      const name = at(columns[column], part === 'required_objectives' ? rest[0] : rest[1]);
      const cell = matrixCell(`${id}-objectives`, model.objectives, columns, column, name);
      return cell ? field(cell, [first]) : field(first);
    }
    case 'changes_inventory':
      return field(`${id}-inv-${rest[0] === 'remove' ? 'remove' : 'add'}`, [first]);
    case 'next_day_tokens':
      return field(`${id}-next-day`, [first]);
    case 'later':
      return laterTarget(model, id, action.later, rest, [first]);
    default:
      return field(first);
  }
}

function eventTarget(model: EditorModel, [index, part, ...rest]: Path): Target {
  const event = at(model.events, index);
  if (!event || typeof index !== 'number') return table('events');
  const id = rowId('event', model.eventKeys, index);
  const first = `${id}-name`;
  switch (part) {
    case 'days':
      return field(`${id}-${rest[0] === 1 ? 'to' : 'from'}`);
    case 'chance':
      return field(`${id}-chance`);
    case 'text':
      return field(`${id}-text`, [first]);
    case 'required_objectives': {
      const columns = [event.required_objectives ?? []];
      const cell = matrixCell(`${id}-objectives`, model.objectives, columns, 0, at(columns[0], rest[0]));
      return cell ? field(cell, [first]) : field(first);
    }
    case 'resources': {
      const [n, what] = rest;
      if (!at(event.resources, n)) return table(`${id}-resources`, [first]);
      return field(`${id}-resource-${String(n)}-${what === 'contact' ? 'contact' : 'name'}`, [first]);
    }
    case 'choices': {
      const [n, choicePart, ...more] = rest;
      const choice = at(event.choices, n);
      if (!choice || typeof n !== 'number') return table(`${id}-choices`, [first]);
      const cid = rowId(`${id}-choice`, model.choiceKeys[index] ?? [], n);
      const label = `${cid}-label`;
      switch (choicePart) {
        case 'token_cost':
          return field(`${cid}-cost`, [first]);
        case 'next_day_tokens':
          return field(`${cid}-next-day`, [first]);
        case 'risky':
          return field(`${cid}-risky`, [first]);
        case 'lesson':
          return field(`${cid}-lesson`, [first]);
        case 'results': {
          const r = resultIndex(
            model,
            event.choices.map((c) => c.results),
            more[0],
          );
          return field(r >= 0 ? `${cid}-result-${r}` : label, [first]);
        }
        case 'changes_objectives': {
          const columns = [choice.changes_objectives?.add ?? [], choice.changes_objectives?.remove ?? []];
          const column = more[0] === 'remove' ? 1 : 0;
          const cell = matrixCell(`${cid}-objectives`, model.objectives, columns, column, at(columns[column], more[1]));
          return cell ? field(cell, [first, label]) : field(label, [first]);
        }
        case 'changes_inventory':
          return field(`${cid}-inv-${more[0] === 'remove' ? 'remove' : 'add'}`, [first, label]);
        case 'later':
          return laterTarget(model, cid, choice.later, more, [first, label]);
        default:
          return field(label, [first]);
      }
    }
    default:
      return field(first);
  }
}

function targetOf(model: EditorModel, path: Path): Target | null {
  const [head, ...rest] = path;
  switch (head) {
    case 'starting_gauges':
    case 'daily_change':
    case 'healthy_range':
    case 'lessons':
      return gaugeTarget(model, head, rest);
    case 'objectives':
      return objectiveTarget(model, rest);
    case 'actions':
      return actionTarget(model, rest);
    case 'events':
      return eventTarget(model, rest);
    default:
      return settingsTarget(path);
  }
}

/** The errors of `problems` (the Check's, of the module made from `model`) and of the tables, by where they show. */
export function fieldErrors(model: EditorModel, problems: readonly Problem[]): FieldErrors {
  const fields = new Map<string, string[]>();
  const details = new Map<string, string[]>();
  const tables = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, message: string) =>
    map.set(key, [...(map.get(key) ?? []), message]);
  for (const p of problems) {
    if (p.severity !== 'error') continue;
    const target = targetOf(model, p.path);
    if (!target) continue;
    add(target.kind === 'field' ? fields : tables, target.id, p.message);
    for (const row of target.within) add(details, row, p.message);
  }
  for (const i of duplicateGaugeRows(model)) {
    add(fields, `${rowId('gauge', model.rowKeys.gauges, i)}-name`, duplicateGaugeMessage(model.gauges[i]?.name ?? ''));
  }
  return { fields, details, tables };
}
