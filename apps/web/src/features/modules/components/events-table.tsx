/**
 * The events table: a row per event with its window and chance; its details
 * (expand button) hold what happens, the objectives it waits for, and its
 * choices as a table of their own, a result column per gauge, each choice's
 * objectives and inventory in its own details (docs/decisions/013).
 */
import { TextArea } from '@carbon/react';
import type { AddRemove, EventChoice, GameEvent } from '@airman/contracts/module.ts';
import {
  CHANGE_LABELS,
  CHOICE_LABELS,
  EVENT_LABELS,
  hinted,
  LABEL_HINTS,
  SECTION_LABELS,
} from '@airman/contracts/module-labels.ts';
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
import {
  checkColumn,
  controlsColumn,
  countColumn,
  nameColumn,
  numberColumn,
  removeColumn,
  resultsColumn,
  textColumn,
  type Column,
} from './editor-columns.tsx';
import { labelOf, rowName, tableRows, useExpandedRows, type FocusSoon, type TableProps } from './editor-table.tsx';
import { ExpandableTable } from './expandable-table.tsx';
import { TableErrors, useInvalidTextArea } from './field-errors-context.tsx';
import { ItemsInput } from './items-input.tsx';
import { LaterTable } from './later-table.tsx';
import { ObjectiveMatrix } from './objective-matrix.tsx';
import { resultColumns } from './result-cells.tsx';
import { ResourcesTable } from './resources-table.tsx';
import { AddButton } from './row-controls.tsx';

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
  const change = (i: number, patch: Partial<GameEvent>) => setModel((m) => updateEvent(m, i, patch));
  const columns: Column<GameEvent>[] = [
    nameColumn({
      label: EVENT_LABELS.name,
      wide: true,
      value: (e) => e.name,
      onChange: (name, { index }) => change(index, { name }),
    }),
    numberColumn({
      label: EVENT_LABELS.first_day,
      field: 'from',
      min: 1,
      value: (e) => e.days[0],
      onChange: (text, { item, index }) => change(index, { days: [parseInteger(text), item.days[1]] }),
    }),
    numberColumn({
      label: EVENT_LABELS.last_day,
      field: 'to',
      min: 1,
      value: (e) => e.days[1],
      onChange: (text, { item, index }) => change(index, { days: [item.days[0], parseInteger(text)] }),
    }),
    numberColumn({
      label: EVENT_LABELS.chance,
      field: 'chance',
      min: 0,
      max: 100,
      value: (e) => e.chance,
      onChange: (text, { index }) => change(index, { chance: parseInteger(text) }),
    }),
    countColumn({ key: 'choices', label: EVENT_LABELS.choices, value: (e) => e.choices.length }),
    controlsColumn({
      rows,
      count: events.length,
      focusSoon,
      onMove: (i, to) => setModel((m) => moveEvent(m, i, to)),
      onRemove: (i) => setModel((m) => removeEvent(m, i)),
    }),
  ];
  return (
    <section aria-labelledby="events-title">
      <h3 id="events-title">{SECTION_LABELS.events}</h3>
      <p className="editor-note">
        At the start of each day of its window, an event is drawn at its chance (once a run); the player picks one of
        its choices before acting. A row&apos;s details hold what happens and its choices.
      </p>
      {events.length > 0 && (
        <ExpandableTable
          labelledBy="events-title"
          className="events-table"
          columns={columns}
          items={events}
          expanded={expanded}
          locked={locked}
          who={(e, i) => rowName('event', e.name, i)}
          details={(e, i, { id, who }) => (
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
          )}
        />
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
  const addId = `${id}-add-choice`;
  const rows = tableRows(`${id}-choice`, model.choiceKeys[index] ?? [], addId, 'label');
  const expanded = useExpandedRows(rows);
  const set = (n: number, patch: Partial<EventChoice>) => setModel((m) => updateChoice(m, index, n, patch));
  const columns: Column<EventChoice>[] = [
    nameColumn({
      label: CHOICE_LABELS.label,
      field: 'label',
      fieldLabel: ({ index: n }) => `${CHOICE_LABELS.label}, row ${n + 1} of ${who}`,
      wide: true,
      value: (c) => c.label,
      onChange: (label, { index: n }) => set(n, { label }),
    }),
    checkColumn({
      label: CHOICE_LABELS.risky,
      field: 'risky',
      value: (c) => c.risky === true,
      onChange: (checked, { index: n }) => set(n, { risky: checked ? true : undefined }),
    }),
    textColumn({
      label: CHOICE_LABELS.lesson,
      field: 'lesson',
      value: (c) => c.lesson ?? '',
      onChange: (text, { index: n }) => set(n, { lesson: text === '' ? undefined : text }),
    }),
    numberColumn({
      label: CHOICE_LABELS.token_cost,
      field: 'cost',
      min: 0,
      value: (c) => c.token_cost,
      onChange: (text, { index: n }) => set(n, { token_cost: parseOptionalInteger(text) ?? undefined }),
    }),
    numberColumn({
      label: hinted(CHOICE_LABELS.next_day_tokens, LABEL_HINTS.signed),
      field: 'next-day',
      value: (c) => c.next_day_tokens,
      onChange: (text, { index: n }) => set(n, { next_day_tokens: parseOptionalInteger(text) ?? undefined }),
    }),
    resultsColumn({
      results: resultColumns(
        model.gauges,
        e.choices.map((c) => c.results),
      ),
      value: (c) => c.results ?? {},
      onChange: (next, { index: n }) => set(n, { results: Object.keys(next).length > 0 ? next : undefined }),
    }),
    removeColumn({
      focusSoon,
      afterRemove: (n) => rows.afterRemove(n),
      // An event needs a choice: the last one stays.
      removable: e.choices.length > 1,
      onRemove: (n) => setModel((m) => removeChoice(m, index, n)),
    }),
  ];
  const textInvalid = useInvalidTextArea(`${id}-text`);
  return (
    <>
      <div className="editor-details__row">
        <TextArea
          id={`${id}-text`}
          className="editor-details__text"
          labelText={labelOf(EVENT_LABELS.text, who)}
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
              header: EVENT_LABELS.required_objectives,
              value: e.required_objectives ?? [],
              onChange: (v) =>
                setModel((m) => updateEvent(m, index, { required_objectives: v.length > 0 ? v : undefined })),
            },
          ]}
        />
      </div>
      <h4 id={`${id}-choices-title`} className="editor-details__title">
        {EVENT_LABELS.choices}
        <span className="visually-hidden"> of {who}</span>
      </h4>
      <ExpandableTable
        labelledBy={`${id}-choices-title`}
        className="choices-table"
        columns={columns}
        items={e.choices}
        expanded={expanded}
        locked={locked}
        who={(c, n) => `choice ${c.label.trim() || `in row ${n + 1}`} of ${who}`}
        details={(c, n, { id: cid, who: choice }) => (
          <ChoiceDetails
            id={cid}
            who={choice}
            choice={c}
            objectives={model.objectives}
            gauges={model.gauges}
            disabled={locked}
            focusSoon={focusSoon}
            set={(patch) => set(n, patch)}
          />
        )}
      />
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
              header: CHANGE_LABELS.changes_objectives.add,
              value: objectivesChanged.add,
              onChange: (v) => set({ changes_objectives: optionalPair({ ...objectivesChanged, add: v }) }),
            },
            {
              header: CHANGE_LABELS.changes_objectives.remove,
              value: objectivesChanged.remove,
              onChange: (v) => set({ changes_objectives: optionalPair({ ...objectivesChanged, remove: v }) }),
            },
          ]}
        />
        <div className="editor-details__fields">
          <ItemsInput
            id={`${id}-inv-add`}
            labelText={labelOf(hinted(CHANGE_LABELS.changes_inventory.add, LABEL_HINTS.items), who)}
            value={inventoryChanged.add}
            disabled={disabled}
            onChange={(v) => set({ changes_inventory: optionalPair({ ...inventoryChanged, add: v }) })}
          />
          <ItemsInput
            id={`${id}-inv-remove`}
            labelText={labelOf(hinted(CHANGE_LABELS.changes_inventory.remove, LABEL_HINTS.items), who)}
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
