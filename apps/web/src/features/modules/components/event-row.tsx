/** One event of the module editor and its choices: every field of the format (docs/game-rules.md). */
import { Button, TextArea, TextInput } from '@carbon/react';
import type { AddRemove, EventChoice, GameEvent } from '@airman/contracts/module.ts';
import { parseInteger, parseOptionalInteger } from '../module-editor-model.ts';
import { ItemsInput } from './items-input.tsx';
import { NameChecklist } from './name-checklist.tsx';
import { ResultsInput } from './results-input.tsx';
import { RowControls } from './row-controls.tsx';

/** An event may offer at most this many choices (the module format's limit). */
const MAX_CHOICES = 6;

interface Props {
  event: GameEvent;
  index: number;
  count: number;
  /** The choices' row keys, in order. */
  choiceKeys: number[];
  gauges: string[];
  objectives: string[];
  locked: boolean;
  onChange(patch: Partial<GameEvent>): void;
  onChoiceChange(choice: number, patch: Partial<EventChoice>): void;
  onAddChoice(): void;
  onRemoveChoice(choice: number): void;
  onMove(to: number): void;
  onRemove(): void;
}

const optionalNumber = (n: number | undefined) => (n === undefined ? '' : String(n));
/** An add/remove pair that adds and removes nothing is left out of the module. */
const optionalPair = (pair: AddRemove): AddRemove | undefined =>
  pair.add.length + pair.remove.length > 0 ? pair : undefined;
const none: AddRemove = { add: [], remove: [] };

export function EventRow(props: Props) {
  const { event: e, index, count, choiceKeys, gauges, objectives, locked, onChange } = props;
  const id = `event-${index}`;
  return (
    <fieldset className="action-row" aria-label={`Event ${e.name}`}>
      <div className="action-row__basics">
        <TextInput
          id={`${id}-name`}
          labelText="Event name"
          value={e.name}
          disabled={locked}
          onChange={(ev) => onChange({ name: ev.target.value })}
        />
        <TextInput
          id={`${id}-from`}
          labelText="First day"
          type="number"
          min={1}
          step={1}
          value={String(e.days[0])}
          disabled={locked}
          onChange={(ev) => onChange({ days: [parseInteger(ev.target.value), e.days[1]] })}
        />
        <TextInput
          id={`${id}-to`}
          labelText="Last day"
          type="number"
          min={1}
          step={1}
          value={String(e.days[1])}
          disabled={locked}
          onChange={(ev) => onChange({ days: [e.days[0], parseInteger(ev.target.value)] })}
        />
        <TextInput
          id={`${id}-chance`}
          labelText="Chance each day (%)"
          type="number"
          min={0}
          max={100}
          step={1}
          value={String(e.chance)}
          disabled={locked}
          onChange={(ev) => onChange({ chance: parseInteger(ev.target.value) })}
        />
        <RowControls
          label={`event ${e.name}`}
          index={index}
          count={count}
          disabled={locked}
          onMove={props.onMove}
          onRemove={props.onRemove}
        />
      </div>
      <TextArea
        id={`${id}-text`}
        labelText="What happens"
        rows={2}
        value={e.text}
        disabled={locked}
        onChange={(ev) => onChange({ text: ev.target.value })}
      />
      <div className="action-row__lists">
        <NameChecklist
          legend="Only while these objectives are active"
          idPrefix={`${id}-req`}
          options={objectives}
          value={e.required_objectives ?? []}
          disabled={locked}
          onChange={(v) => onChange({ required_objectives: v.length > 0 ? v : undefined })}
        />
      </div>
      <h4 className="event-row__choices-title">Choices</h4>
      {e.choices.map((c, n) => {
        const cid = `${id}-choice-${n}`;
        const set = (patch: Partial<EventChoice>) => props.onChoiceChange(n, patch);
        const objectivesChanged = c.changes_objectives ?? none;
        const inventoryChanged = c.changes_inventory ?? none;
        return (
          <fieldset
            key={choiceKeys[n] ?? `at-${n}`}
            className="event-row__choice"
            aria-label={`Choice ${c.label} of event ${e.name}`}
          >
            <div className="action-row__basics">
              <TextInput
                id={`${cid}-label`}
                labelText="Choice"
                value={c.label}
                disabled={locked}
                onChange={(ev) => set({ label: ev.target.value })}
              />
              <TextInput
                id={`${cid}-cost`}
                labelText="Token cost"
                type="number"
                min={0}
                step={1}
                value={optionalNumber(c.token_cost)}
                disabled={locked}
                onChange={(ev) => set({ token_cost: parseOptionalInteger(ev.target.value) ?? undefined })}
              />
              <TextInput
                id={`${cid}-next-day`}
                labelText="Tokens tomorrow (+/−)"
                type="number"
                step={1}
                value={optionalNumber(c.next_day_tokens)}
                disabled={locked}
                onChange={(ev) => set({ next_day_tokens: parseOptionalInteger(ev.target.value) ?? undefined })}
              />
              <Button
                kind="danger--ghost"
                size="sm"
                disabled={locked || e.choices.length === 1}
                onClick={() => props.onRemoveChoice(n)}
              >
                Remove<span className="visually-hidden"> choice {c.label}</span>
              </Button>
            </div>
            <ResultsInput
              idPrefix={cid}
              results={c.results ?? {}}
              gauges={gauges}
              disabled={locked}
              onChange={(results) => set({ results: Object.keys(results).length > 0 ? results : undefined })}
            />
            <div className="action-row__lists">
              <NameChecklist
                legend="Objectives added"
                idPrefix={`${cid}-oadd`}
                options={objectives}
                value={objectivesChanged.add}
                disabled={locked}
                onChange={(v) => set({ changes_objectives: optionalPair({ ...objectivesChanged, add: v }) })}
              />
              <NameChecklist
                legend="Objectives removed"
                idPrefix={`${cid}-orem`}
                options={objectives}
                value={objectivesChanged.remove}
                disabled={locked}
                onChange={(v) => set({ changes_objectives: optionalPair({ ...objectivesChanged, remove: v }) })}
              />
              <div>
                <ItemsInput
                  id={`${cid}-inv-add`}
                  labelText="Inventory added (comma-separated)"
                  value={inventoryChanged.add}
                  disabled={locked}
                  onChange={(v) => set({ changes_inventory: optionalPair({ ...inventoryChanged, add: v }) })}
                />
                <ItemsInput
                  id={`${cid}-inv-remove`}
                  labelText="Inventory removed (comma-separated)"
                  value={inventoryChanged.remove}
                  disabled={locked}
                  onChange={(v) => set({ changes_inventory: optionalPair({ ...inventoryChanged, remove: v }) })}
                />
              </div>
            </div>
          </fieldset>
        );
      })}
      <Button
        kind="tertiary"
        size="sm"
        disabled={locked || e.choices.length >= MAX_CHOICES}
        onClick={props.onAddChoice}
      >
        Add Choice<span className="visually-hidden"> to event {e.name}</span>
      </Button>
    </fieldset>
  );
}
