/**
 * The actions table: a row per action with its scalar fields and a result
 * column per gauge; the rest (objectives it needs, adds or removes, the
 * inventory it changes, tokens tomorrow) in the row's details, shown by its
 * expand button (docs/decisions/013).
 */
import { TextInput } from '@carbon/react';
import type { Action } from '@airman/contracts/module.ts';
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
import { CheckCell, NameCell, NumberCell } from './editor-cells.tsx';
import {
  EditorTable,
  ExpandableRow,
  labelOf,
  nameLabel,
  rowName,
  tableRows,
  useExpandedRows,
  type FocusSoon,
  type TableProps,
} from './editor-table.tsx';
import { TableErrors, useInvalid } from './field-errors-context.tsx';
import { ItemsInput } from './items-input.tsx';
import { LaterTable } from './later-table.tsx';
import { ObjectiveMatrix } from './objective-matrix.tsx';
import { ResultCells, resultColumns, ResultsHead } from './result-cells.tsx';
import { AddButton, RowControls } from './row-controls.tsx';

const ADD_ID = 'add-action';

export function ActionsTable({ model, locked, setModel, focusSoon }: TableProps) {
  const rows = tableRows('action', model.rowKeys.actions, ADD_ID);
  const expanded = useExpandedRows(rows);
  const results = resultColumns(
    model.gauges,
    model.actions.map((a) => a.results),
  );
  // Expand, name, cost, cooldown, disabled, the results, the row's controls.
  const columnCount = 5 + results.length + 1;
  const changeAction = (i: number, update: (a: Action) => Action) =>
    setModel((m) => ({ ...m, actions: m.actions.map((a, j) => (j === i ? update(a) : a)) }));
  const setAction = (i: number, patch: Partial<Action>) => changeAction(i, (a) => ({ ...a, ...patch }));
  return (
    <section aria-labelledby="actions-title">
      <h3 id="actions-title">Actions</h3>
      <p className="editor-note">
        A result changes its gauge when the action is taken; leave it blank for none. A row&apos;s details hold the
        objectives it needs, adds or removes and the inventory it changes.
      </p>
      {model.actions.length > 0 && (
        <EditorTable
          labelledBy="actions-title"
          // Its rows' details buttons take focus, locked or not.
          scrollerFocusable={false}
          className="actions-table"
          head={
            <ResultsHead
              columns={results}
              before={[
                { label: 'Details', hidden: true, className: 'editor-table__expand' },
                { label: 'Action' },
                { label: 'Token cost', className: 'editor-table__number' },
                { label: 'Cooldown (days)', className: 'editor-table__number' },
                { label: 'Disabled', className: 'editor-table__check' },
              ]}
              after={[{ label: 'Move or remove', hidden: true }]}
            />
          }
        >
          {model.actions.map((a, i) => {
            const row = expanded.row(i);
            const { id } = row;
            const who = rowName('action', a.name, i);
            return (
              <ExpandableRow
                key={row.key}
                row={row}
                who={who}
                columns={columnCount}
                details={
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
                }
              >
                <NameCell
                  id={`${id}-name`}
                  label={nameLabel('Action', i)}
                  value={a.name}
                  disabled={locked}
                  onChange={(name) => setAction(i, { name })}
                />
                <NumberCell
                  id={`${id}-cost`}
                  label="Token cost"
                  who={who}
                  min={0}
                  value={a.token_cost}
                  disabled={locked}
                  onChange={(text) => setAction(i, { token_cost: parseInteger(text) })}
                />
                <NumberCell
                  id={`${id}-cooldown`}
                  label="Cooldown (days)"
                  who={who}
                  min={0}
                  value={a.set_cooldown}
                  disabled={locked}
                  onChange={(text) => setAction(i, { set_cooldown: parseInteger(text) })}
                />
                <CheckCell
                  id={`${id}-disabled`}
                  label="Disabled"
                  who={who}
                  checked={a.disabled}
                  disabled={locked}
                  onChange={(disabled) => setAction(i, { disabled })}
                />
                <ResultCells
                  idPrefix={id}
                  who={who}
                  columns={results}
                  results={a.results}
                  disabled={locked}
                  onChange={(next) => setAction(i, { results: next })}
                />
                <RowControls
                  idPrefix={id}
                  label={who}
                  index={i}
                  count={model.actions.length}
                  disabled={locked}
                  focusSoon={focusSoon}
                  afterRemove={rows.afterRemove(i)}
                  onMove={(to) => setModel((m) => moveRow(m, 'actions', i, to))}
                  onRemove={() => setModel((m) => removeRow(m, 'actions', i))}
                />
              </ExpandableRow>
            );
          })}
        </EditorTable>
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
              header: 'Required',
              value: a.required_objectives,
              onChange: (v) => set({ required_objectives: v }),
            },
            {
              header: 'Added',
              value: a.changes_objectives.add,
              onChange: (v) => set({ changes_objectives: { ...a.changes_objectives, add: v } }),
            },
            {
              header: 'Removed',
              value: a.changes_objectives.remove,
              onChange: (v) => set({ changes_objectives: { ...a.changes_objectives, remove: v } }),
            },
          ]}
        />
        <div className="editor-details__fields">
          <ItemsInput
            id={`${id}-inv-add`}
            labelText={labelOf('Inventory added (comma-separated)', who)}
            value={a.changes_inventory.add}
            disabled={disabled}
            onChange={(v) => set({ changes_inventory: { ...a.changes_inventory, add: v } })}
          />
          <ItemsInput
            id={`${id}-inv-remove`}
            labelText={labelOf('Inventory removed (comma-separated)', who)}
            value={a.changes_inventory.remove}
            disabled={disabled}
            onChange={(v) => set({ changes_inventory: { ...a.changes_inventory, remove: v } })}
          />
          <TextInput
            id={`${id}-next-day`}
            size="sm"
            labelText={labelOf('Tokens tomorrow (+/−)', who)}
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
