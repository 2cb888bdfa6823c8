/** One action of the module editor: every field of the format (spec §3). */
import { Checkbox, TextInput } from '@carbon/react';
import type { Action } from '@airman/contracts/module.ts';
import { parseInteger } from '../module-editor-model.ts';
import { ItemsInput } from './items-input.tsx';
import { NameChecklist } from './name-checklist.tsx';
import { ResultsInput } from './results-input.tsx';
import { RowControls } from './row-controls.tsx';

interface Props {
  action: Action;
  index: number;
  count: number;
  gauges: string[];
  objectives: string[];
  locked: boolean;
  onChange(action: Action): void;
  onMove(to: number): void;
  onRemove(): void;
}

export function ActionRow({ action: a, index, count, gauges, objectives, locked, onChange, onMove, onRemove }: Props) {
  const id = `action-${index}`;
  const set = (patch: Partial<Action>) => onChange({ ...a, ...patch });

  return (
    <fieldset className="action-row" aria-label={`Action ${a.name}`}>
      <div className="action-row__basics">
        <TextInput
          id={`${id}-name`}
          labelText="Name"
          value={a.name}
          disabled={locked}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextInput
          id={`${id}-cost`}
          labelText="Token cost"
          type="number"
          step={1}
          min={0}
          value={String(a.token_cost)}
          disabled={locked}
          onChange={(e) => set({ token_cost: parseInteger(e.target.value) })}
        />
        <TextInput
          id={`${id}-cooldown`}
          labelText="Cooldown (days)"
          type="number"
          step={1}
          min={0}
          value={String(a.set_cooldown)}
          disabled={locked}
          onChange={(e) => set({ set_cooldown: parseInteger(e.target.value) })}
        />
        <Checkbox
          id={`${id}-disabled`}
          labelText="Disabled"
          checked={a.disabled}
          disabled={locked}
          onChange={(_, { checked }) => set({ disabled: checked })}
        />
        <RowControls
          label={`action ${a.name}`}
          index={index}
          count={count}
          disabled={locked}
          onMove={onMove}
          onRemove={onRemove}
        />
      </div>
      <ResultsInput
        idPrefix={id}
        results={a.results}
        gauges={gauges}
        disabled={locked}
        onChange={(results) => set({ results })}
      />
      <div className="action-row__lists">
        <NameChecklist
          legend="Required objectives"
          idPrefix={`${id}-req`}
          options={objectives}
          value={a.required_objectives}
          disabled={locked}
          onChange={(v) => set({ required_objectives: v })}
        />
        <NameChecklist
          legend="Objectives added"
          idPrefix={`${id}-oadd`}
          options={objectives}
          value={a.changes_objectives.add}
          disabled={locked}
          onChange={(v) => set({ changes_objectives: { ...a.changes_objectives, add: v } })}
        />
        <NameChecklist
          legend="Objectives removed"
          idPrefix={`${id}-orem`}
          options={objectives}
          value={a.changes_objectives.remove}
          disabled={locked}
          onChange={(v) => set({ changes_objectives: { ...a.changes_objectives, remove: v } })}
        />
        <div>
          <ItemsInput
            id={`${id}-inv-add`}
            labelText="Inventory added (comma-separated)"
            value={a.changes_inventory.add}
            disabled={locked}
            onChange={(v) => set({ changes_inventory: { ...a.changes_inventory, add: v } })}
          />
          <ItemsInput
            id={`${id}-inv-remove`}
            labelText="Inventory removed (comma-separated)"
            value={a.changes_inventory.remove}
            disabled={locked}
            onChange={(v) => set({ changes_inventory: { ...a.changes_inventory, remove: v } })}
          />
        </div>
      </div>
    </fieldset>
  );
}
