/**
 * The actions table: a row per action with its scalar fields and a result
 * column per gauge; the rest (objectives it needs, adds or removes, the
 * inventory it changes, tokens tomorrow) in the row's details, shown by its
 * expand button (docs/decisions/013).
 */
import { TextInput } from '@carbon/react';
import type { Action } from '@airman/contracts/module.ts';
import { ACTION_LABELS, CHANGE_LABELS, hinted, LABEL_HINTS, SECTION_LABELS } from '@airman/contracts/module-labels.ts';
import {
  addRow,
  moveRow,
  newAction,
  parseInteger,
  parseOptionalInteger,
  removeRow,
  withLater,
  type GaugeRow,
  type ObjectiveRow,
} from '../module-editor-model.ts';
import {
  checkColumn,
  controlsColumn,
  nameColumn,
  numberColumn,
  resultsColumn,
  type Column,
} from './editor-columns.tsx';
import { labelOf, rowName, tableRows, useExpandedRows, type FocusSoon, type TableProps } from './editor-table.tsx';
import { ExpandableTable } from './expandable-table.tsx';
import { TableErrors, useInvalid } from './field-errors-context.tsx';
import { ItemsInput } from './items-input.tsx';
import { LaterTable } from './later-table.tsx';
import { ObjectiveMatrix } from './objective-matrix.tsx';
import { resultColumns } from './result-cells.tsx';
import { AddButton } from './row-controls.tsx';

const ADD_ID = 'add-action';

export function ActionsTable({ model, locked, setModel, focusSoon }: TableProps) {
  const rows = tableRows('action', model.rowKeys.actions, ADD_ID);
  const expanded = useExpandedRows(rows);
  const changeAction = (i: number, update: (a: Action) => Action) =>
    setModel((m) => ({ ...m, actions: m.actions.map((a, j) => (j === i ? update(a) : a)) }));
  const setAction = (i: number, patch: Partial<Action>) => changeAction(i, (a) => ({ ...a, ...patch }));
  const columns: Column<Action>[] = [
    nameColumn({
      label: ACTION_LABELS.name,
      value: (a) => a.name,
      onChange: (name, { index }) => setAction(index, { name }),
    }),
    numberColumn({
      label: ACTION_LABELS.token_cost,
      field: 'cost',
      min: 0,
      value: (a) => a.token_cost,
      onChange: (text, { index }) => setAction(index, { token_cost: parseInteger(text) }),
    }),
    numberColumn({
      label: ACTION_LABELS.set_cooldown,
      field: 'cooldown',
      min: 0,
      value: (a) => a.set_cooldown,
      onChange: (text, { index }) => setAction(index, { set_cooldown: parseInteger(text) }),
    }),
    checkColumn({
      label: ACTION_LABELS.disabled,
      field: 'disabled',
      value: (a) => a.disabled,
      onChange: (disabled, { index }) => setAction(index, { disabled }),
    }),
    resultsColumn({
      results: resultColumns(
        model.gauges,
        model.actions.map((a) => a.results),
      ),
      value: (a) => a.results,
      onChange: (results, { index }) => setAction(index, { results }),
    }),
    controlsColumn({
      rows,
      count: model.actions.length,
      focusSoon,
      onMove: (i, to) => setModel((m) => moveRow(m, 'actions', i, to)),
      onRemove: (i) => setModel((m) => removeRow(m, 'actions', i)),
    }),
  ];
  return (
    <section aria-labelledby="actions-title">
      <h3 id="actions-title">{SECTION_LABELS.actions}</h3>
      <p className="editor-note">
        A result changes its gauge when the action is taken; leave it blank for none. A row&apos;s details hold the
        objectives it needs, adds or removes and the inventory it changes.
      </p>
      {model.actions.length > 0 && (
        <ExpandableTable
          labelledBy="actions-title"
          className="actions-table"
          columns={columns}
          items={model.actions}
          expanded={expanded}
          locked={locked}
          who={(a, i) => rowName('action', a.name, i)}
          details={(a, i, { id, who }) => (
            <ActionDetails
              id={id}
              who={who}
              action={a}
              objectives={model.objectives}
              gauges={model.gauges}
              disabled={locked}
              focusSoon={focusSoon}
              change={(update) => changeAction(i, update)}
            />
          )}
        />
      )}
      <TableErrors id="actions" />
      <AddButton
        id={ADD_ID}
        disabled={locked}
        focusSoon={focusSoon}
        newRowField={rows.firstField(model.nextRowKey)}
        onAdd={() => setModel((m) => addRow(m, 'actions', newAction(m.actions)))}
      >
        Add Action
      </AddButton>
    </section>
  );
}

/**
 * An action's details: the objectives it needs, adds and removes, the
 * inventory it changes, the tokens it moves to tomorrow and its later
 * consequences.
 */
function ActionDetails({
  id,
  who,
  action: a,
  objectives,
  gauges,
  disabled,
  focusSoon,
  change,
}: {
  id: string;
  who: string;
  action: Action;
  objectives: readonly ObjectiveRow[];
  gauges: readonly GaugeRow[];
  disabled: boolean;
  focusSoon: FocusSoon;
  change(update: (a: Action) => Action): void;
}) {
  const set = (patch: Partial<Action>) => change((x) => ({ ...x, ...patch }));
  const nextDayInvalid = useInvalid(`${id}-next-day`);
  return (
    <>
      <div className="editor-details__row">
        <ObjectiveMatrix
          id={`${id}-objectives`}
          who={who}
          objectives={objectives}
          disabled={disabled}
          columns={[
            {
              header: ACTION_LABELS.required_objectives,
              value: a.required_objectives,
              onChange: (v) => set({ required_objectives: v }),
            },
            {
              header: CHANGE_LABELS.changes_objectives.add,
              value: a.changes_objectives.add,
              onChange: (v) => set({ changes_objectives: { ...a.changes_objectives, add: v } }),
            },
            {
              header: CHANGE_LABELS.changes_objectives.remove,
              value: a.changes_objectives.remove,
              onChange: (v) => set({ changes_objectives: { ...a.changes_objectives, remove: v } }),
            },
          ]}
        />
        <div className="editor-details__fields">
          <ItemsInput
            id={`${id}-inv-add`}
            labelText={labelOf(hinted(CHANGE_LABELS.changes_inventory.add, LABEL_HINTS.items), who)}
            value={a.changes_inventory.add}
            disabled={disabled}
            onChange={(v) => set({ changes_inventory: { ...a.changes_inventory, add: v } })}
          />
          <ItemsInput
            id={`${id}-inv-remove`}
            labelText={labelOf(hinted(CHANGE_LABELS.changes_inventory.remove, LABEL_HINTS.items), who)}
            value={a.changes_inventory.remove}
            disabled={disabled}
            onChange={(v) => set({ changes_inventory: { ...a.changes_inventory, remove: v } })}
          />
          <TextInput
            id={`${id}-next-day`}
            size="sm"
            labelText={labelOf(hinted(ACTION_LABELS.next_day_tokens, LABEL_HINTS.signed), who)}
            type="number"
            step={1}
            value={a.next_day_tokens === undefined ? '' : String(a.next_day_tokens)}
            disabled={disabled}
            {...nextDayInvalid}
            onChange={(e) => {
              const value = parseOptionalInteger(e.target.value);
              change((x) => {
                const { next_day_tokens: _old, ...rest } = x;
                return value === null ? rest : { ...rest, next_day_tokens: value };
              });
            }}
          />
        </div>
      </div>
      <LaterTable
        id={id}
        who={who}
        later={a.later}
        gauges={gauges}
        disabled={disabled}
        focusSoon={focusSoon}
        onChange={(later) => change((x) => withLater(x, later))}
      />
    </>
  );
}
