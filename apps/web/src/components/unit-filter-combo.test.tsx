import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import type { UnitsResponse } from '@airman/contracts/api.ts';
import { renderWithApp } from '../testing/render.tsx';
import { server } from '../testing/server.ts';
import { filterSearch, useUrlFilters } from '../lib/url-filters.ts';
import { useUnits } from '../lib/units.ts';
import { UnitFilterComboBox } from './unit-filter-combo.tsx';

/** The units as GET admin/units orders them (a tree, each level by name, any case). */
const UNITS: UnitsResponse = {
  units: [
    { unit: '1655 Sq', users: 4, total: 4, depth: 0 },
    { unit: '655 ISRW', users: 3, total: 6, depth: 0 },
    { unit: '655 ISRW/Det 2', users: 2, total: 2, depth: 1 },
    { unit: '655 ISRW Det 9', users: 1, total: 1, depth: 0 },
    { unit: 'B 6550', users: 2, total: 2, depth: 0 },
    { unit: 'Ops', users: 7, total: 7, depth: 0 },
  ],
};

const readUnit = (params: URLSearchParams) => ({ unit: params.get('unit') ?? undefined });
const writeUnit = (filters: { unit?: string }) => filterSearch(['unit'], filters);

/** The filter as a screen holds it: the unit in the URL, the units from the server. */
function Screen() {
  const [filters, change] = useUrlFilters(readUnit, writeUnit);
  const units = useUnits();
  return (
    <>
      <UnitFilterComboBox
        id="unit"
        label="Unit"
        value={filters.unit}
        units={units.data}
        onChange={(unit) => change({ unit })}
      />
      <p data-testid="search">{useLocation().search}</p>
    </>
  );
}

function renderFilter(path = '/units') {
  server.use(http.get('/api/admin/units', () => HttpResponse.json(UNITS)));
  return renderWithApp(<Screen />, { path });
}

const field = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Unit' });
const search = () => screen.getByTestId('search').textContent;
const optionNames = () =>
  screen.queryAllByRole('option').map((o) => o.querySelector('.unit-filter__name')?.textContent);
const status = () => screen.getByRole('status').textContent;
/** The list has loaded once an option is offered for the whole list. */
const loaded = () => waitFor(() => expect(screen.queryByText('Loading units…')).toBeNull());

describe('UnitFilterComboBox', () => {
  it('shows the units as a tree: a unit under another indented, by the last part of its name', async () => {
    const { user } = renderFilter();
    await loaded();
    await user.click(field());
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '1655 Sq 4 users',
      '655 ISRW 6 users',
      '655 ISRW/Det 2 2 users',
      '655 ISRW Det 9 1 user',
      'B 6550 2 users',
      'Ops 7 users',
    ]);
    // The parent's part is read out but hidden from sight; the row is indented instead.
    const sub = options[2]!.querySelector<HTMLElement>('.unit-filter__option')!;
    expect(sub.querySelector('.visually-hidden')?.textContent).toBe('655 ISRW/');
    expect(sub.style.paddingInlineStart).toBe('1rem');
    expect(options[1]!.querySelector<HTMLElement>('.unit-filter__option')!.style.paddingInlineStart).toBe('');
  });

  it('lists the units that start with the text first, then those that contain it, any case and trimmed', async () => {
    const { user } = renderFilter();
    await loaded();
    await user.type(field(), ' 655 ');
    expect(optionNames()).toEqual(['655 ISRW', '655 ISRW/Det 2', '655 ISRW Det 9', '1655 Sq', 'B 6550']);
    expect(status()).toBe('5 units match. Use the arrow keys to choose one.');
    await user.clear(field());
    await user.type(field(), 'isrw');
    expect(optionNames()).toEqual(['655 ISRW', '655 ISRW/Det 2', '655 ISRW Det 9']);
    // Each unit with its number of users, those of the units under it included.
    expect(screen.getAllByRole('option')[0]?.textContent).toBe('655 ISRW 6 users');
    expect(search()).toBe('');
  });

  it('applies the chosen unit exactly, by keys alone', async () => {
    const { user } = renderFilter();
    await loaded();
    await user.type(field(), '655');
    // The first match is highlighted as one types: Down moves to the next, Enter chooses it.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(search()).toBe('?unit=655+ISRW+Det+9'));
    expect(field().value).toBe('655 ISRW Det 9');
    expect(document.activeElement).toBe(field());
    expect(status()).toBe('Filtering by unit 655 ISRW Det 9.');
  });

  it('highlights the first unit listed, though the keystroke before listed another first', async () => {
    server.use(
      http.get('/api/admin/units', () =>
        HttpResponse.json({
          units: [
            { unit: '1655 Sq', users: 1, total: 1, depth: 0 },
            { unit: '65 ABW', users: 1, total: 1, depth: 0 },
            { unit: '655 ISRG', users: 1, total: 1, depth: 0 },
            { unit: '655 ISRW', users: 1, total: 1, depth: 0 },
          ],
        } satisfies UnitsResponse),
      ),
    );
    const { user } = renderWithApp(<Screen />, { path: '/units' });
    await loaded();
    // '65' lists 65 ABW first; '655' drops it, and 655 ISRG is now first.
    await user.type(field(), '655');
    expect(optionNames()).toEqual(['655 ISRG', '655 ISRW', '1655 Sq']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(search()).toBe('?unit=655+ISRG'));
  });

  it('leaves with Tab, choosing the unit highlighted as Enter would', async () => {
    const { user } = renderFilter();
    await loaded();
    await user.type(field(), 'ISRW');
    await user.tab();
    await waitFor(() => expect(search()).toBe('?unit=655+ISRW'));
    expect(field().value).toBe('655 ISRW');
  });

  it('applies a unit chosen with the mouse', async () => {
    const { user } = renderFilter();
    await loaded();
    await user.type(field(), 'ops');
    await user.click(screen.getByRole('option', { name: /^Ops/ }));
    await waitFor(() => expect(search()).toBe('?unit=Ops'));
  });

  it('removes the filter with the clear button, focus staying in the field', async () => {
    const { user } = renderFilter('/units?unit=Ops');
    await loaded();
    expect(field().value).toBe('Ops');
    await user.click(screen.getByRole('button', { name: 'Clear selected item' }));
    await waitFor(() => expect(search()).toBe(''));
    expect(field().value).toBe('');
    expect(document.activeElement).toBe(field());
    expect(status()).toBe('Unit filter cleared.');
  });

  it('removes the filter when the field is emptied and left', async () => {
    const { user } = renderFilter('/units?unit=Ops');
    await loaded();
    await user.clear(field());
    expect(search()).toBe('?unit=Ops');
    await user.tab();
    await waitFor(() => expect(search()).toBe(''));
  });

  it('removes the filter with Escape: the first closes the list, the second clears', async () => {
    const { user } = renderFilter('/units?unit=Ops');
    await loaded();
    await user.click(field());
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(search()).toBe('?unit=Ops');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(search()).toBe(''));
    expect(field().value).toBe('');
  });

  it('shows and keeps a unit from the URL that the list does not hold', async () => {
    const { user } = renderFilter('/units?unit=42%20OG');
    await loaded();
    expect(field().value).toBe('42 OG');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(optionNames()).toEqual([...UNITS.units.map((u) => u.unit), '42 OG']);
    // Opening the list applied nothing: the link's unit is still the filter.
    expect(search()).toBe('?unit=42%20OG');
  });

  it('says when no unit matches, and Enter applies nothing', async () => {
    const { user } = renderFilter('/units?unit=Ops');
    await loaded();
    await user.clear(field());
    await user.type(field(), 'zzz');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No unit matches')).toBeTruthy();
    expect(status()).toBe('No unit matches.');
    await user.keyboard('{Enter}');
    expect(search()).toBe('?unit=Ops');
    // Leaving puts back the unit in effect.
    await user.tab();
    expect(field().value).toBe('Ops');
    expect(search()).toBe('?unit=Ops');
  });
});
