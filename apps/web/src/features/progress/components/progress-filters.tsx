/** The Progress page's filters: module, unit, rank and the completions chart's date range. */
import { Button, Select, SelectItem, TextInput } from '@carbon/react';
import type { Module } from '@airman/contracts/module.ts';
import { RANKS, rankLabel } from '@airman/contracts/ranks.ts';
import type { ProgressFilters } from '../api/get-progress.ts';

interface Props {
  filters: ProgressFilters;
  modules: Module[];
  units: string[];
  onChange(next: ProgressFilters): void;
}

export function ProgressFiltersBar({ filters, modules, units, onChange }: Props) {
  const set = (key: keyof ProgressFilters, value: string) => onChange({ ...filters, [key]: value || undefined });
  // A unit in the URL that has no assignments (yet) is still offered, so the select shows what filters.
  const unitOptions = filters.unit !== undefined && !units.includes(filters.unit) ? [...units, filters.unit] : units;
  const filtered = Object.values(filters).some((v) => v);
  return (
    // A group, not a form: each filter applies as it changes, so there is nothing to submit.
    <div className="progress-filters" role="group" aria-label="Filters">
      <Select
        id="progress-module"
        labelText="Module"
        value={filters.module ?? ''}
        onChange={(e) => set('module', e.target.value)}
      >
        <SelectItem value="" text="All modules" />
        {modules.map((m) => (
          <SelectItem key={m.id} value={m.id} text={m.archived_at > 0 ? `${m.game_title} (archived)` : m.game_title} />
        ))}
      </Select>
      <Select
        id="progress-unit"
        labelText="Unit"
        value={filters.unit ?? ''}
        onChange={(e) => set('unit', e.target.value)}
      >
        <SelectItem value="" text="All units" />
        {unitOptions.map((u) => (
          <SelectItem key={u} value={u} text={u === '' ? '(no unit)' : u} />
        ))}
      </Select>
      <Select
        id="progress-rank"
        labelText="Rank"
        value={filters.rank ?? ''}
        onChange={(e) => set('rank', e.target.value)}
      >
        <SelectItem value="" text="All ranks" />
        {RANKS.map((r) => (
          <SelectItem key={r.abbreviation} value={r.abbreviation} text={rankLabel(r)} />
        ))}
      </Select>
      <TextInput
        id="progress-from"
        type="date"
        labelText="Completions from"
        value={filters.from ?? ''}
        onChange={(e) => set('from', e.target.value)}
      />
      <TextInput
        id="progress-to"
        type="date"
        labelText="Completions to"
        value={filters.to ?? ''}
        onChange={(e) => set('to', e.target.value)}
      />
      <Button kind="tertiary" size="md" type="button" disabled={!filtered} onClick={() => onChange({})}>
        Clear filters
      </Button>
    </div>
  );
}
