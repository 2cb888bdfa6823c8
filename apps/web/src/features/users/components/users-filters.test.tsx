import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeModule } from '../../../testing/fixtures.ts';
import type { UsersFilters } from '../api/get-users.ts';
import { UsersFiltersBar } from './users-filters.tsx';

const modules = [
  makeModule({ id: 'fitness', game_title: 'Fitness Basics' }),
  makeModule({ id: 'old', game_title: 'Old Module', archived_at: 1 }),
];

function renderBar(filters: UsersFilters = {}, { loading = false } = {}) {
  const list = loading ? undefined : modules;
  const onChange = vi.fn<(next: UsersFilters) => void>();
  const user = userEvent.setup({ delay: null });
  const view = render(<UsersFiltersBar filters={filters} modules={list} onChange={onChange} />);
  return { ...view, onChange, user };
}

const options = (label: string) =>
  [...screen.getByLabelText<HTMLSelectElement>(label).options].map((o) => [o.value, o.text]);

describe('UsersFiltersBar', () => {
  it('shows every filter, named, in one group', () => {
    renderBar();
    expect(screen.getByRole('group', { name: 'Filters and order' })).toBeTruthy();
    for (const label of ['Filter by unit', 'Filter by role', 'Filter by status', 'Filter by module', 'Sort by'])
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

  it('applies the unit a second after the last key, trimmed', async () => {
    const { user, onChange } = renderBar();
    await user.type(screen.getByLabelText('Filter by unit'), ' 99 ABW ');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ unit: '99 ABW' }), { timeout: 2500 });
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('clears the unit filter when the field is emptied', async () => {
    const { user, onChange } = renderBar({ unit: '99 ABW' });
    await user.clear(screen.getByLabelText('Filter by unit'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ unit: undefined }), { timeout: 2500 });
  });

  it('shows a unit that arrives from elsewhere (a link), replacing what the field had', () => {
    const { rerender, onChange } = renderBar({ unit: 'A' });
    rerender(<UsersFiltersBar filters={{ unit: 'B' }} modules={modules} onChange={onChange} />);
    expect(screen.getByLabelText<HTMLInputElement>('Filter by unit').value).toBe('B');
  });

  it('keeps what is typed while its own unit arrives', async () => {
    const { user, onChange, rerender } = renderBar();
    const field = screen.getByLabelText<HTMLInputElement>('Filter by unit');
    await user.type(field, 'Ops ');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ unit: 'Ops' }), { timeout: 2500 });
    rerender(<UsersFiltersBar filters={{ unit: 'Ops' }} modules={modules} onChange={onChange} />);
    // The trailing space typed stays: the field is not rewritten with the unit it asked for.
    expect(field.value).toBe('Ops ');
  });
});
