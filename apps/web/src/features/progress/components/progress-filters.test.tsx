import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RANKS, rankLabel } from '@airman/contracts/ranks.ts';
import { makeModule } from '../../../testing/fixtures.ts';
import type { ProgressFilters } from '../api/get-progress.ts';
import { ProgressFiltersBar } from './progress-filters.tsx';

const modules = [makeModule({ id: 'fitness', game_title: 'Fitness Basics' })];

function renderBar(filters: ProgressFilters = {}, units = ['99 ABW', '']) {
  const onChange = vi.fn<(next: ProgressFilters) => void>();
  const user = userEvent.setup({ delay: null });
  const view = render(<ProgressFiltersBar filters={filters} modules={modules} units={units} onChange={onChange} />);
  return { ...view, onChange, user };
}

const optionTexts = (label: string) => [...screen.getByLabelText<HTMLSelectElement>(label).options].map((o) => o.text);

describe('ProgressFiltersBar', () => {
  it('offers the modules, the named units and every rank', () => {
    renderBar();
    expect(screen.getByRole('group', { name: 'Filters' })).toBeTruthy();
    expect(optionTexts('Module')).toEqual(['All modules', 'Fitness Basics']);
    // Not users without a unit: that option's empty value was All units' own.
    expect(optionTexts('Unit')).toEqual(['All units', '99 ABW']);
    expect(optionTexts('Rank')).toEqual(['All ranks', ...RANKS.map(rankLabel)]);
  });

  it('offers a unit from the URL that has no assignments yet', () => {
    renderBar({ unit: '42 OG' });
    expect(optionTexts('Unit')).toEqual(['All units', '99 ABW', '42 OG']);
    expect(screen.getByLabelText<HTMLSelectElement>('Unit').value).toBe('42 OG');
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
    await user.type(screen.getByLabelText('Completions from'), '1/31/2030');
    await user.keyboard('{Enter}');
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
    rerender(<ProgressFiltersBar filters={{}} modules={modules} units={['99 ABW']} onChange={onChange} />);
    expect(document.activeElement).toBe(screen.getByLabelText('Module'));
    expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveProperty('disabled', true);
  });
});
