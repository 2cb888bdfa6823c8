import { describe, expect, it } from 'vitest';
import { createRef } from 'react';
import { render, screen, within } from '@testing-library/react';
import { SimpleTable } from './simple-table.tsx';

const rows = (
  <tr>
    <td>AB</td>
    <td>655 ISRW</td>
  </tr>
);

describe('SimpleTable', () => {
  it('heads each column and names the table by its caption, shown or hidden', () => {
    const { rerender } = render(
      <SimpleTable headers={['Rank', 'Unit']} caption="Trainees of 655 ISRW">
        {rows}
      </SimpleTable>,
    );
    const table = screen.getByRole('table', { name: 'Trainees of 655 ISRW' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'Unit']);
    expect(within(table).getByRole('cell', { name: '655 ISRW' })).toBeTruthy();
    expect(table.className).toBe('cds--data-table cds--data-table--sm');

    rerender(
      <SimpleTable headers={['Rank', 'Unit']} caption="Trainees of 655 ISRW" captionHidden size="md">
        {rows}
      </SimpleTable>,
    );
    expect(screen.getByRole('table', { name: 'Trainees of 655 ISRW' }).querySelector('caption')?.className).toBe(
      'visually-hidden',
    );
  });

  it('scrolls in a focusable region when given its name, and in a plain box otherwise', () => {
    const { rerender } = render(
      <SimpleTable headers={['Rank', 'Unit']} label="Trainees" scroll={{ label: 'Trainees, scrollable' }}>
        {rows}
      </SimpleTable>,
    );
    const region = screen.getByRole('region', { name: 'Trainees, scrollable' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Trainees' })).toBeTruthy();

    rerender(
      <SimpleTable headers={['Rank', 'Unit']} label="Trainees" scroll="plain">
        {rows}
      </SimpleTable>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement?.className).toBe('table-scroll');
  });

  it('lets its caption take focus through a ref, and only then', () => {
    const ref = createRef<HTMLTableCaptionElement>();
    render(
      <SimpleTable headers={['Time']} caption="Entries 1–50" captionRef={ref}>
        <tr>
          <td>now</td>
        </tr>
      </SimpleTable>,
    );
    ref.current?.focus();
    expect(document.activeElement?.textContent).toBe('Entries 1–50');
  });
});
