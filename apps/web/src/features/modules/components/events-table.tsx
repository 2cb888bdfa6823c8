/**
 * The events table: a row per event with its window and chance; its details
 * (expand button) hold what happens, the objectives it waits for, and its
 * choices as a table of their own, a result column per gauge, each choice's
 * objectives and inventory in its own details (docs/decisions/013).
 */
import { TextArea } from '@carbon/react';
import type { AddRemove, EventChoice, GameEvent } from '@airman/contracts/module.ts';
import {
  addChoice,
  addEvent,
  moveEvent,
  parseInteger,
  parseOptionalInteger,
  removeChoice,
  removeEvent,
  setResources,
  updateChoice,
  updateEvent,
  type EditorModel,
  type GaugeRow,
  type ObjectiveRow,
} from '../module-editor-model.ts';
import { NameCell, NumberCell } from './editor-cells.tsx';
import {
  EditorTable,
  ExpandableRow,
  Header,
  labelOf,
  nameLabel,
  rowName,
  tableRows,
  useExpandedRows,
  type FocusSoon,
  type TableProps,
} from './editor-table.tsx';
import { TableErrors, useInvalidTextArea } from './field-errors-context.tsx';
import { ItemsInput } from './items-input.tsx';
import { LaterTable } from './later-table.tsx';
import { ObjectiveMatrix } from './objective-matrix.tsx';
import { ResultCells, resultColumns, ResultsHead } from './result-cells.tsx';
import { ResourcesTable } from './resources-table.tsx';
import { AddButton, RemoveCell, RowControls } from './row-controls.tsx';

/** An event may offer at most this many choices (the module format's limit). */
const MAX_CHOICES = 6;
const ADD_ID = 'add-event';

/** An add/remove pair that adds and removes nothing is left out of the module. */
const optionalPair = (pair: AddRemove): AddRemove | undefined =>
  pair.add.length + pair.remove.length > 0 ? pair : undefined;
const none: AddRemove = { add: [], remove: [] };

export function EventsTable({ model, locked, setModel, focusSoon }: TableProps) {
  const events = model.events ?? [];
  const rows = tableRows('event', model.eventKeys, ADD_ID);
  const expanded = useExpandedRows(rows);
  // Expand, name, first day, last day, chance, choices, the row's controls.
  const columnCount = 7;
  return (
    <section aria-labelledby="events-title">
      <h3 id="events-title">Events</h3>
      <p className="editor-note">
        At the start of each day of its window, an event is drawn at its chance (once a run); the player picks one of
        its choices before acting. A row&apos;s details hold what happens and its choices.
      </p>
      {events.length > 0 && (
        <EditorTable
          labelledBy="events-title"
          // Its rows' details buttons take focus, locked or not.
          scrollerFocusable={false}
          className="events-table"
          head={
            <tr>
              <Header hidden className="editor-table__expand">
                Details
              </Header>
              <Header>Event</Header>
              <Header className="editor-table__number">First day</Header>
              <Header className="editor-table__number">Last day</Header>
              <Header className="editor-table__number">Chance (%)</Header>
              <Header className="editor-table__number">Choices</Header>
              <Header hidden>Move or remove</Header>
            </tr>
          }
        >
          {events.map((e, i) => {
            const row = expanded.row(i);
            const { id } = row;
            const who = rowName('event', e.name, i);
            const change = (patch: Partial<GameEvent>) => setModel((m) => updateEvent(m, i, patch));
            return (
              <ExpandableRow
                key={row.key}
                row={row}
                who={who}
                columns={columnCount}
                details={
                  <EventDetails
                    id={id}
                    who={who}
                    event={e}
                    index={i}
                    model={model}
                    locked={locked}
                    setModel={setModel}
                    focusSoon={focusSoon}
                  />
                }
              >
                <NameCell
                  id={`${id}-name`}
                  label={nameLabel('Event', i)}
                  value={e.name}
                  disabled={locked}
                  wide
                  onChange={(name) => change({ name })}
                />
                <NumberCell
                  id={`${id}-from`}
                  label="First day"
                  who={who}
                  min={1}
                  value={e.days[0]}
                  disabled={locked}
                  onChange={(text) => change({ days: [parseInteger(text), e.days[1]] })}
                />
                <NumberCell
                  id={`${id}-to`}
                  label="Last day"
                  who={who}
                  min={1}
                  value={e.days[1]}
                  disabled={locked}
                  onChange={(text) => change({ days: [e.days[0], parseInteger(text)] })}
                />
                <NumberCell
                  id={`${id}-chance`}
                  label="Chance (%)"
                  who={who}
                  min={0}
                  max={100}
                  value={e.chance}
                  disabled={locked}
                  onChange={(text) => change({ chance: parseInteger(text) })}
                />
                <td className="editor-table__number editor-table__count">{e.choices.length}</td>
                <RowControls
                  idPrefix={id}
                  label={who}
                  index={i}
                  count={events.length}
                  disabled={locked}
                  focusSoon={focusSoon}
                  afterRemove={rows.afterRemove(i)}
                  onMove={(to) => setModel((m) => moveEvent(m, i, to))}
                  onRemove={() => setModel((m) => removeEvent(m, i))}
                />
              </ExpandableRow>
            );
          })}
        </EditorTable>
      )}
      <TableErrors id="events" />
      <AddButton
        id={ADD_ID}
        disabled={locked}
        focusSoon={focusSoon}
        newRowField={rows.firstField(model.nextRowKey)}
        onAdd={() => {
          // A new event opens: its text and choices are still the defaults.
          expanded.open(model.nextRowKey);
          setModel(addEvent);
        }}
      >
        Add Event
      </AddButton>
    </section>
  );
}

/** What happens, the objectives the event waits for, and its choices. */
function EventDetails({
  id,
  who,
  event: e,
  index,
  model,
  locked,
  setModel,
  focusSoon,
}: {
  id: string;
  who: string;
  event: GameEvent;
  index: number;
  model: EditorModel;
  locked: boolean;
  setModel(update: (m: EditorModel) => EditorModel): void;
  focusSoon: FocusSoon;
}) {
  const results = resultColumns(
    model.gauges,
    e.choices.map((c) => c.results),
  );
  // Expand, label, token cost, tokens tomorrow, the results, remove.
  const columnCount = 4 + results.length + 1;
  const addId = `${id}-add-choice`;
  const rows = tableRows(`${id}-choice`, model.choiceKeys[index] ?? [], addId, 'label');
  const expanded = useExpandedRows(rows);
  const textInvalid = useInvalidTextArea(`${id}-text`);
  return (
    <>
      <div className="editor-details__row">
        <TextArea
          id={`${id}-text`}
          className="editor-details__text"
          labelText={labelOf('What happens', who)}
          rows={4}
          value={e.text}
          disabled={locked}
          {...textInvalid}
          onChange={(ev) => setModel((m) => updateEvent(m, index, { text: ev.target.value }))}
        />
        <ObjectiveMatrix
          id={`${id}-objectives`}
          who={who}
          objectives={model.objectives}
          disabled={locked}
          columns={[
            {
              header: 'Only while active',
              value: e.required_objectives ?? [],
              onChange: (v) =>
                setModel((m) => updateEvent(m, index, { required_objectives: v.length > 0 ? v : undefined })),
            },
          ]}
        />
      </div>
      <h4 id={`${id}-choices-title`} className="editor-details__title">
        Choices<span className="visually-hidden"> of {who}</span>
      </h4>
      <EditorTable
        labelledBy={`${id}-choices-title`}
        // Its rows' details buttons take focus, locked or not.
        scrollerFocusable={false}
        className="choices-table"
        head={
          <ResultsHead
            columns={results}
            before={[
              { label: 'Details', hidden: true, className: 'editor-table__expand' },
              { label: 'Choice' },
              { label: 'Token cost', className: 'editor-table__number' },
              { label: 'Tokens tomorrow (+/−)', className: 'editor-table__number' },
            ]}
            after={[{ label: 'Remove', hidden: true }]}
          />
        }
      >
        {e.choices.map((c, n) => {
          const row = expanded.row(n);
          const { id: cid } = row;
          const choice = `choice ${c.label.trim() || `in row ${n + 1}`} of ${who}`;
          const set = (patch: Partial<EventChoice>) => setModel((m) => updateChoice(m, index, n, patch));
          return (
            <ExpandableRow
              key={row.key}
              row={row}
              who={choice}
              columns={columnCount}
              details={
                <ChoiceDetails
                  id={cid}
                  who={choice}
                  choice={c}
                  objectives={model.objectives}
                  gauges={model.gauges}
                  disabled={locked}
                  focusSoon={focusSoon}
                  set={set}
                />
              }
            >
              <NameCell
                id={`${cid}-label`}
                label={`Choice, row ${n + 1} of ${who}`}
                value={c.label}
                disabled={locked}
                wide
                onChange={(label) => set({ label })}
              />
              <NumberCell
                id={`${cid}-cost`}
                label="Token cost"
                who={choice}
                min={0}
                value={c.token_cost}
                disabled={locked}
                onChange={(text) => set({ token_cost: parseOptionalInteger(text) ?? undefined })}
              />
              <NumberCell
                id={`${cid}-next-day`}
                label="Tokens tomorrow (+/−)"
                who={choice}
                value={c.next_day_tokens}
                disabled={locked}
                onChange={(text) => set({ next_day_tokens: parseOptionalInteger(text) ?? undefined })}
              />
              <ResultCells
                idPrefix={cid}
                who={choice}
                columns={results}
                results={c.results ?? {}}
                disabled={locked}
                onChange={(next) => set({ results: Object.keys(next).length > 0 ? next : undefined })}
              />
              <RemoveCell
                id={`${cid}-remove`}
                label={choice}
                // An event needs a choice: the last one stays.
                disabled={locked || e.choices.length === 1}
                focusSoon={focusSoon}
                afterRemove={rows.afterRemove(n)}
                onRemove={() => setModel((m) => removeChoice(m, index, n))}
              />
            </ExpandableRow>
          );
        })}
      </EditorTable>
      <TableErrors id={`${id}-choices`} />
      <AddButton
        id={addId}
        disabled={locked || e.choices.length >= MAX_CHOICES}
        focusSoon={focusSoon}
        newRowField={rows.firstField(model.nextRowKey)}
        onAdd={() => setModel((m) => addChoice(m, index))}
      >
        Add Choice<span className="visually-hidden"> to {who}</span>
      </AddButton>
      <ResourcesTable
        id={id}
        who={who}
        resources={e.resources}
        disabled={locked}
        focusSoon={focusSoon}
        onChange={(resources) => setModel((m) => setResources(m, index, resources))}
      />
    </>
  );
}

/** A choice's details: the objectives it adds and removes, the inventory it changes and its later consequences. */
function ChoiceDetails({
  id,
  who,
  choice: c,
  objectives,
  gauges,
  disabled,
  focusSoon,
  set,
}: {
  id: string;
  who: string;
  choice: EventChoice;
  objectives: readonly ObjectiveRow[];
  gauges: readonly GaugeRow[];
  disabled: boolean;
  focusSoon: FocusSoon;
  set(patch: Partial<EventChoice>): void;
}) {
  const objectivesChanged = c.changes_objectives ?? none;
  const inventoryChanged = c.changes_inventory ?? none;
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
              header: 'Added',
              value: objectivesChanged.add,
              onChange: (v) => set({ changes_objectives: optionalPair({ ...objectivesChanged, add: v }) }),
            },
            {
              header: 'Removed',
              value: objectivesChanged.remove,
              onChange: (v) => set({ changes_objectives: optionalPair({ ...objectivesChanged, remove: v }) }),
            },
          ]}
        />
        <div className="editor-details__fields">
          <ItemsInput
            id={`${id}-inv-add`}
            labelText={labelOf('Inventory added (comma-separated)', who)}
            value={inventoryChanged.add}
            disabled={disabled}
            onChange={(v) => set({ changes_inventory: optionalPair({ ...inventoryChanged, add: v }) })}
          />
          <ItemsInput
            id={`${id}-inv-remove`}
            labelText={labelOf('Inventory removed (comma-separated)', who)}
            value={inventoryChanged.remove}
            disabled={disabled}
            onChange={(v) => set({ changes_inventory: optionalPair({ ...inventoryChanged, remove: v }) })}
          />
        </div>
      </div>
      <LaterTable
        id={id}
        who={who}
        later={c.later}
        gauges={gauges}
        disabled={disabled}
        focusSoon={focusSoon}
        onChange={(later) => set({ later: later.length > 0 ? later : undefined })}
      />
    </>
  );
}
