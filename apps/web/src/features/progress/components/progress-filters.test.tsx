import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RANKS, rankLabel } from '@airman/contracts/ranks.ts';
import { makeModule } from '#testing/fixtures.ts';
import type { ProgressFilters } from '../api/get-progress.ts';
import { ProgressFiltersBar } from './progress-filters.tsx';
import { preloadUnitFilter } from '#components/unit-filter.tsx';

// The unit filter as it is once its code has loaded (unit-filter.test.tsx: its stand-in before).
beforeAll(async () => {
  await preloadUnitFilter();
});

const modules = [makeModule({ id: 'fitness', game_title: 'Fitness Basics' })];

const UNITS = [
  { unit: '99 ABW', users: 12, total: 12, depth: 0 },
  { unit: '655 ISRW', users: 3, total: 3, depth: 0 },
];

function renderBar(filters: ProgressFilters = {}, units = UNITS) {
  const onChange = vi.fn<(next: ProgressFilters) => void>();
  const user = userEvent.setup({ delay: null });
  const view = render(<ProgressFiltersBar filters={filters} modules={modules} units={units} onChange={onChange} />);
  return { ...view, onChange, user };
}

const optionTexts = (label: string) => [...screen.getByLabelText<HTMLSelectElement>(label).options].map((o) => o.text);

/** The options of the unit combo box's list, as they read. */
const unitOptions = (name: string) => {
  const list = screen.getByRole('combobox', { name }).getAttribute('aria-controls') ?? '';
  return within(document.getElementById(list) ?? document.body)
    .queryAllByRole('option')
    .map((o) => o.textContent);
};

describe('ProgressFiltersBar', () => {
  it('offers the modules, the units and every rank', async () => {
    const { user } = renderBar();
    expect(screen.getByRole('group', { name: 'Filters' })).toBeTruthy();
    expect(optionTexts('Module')).toEqual(['All modules', 'Fitness Basics']);
    expect(optionTexts('Rank')).toEqual(['All ranks', ...RANKS.map(rankLabel)]);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(unitOptions('Unit')).toEqual(['99 ABW 12 users', '655 ISRW 3 users']);
  });

  it('applies the unit chosen from those that match the text, keeping the other filters', async () => {
    const { user, onChange } = renderBar({ module: 'fitness' });
    await user.type(screen.getByRole('combobox', { name: 'Unit' }), 'isrw');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ module: 'fitness', unit: '655 ISRW' });
  });

  it('shows a unit from the URL that no user is in yet', () => {
    renderBar({ unit: '42 OG' });
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Unit' }).value).toBe('42 OG');
  });

  it('applies each filter as it changes, keeping the others', async () => {
    const { user, onChange } = renderBar({ module: 'fitness' });
    const rank = RANKS[0]?.abbreviation ?? '';
    await user.selectOptions(screen.getByLabelText('Rank'), rank);
    expect(onChange).toHaveBeenLastCalledWith({ module: 'fitness', rank });
    await user.selectOptions(screen.getByLabelText('Module'), '');
    expect(onChange).toHaveBeenLastCalledWith({ module: undefined });
  });

  it('takes the completions range from the date fields, typed as the other date fields are', async () => {
    const { user, onChange } = renderBar();
    // Typed as a user types: into the field that has the focus (the date field takes the plain
    // input's place once the click has ended, the code having begun to load before the test).
    await user.click(screen.getByLabelText('Completions from'));
    await user.keyboard('1/31/2030{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2030-01-31' });
  });

  it('has Clear filters disabled with nothing to clear', () => {
    renderBar();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveProperty('disabled', true);
  });

  it('clears every filter and puts focus on the first filter, not the page', async () => {
    const { user, onChange, rerender } = renderBar({ module: 'fitness', unit: '99 ABW', to: '2030-01-01' });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith({});
    rerender(<ProgressFiltersBar filters={{}} modules={modules} units={UNITS} onChange={onChange} />);
    expect(document.activeElement).toBe(screen.getByLabelText('Module'));
    expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveProperty('disabled', true);
  });
});
