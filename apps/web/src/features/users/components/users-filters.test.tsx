import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeModule } from '#testing/fixtures.ts';
import type { UsersFilters } from '../api/get-users.ts';
import { UsersFiltersBar } from './users-filters.tsx';
import { preloadUnitFilter } from '#components/unit-filter.tsx';

// The unit filter as it is once its code has loaded (unit-filter.test.tsx: its stand-in before).
beforeAll(async () => {
  await preloadUnitFilter();
});

const modules = [
  makeModule({ id: 'fitness', game_title: 'Fitness Basics' }),
  makeModule({ id: 'old', game_title: 'Old Module', archived_at: 1 }),
];

const units = [
  { unit: '1655 Sq', users: 2, total: 2, depth: 0 },
  { unit: '655 ISRW', users: 5, total: 5, depth: 0 },
];

function renderBar(filters: UsersFilters = {}, { loading = false } = {}) {
  const list = loading ? undefined : modules;
  const onChange = vi.fn<(next: UsersFilters) => void>();
  const user = userEvent.setup({ delay: null });
  const view = render(<UsersFiltersBar filters={filters} modules={list} units={units} onChange={onChange} />);
  return { ...view, onChange, user };
}

const options = (label: string) =>
  [...screen.getByLabelText<HTMLSelectElement>(label).options].map((o) => [o.value, o.text]);

/** The options of the unit combo box's list, as they read. */
const unitOptions = (name: string) => {
  const list = screen.getByRole('combobox', { name }).getAttribute('aria-controls') ?? '';
  return within(document.getElementById(list) ?? document.body)
    .queryAllByRole('option')
    .map((o) => o.textContent);
};

describe('UsersFiltersBar', () => {
  it('shows every filter, named, in one group', () => {
    renderBar();
    expect(screen.getByRole('group', { name: 'Filters and order' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Filter by unit' })).toBeTruthy();
    for (const label of ['Filter by role', 'Filter by status', 'Filter by module', 'Sort by'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    // No module: no assignment status to filter by.
    expect(screen.queryByLabelText('Filter by assignment status')).toBeNull();
  });

  it('offers the statuses and orders in words', () => {
    renderBar();
    expect(options('Filter by status')).toEqual([
      ['', 'All statuses'],
      ['registered', 'Registered'],
      ['active', 'Active'],
      ['inactive', 'Inactive'],
      ['pending', 'Pending Invite'],
    ]);
    expect(options('Sort by')).toEqual([
      ['name', 'Name'],
      ['unit', 'Unit'],
      ['rank', 'Rank'],
      ['last_login', 'Last sign-in'],
    ]);
  });

  it('marks archived modules, and offers a module the list does not hold', () => {
    renderBar({ module: 'gone' });
    expect(options('Filter by module')).toEqual([
      ['', 'Any module'],
      ['fitness', 'Fitness Basics'],
      ['old', 'Old Module (archived)'],
      ['gone', 'Module not found: gone'],
    ]);
  });

  it('says the modules are loading while they are', () => {
    renderBar({ module: 'fitness' }, { loading: true });
    expect(options('Filter by module')).toEqual([
      ['', 'Any module'],
      ['fitness', 'Loading modules…'],
    ]);
  });

  it('applies a select at once', async () => {
    const { user, onChange } = renderBar({ sort: 'unit' });
    await user.selectOptions(screen.getByLabelText('Filter by role'), 'admin');
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'unit', role: 'admin' });
  });

  it('drops the order when it goes back to the default, name', async () => {
    const { user, onChange } = renderBar({ sort: 'unit' });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'name');
    expect(onChange).toHaveBeenLastCalledWith({ sort: undefined });
  });

  it('offers assignment statuses once a module is chosen, and drops the status with the module', async () => {
    const { user, onChange } = renderBar({ module: 'fitness', assignment_status: 'past_due' });
    expect(screen.getByLabelText<HTMLSelectElement>('Filter by assignment status').value).toBe('past_due');
    expect(options('Filter by assignment status').map(([, text]) => text)).toEqual([
      'Any status',
      'Not Started',
      'In Progress',
      'Complete',
      'Failed',
      'Quit',
      'Past Due',
    ]);
    await user.selectOptions(screen.getByLabelText('Filter by module'), '');
    expect(onChange).toHaveBeenLastCalledWith({ module: undefined, assignment_status: undefined });
  });

  it('offers the units that start with the text before those that contain it, and applies the one chosen', async () => {
    const { user, onChange } = renderBar({ role: 'admin' });
    await user.type(screen.getByRole('combobox', { name: 'Filter by unit' }), '655');
    expect(unitOptions('Filter by unit')).toEqual(['655 ISRW 5 users', '1655 Sq 2 users']);
    // Nothing applies while typing.
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ role: 'admin', unit: '655 ISRW' });
  });

  it('removes the unit filter when the unit is cleared', async () => {
    const { user, onChange } = renderBar({ unit: '655 ISRW', role: 'admin' });
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Filter by unit' }).value).toBe('655 ISRW');
    await user.click(screen.getByRole('button', { name: 'Clear selected item' }));
    expect(onChange).toHaveBeenLastCalledWith({ role: 'admin', unit: undefined });
  });

  it('shows a unit that arrives from elsewhere (a link), even one the list does not hold', () => {
    const { rerender, onChange } = renderBar({ unit: '655 ISRW' });
    rerender(<UsersFiltersBar filters={{ unit: '42 OG' }} modules={modules} units={units} onChange={onChange} />);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Filter by unit' }).value).toBe('42 OG');
    expect(onChange).not.toHaveBeenCalled();
  });
});
