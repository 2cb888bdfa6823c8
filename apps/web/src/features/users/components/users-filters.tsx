/** The users list's filters and order: unit, role, account status, module and its assignment status, sort. */
import { ASSIGNMENT_STATUSES, USER_SORTS, USER_STATUSES } from '@airman/contracts/api-values.ts';
import type { UnitCount } from '@airman/contracts/api.ts';
import { ROLES } from '@airman/contracts/constants.ts';
import type { Module } from '@airman/contracts/module.ts';
import { RECERT_DUE_LABEL } from '#lib/recert.ts';
import { FilterSelect } from '#components/filter-select.tsx';
import { UnitFilter } from '#components/unit-filter.tsx';
import { moduleFilterOptions } from '#lib/modules.ts';
import type { UsersFilters } from '../api/get-users.ts';

const STATUS_TEXT: Record<(typeof USER_STATUSES)[number], string> = {
  registered: 'Registered',
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending Invite',
};
const ASSIGNMENT_TEXT: Record<(typeof ASSIGNMENT_STATUSES)[number], string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  complete: 'Complete',
  failed: 'Failed',
  quit: 'Quit',
  past_due: 'Past Due',
};
const SORT_TEXT: Record<(typeof USER_SORTS)[number], string> = {
  name: 'Name',
  unit: 'Unit',
  rank: 'Rank',
  last_login: 'Last sign-in',
};

export function UsersFiltersBar({
  filters,
  modules,
  units,
  onChange,
}: {
  filters: UsersFilters;
  /** Undefined while they load. */
  modules: Module[] | undefined;
  /** Undefined while they load. */
  units: readonly UnitCount[] | undefined;
  onChange(next: UsersFilters): void;
}) {
  const set = <K extends keyof UsersFilters>(key: K, value: string) => {
    const next = { ...filters, [key]: value || undefined };
    // An assignment status means something only for a module.
    if (key === 'module' && !value) next.assignment_status = undefined;
    onChange(next);
  };
  return (
    <div className="users-filters" role="group" aria-label="Filters and order">
      <UnitFilter
        id="users-filter-unit"
        label="Filter by unit"
        value={filters.unit}
        units={units}
        onChange={(unit) => set('unit', unit ?? '')}
      />
      <FilterSelect
        id="users-filter-role"
        label="Filter by role"
        value={filters.role ?? ''}
        all="All roles"
        options={ROLES.map((r) => ({ value: r, text: r }))}
        onChange={(v) => set('role', v)}
      />
      <FilterSelect
        id="users-filter-status"
        label="Filter by status"
        value={filters.status ?? ''}
        all="All statuses"
        options={USER_STATUSES.map((s) => ({ value: s, text: STATUS_TEXT[s] }))}
        onChange={(v) => set('status', v)}
      />
      <FilterSelect
        id="users-filter-module"
        label="Filter by module"
        value={filters.module ?? ''}
        all="Any module"
        options={moduleFilterOptions(modules, filters.module)}
        onChange={(v) => set('module', v)}
      />
      {/* An assignment status means something only for a module: offered once one is chosen. */}
      {filters.module && (
        <FilterSelect
          id="users-filter-assignment"
          label="Filter by assignment status"
          value={filters.assignment_status ?? ''}
          all="Any status"
          options={ASSIGNMENT_STATUSES.map((s) => ({ value: s, text: ASSIGNMENT_TEXT[s] }))}
          onChange={(v) => set('assignment_status', v)}
        />
      )}
      <FilterSelect
        id="users-filter-recert"
        label="Filter by recertification"
        value={filters.recert ?? ''}
        all="Any"
        options={[{ value: 'due', text: RECERT_DUE_LABEL }]}
        onChange={(v) => set('recert', v)}
      />
      <FilterSelect
        id="users-sort"
        label="Sort by"
        value={filters.sort ?? 'name'}
        options={USER_SORTS.map((s) => ({ value: s, text: SORT_TEXT[s] }))}
        onChange={(v) => set('sort', v === 'name' ? '' : v)}
      />
    </div>
  );
}
