/** The Audit screen's filters: who acted, the action, what it was done to, whose unit, and a range of days. */
import { useEffect, useRef, useState } from 'react';
import { Button, TextInput } from '@carbon/react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@airman/contracts/audit.ts';
import { SEARCH_DEBOUNCE_MS } from '@airman/contracts/constants.ts';
import type { UnitCount } from '@airman/contracts/api.ts';
import type { Module } from '@airman/contracts/module.ts';
import { DateField } from '#components/date-field.tsx';
import { FilterSelect } from '#components/filter-select.tsx';
import { UnitFilter } from '#components/unit-filter.tsx';
import { moduleFilterOptions } from '#lib/modules.ts';
import type { AuditFilters } from '../api/get-audit.ts';
import { dateToDay, dayToDate } from '#lib/days.ts';

/** What each kind of target is called in the Target filter and the table. */
export const TARGET_KIND_LABELS: Record<string, string> = {
  user: 'User',
  module: 'Module',
  questionnaire: 'Questionnaire',
  report: 'Report',
  audit: 'Audit log',
  reminder: 'Reminders',
};

/** Kinds whose target id is a module's. */
const MODULE_KINDS = new Set(['module', 'questionnaire', 'report']);

/**
 * A typed filter, applied a debounce after the last key (as the users list's unit); a value
 * from elsewhere (Clear filters, a History link) replaces what it shows.
 */
function TypedFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  const [asked, setAsked] = useState<{ value: string | undefined } | null>(null);
  if (value !== seen) {
    setSeen(value);
    if (asked && asked.value === value) setAsked(null);
    else setText(value ?? '');
  }
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === value) return;
    const timer = setTimeout(() => {
      setAsked({ value: next });
      latest.current(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return <TextInput id={id} labelText={label} value={text} onChange={(e) => setText(e.target.value)} />;
}

export function AuditFiltersBar({
  filters,
  modules,
  units,
  onChange,
}: {
  filters: AuditFilters;
  /** Undefined while they load. */
  modules: Module[] | undefined;
  /** The units users are in, as a tree (GET admin/units); undefined while they load. */
  units: readonly UnitCount[] | undefined;
  onChange(next: AuditFilters): void;
}) {
  const group = useRef<HTMLDivElement>(null);
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  const kind = filters.target_kind;
  const filtered = Object.values(filters).some((v) => v);
  // Clear filters disables itself: the focus goes to the first filter rather than falling to the page.
  const clear = () => {
    onChange({});
    group.current?.querySelector('input')?.focus();
  };
  return (
    // A group, not a form: each filter applies as it changes, so there is nothing to submit.
    <div className="audit-filters" role="group" aria-label="Filters" ref={group}>
      <TypedFilter id="audit-actor" label="Actor (e-mail)" value={filters.actor} onChange={(actor) => set({ actor })} />
      <FilterSelect
        id="audit-action"
        label="Action"
        value={filters.action ?? ''}
        all="All actions"
        options={AUDIT_ACTIONS.map((a) => ({ value: a, text: AUDIT_ACTION_LABELS[a] }))}
        onChange={(action) => set({ action: action || undefined })}
      />
      <FilterSelect
        id="audit-target-kind"
        label="Target"
        value={kind ?? ''}
        all="All targets"
        options={Object.entries(TARGET_KIND_LABELS).map(([value, text]) => ({ value, text }))}
        // A target id means something only for its kind.
        onChange={(k) => set({ target_kind: k || undefined, target_id: undefined })}
      />
      {kind !== undefined && MODULE_KINDS.has(kind) && (
        <FilterSelect
          id="audit-target-module"
          label="Module"
          value={filters.target_id ?? ''}
          all="Any module"
          options={moduleFilterOptions(modules, filters.target_id)}
          onChange={(id) => set({ target_id: id || undefined })}
        />
      )}
      {kind === 'user' && (
        <TypedFilter
          id="audit-target-user"
          label="User (e-mail or ID)"
          value={filters.target_id}
          onChange={(target_id) => set({ target_id })}
        />
      )}
      {/* The entries about the users of the unit and of every unit under it. */}
      <UnitFilter id="audit-unit" label="Unit" value={filters.unit} units={units} onChange={(unit) => set({ unit })} />
      <DateField
        id="audit-from"
        labelText="From"
        value={dayToDate(filters.from)}
        onChange={(date) => set({ from: dateToDay(date) })}
      />
      <DateField
        id="audit-to"
        labelText="To"
        value={dayToDate(filters.to)}
        onChange={(date) => set({ to: dateToDay(date) })}
      />
      <Button kind="tertiary" size="md" type="button" disabled={!filtered} onClick={clear}>
        Clear filters
      </Button>
    </div>
  );
}
