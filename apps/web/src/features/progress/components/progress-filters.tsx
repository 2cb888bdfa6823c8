/**
 * The Progress page's filters: module, unit, rank, expired only, and the completions chart's date
 * range (the app's DateField, its code loaded when the bar is first entered: LazyDateField).
 */
import { useRef } from 'react';
import { Button } from '@carbon/react';
import type { UnitCount } from '@airman/contracts/api.ts';
import type { Module } from '@airman/contracts/module.ts';
import { RANKS, rankLabel } from '@airman/contracts/ranks.ts';
import { LazyDateField, preloadDateField } from '#components/lazy-date-field.tsx';
import { FilterSelect } from '#components/filter-select.tsx';
import { UnitFilter } from '#components/unit-filter.tsx';
import { dateToDay, dayToDate } from '#lib/days.ts';
import { moduleFilterOptions } from '#lib/modules.ts';
import { RECERT_DUE_LABEL } from '#lib/recert.ts';
import type { ProgressFilters } from '../api/get-progress.ts';

interface Props {
  filters: ProgressFilters;
  /** Undefined while they load. */
  modules: Module[] | undefined;
  /** The units users are in (GET admin/units); undefined while they load. */
  units: readonly UnitCount[] | undefined;
  onChange(next: ProgressFilters): void;
}

export function ProgressFiltersBar({ filters, modules, units, onChange }: Props) {
  const set = (key: keyof ProgressFilters, value: string) => onChange({ ...filters, [key]: value || undefined });
  const filtered = Object.values(filters).some((v) => v);
  const group = useRef<HTMLDivElement>(null);
  // Clear filters disables itself: the focus goes to the first filter rather than falling to the page.
  const clear = () => {
    onChange({});
    group.current?.querySelector('select')?.focus();
  };
  return (
    // A group, not a form: each filter applies as it changes, so there is nothing to submit.
    // The date fields' code loads as the bar is entered, before the keyboard or the pointer reaches them.
    <div
      className="progress-filters"
      role="group"
      aria-label="Filters"
      ref={group}
      onFocus={() => void preloadDateField()}
      onPointerDown={() => void preloadDateField()}
    >
      <FilterSelect
        id="progress-module"
        label="Module"
        value={filters.module ?? ''}
        all="All modules"
        options={moduleFilterOptions(modules, filters.module)}
        onChange={(v) => set('module', v)}
      />
      <UnitFilter
        id="progress-unit"
        label="Unit"
        value={filters.unit}
        units={units}
        onChange={(unit) => set('unit', unit ?? '')}
      />
      <FilterSelect
        id="progress-rank"
        label="Rank"
        value={filters.rank ?? ''}
        all="All ranks"
        options={RANKS.map((r) => ({ value: r.abbreviation, text: rankLabel(r) }))}
        onChange={(v) => set('rank', v)}
      />
      <FilterSelect
        id="progress-recert"
        label="Recertification"
        value={filters.recert ?? ''}
        all="All assignments"
        options={[{ value: 'due', text: RECERT_DUE_LABEL }]}
        onChange={(v) => set('recert', v)}
      />
      <LazyDateField
        id="progress-from"
        labelText="Completions from"
        value={dayToDate(filters.from)}
        onChange={(date) => set('from', dateToDay(date) ?? '')}
      />
      <LazyDateField
        id="progress-to"
        labelText="Completions to"
        value={dayToDate(filters.to)}
        onChange={(date) => set('to', dateToDay(date) ?? '')}
      />
      <Button kind="tertiary" size="md" type="button" disabled={!filtered} onClick={clear}>
        Clear filters
      </Button>
    </div>
  );
}
