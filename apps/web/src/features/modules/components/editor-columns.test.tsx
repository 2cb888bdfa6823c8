import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { headerRows } from '#testing/editor-table.tsx';
import { renderWithApp } from '#testing/render.tsx';
import type { FieldErrors } from '../field-errors.ts';
import {
  checkColumn,
  ColumnCells,
  columnCount,
  ColumnsHead,
  countColumn,
  nameColumn,
  numberColumn,
  removeColumn,
  resultsColumn,
  textColumn,
  type Column,
} from './editor-columns.tsx';
import { EditorTable, useFocusSoon } from './editor-table.tsx';
import { FieldErrorsProvider } from './field-errors-context.tsx';

interface Drill {
  name: string;
  reps: number | undefined;
  note: string;
  done: boolean;
  parts: number;
  results: Record<string, number>;
}

const DRILLS: Drill[] = [
  { name: 'Push', reps: 10, note: '', done: false, parts: 2, results: { energy: -2 } },
  { name: 'Pull', reps: undefined, note: 'Slow', done: true, parts: 1, results: {} },
];

/** A table of drills drawn from the toolkit's columns, rows `drill-{n}`; what they hold is shown under it. */
function DrillTable({ gauges, errors }: { gauges: string[]; errors: FieldErrors }) {
  const [drills, setDrills] = useState(DRILLS);
  const focusSoon = useFocusSoon();
  const set = (n: number, patch: Partial<Drill>) =>
    setDrills((ds) => ds.map((d, i) => (i === n ? { ...d, ...patch } : d)));
  const columns: Column<Drill>[] = [
    nameColumn({ label: 'Drill', value: (d) => d.name, onChange: (name, { index }) => set(index, { name }) }),
    numberColumn({
      label: 'Reps',
      field: 'reps',
      min: 0,
      value: (d) => d.reps,
      onChange: (text, { index }) => set(index, { reps: Number(text) }),
    }),
    textColumn({
      label: 'Note',
      header: 'Note (a line)',
      field: 'note',
      value: (d) => d.note,
      onChange: (note, { index }) => set(index, { note }),
    }),
    checkColumn({
      label: 'Done',
      field: 'done',
      value: (d) => d.done,
      onChange: (done, { index }) => set(index, { done }),
    }),
    countColumn({ key: 'parts', label: 'Parts', value: (d) => d.parts }),
    resultsColumn({
      results: gauges.map((g) => ({ key: g, label: g })),
      value: (d) => d.results,
      onChange: (results, { index }) => set(index, { results }),
    }),
    removeColumn({
      focusSoon,
      afterRemove: (n) => [`drill-${n}-name`, `drill-${n - 1}-name`],
      removable: drills.length > 1,
      onRemove: (n) => setDrills((ds) => ds.filter((_, i) => i !== n)),
    }),
  ];
  return (
    <FieldErrorsProvider errors={errors}>
      <h3 id="drills">Drills</h3>
      <EditorTable labelledBy="drills" scrollerFocusable={false} head={<ColumnsHead columns={columns} />}>
        {drills.map((d, n) => (
          <tr key={n}>
            <ColumnCells
              columns={columns}
              row={{ item: d, index: n, id: `drill-${n}`, who: `drill ${d.name}`, disabled: false }}
            />
          </tr>
        ))}
      </EditorTable>
      <output>{JSON.stringify(drills)}</output>
      <p data-testid="count">{columnCount(columns, true)}</p>
    </FieldErrorsProvider>
  );
}

const NO_ERRORS: FieldErrors = { fields: new Map(), details: new Map(), tables: new Map() };
const held = (): Drill[] => JSON.parse(screen.getByRole('status').textContent ?? '[]') as Drill[];

describe('the editor column toolkit', () => {
  it('heads the columns in one row without results, with a header of its own where a column has one', () => {
    renderWithApp(<DrillTable gauges={[]} errors={NO_ERRORS} />);
    const table = screen.getByRole('table', { name: 'Drills' });
    expect(headerRows(table)).toEqual([['Drill', 'Reps', 'Note (a line)', 'Done', 'Parts', 'Remove']]);
    const [drill, reps, , done, parts, remove] = table.querySelectorAll('th');
    expect(drill!.className).toBe('');
    expect(reps!.className).toBe('editor-table__number');
    expect(done!.className).toBe('editor-table__check');
    expect(parts!.className).toBe('editor-table__number');
    expect(remove!.querySelector('.visually-hidden')?.textContent).toBe('Remove');
    expect(drill!.getAttribute('rowspan')).toBeNull();
    // Expand buttons, five fields, no result, Remove.
    expect(screen.getByTestId('count').textContent).toBe('7');
  });

  it('draws a number column narrow unless told to take its share of the table', () => {
    const column = (narrow?: boolean) =>
      numberColumn<Drill>({ label: 'Reps', field: 'reps', narrow, value: (d) => d.reps, onChange: () => undefined });
    expect(column().header.className).toBe('editor-table__number');
    expect(column(true).header.className).toBe('editor-table__number');
    expect(column(false).header.className).toBeUndefined();
  });

  it("spans 'Results' over a column per gauge, named in a second row, the other headers over both", () => {
    renderWithApp(<DrillTable gauges={['energy', 'morale']} errors={NO_ERRORS} />);
    const table = screen.getByRole('table', { name: 'Drills' });
    expect(headerRows(table)).toEqual([
      ['Drill', 'Reps', 'Note (a line)', 'Done', 'Parts', 'Results', 'Remove'],
      ['energy', 'morale'],
    ]);
    const results = screen.getByRole('columnheader', { name: 'Results' });
    expect(results.getAttribute('colspan')).toBe('2');
    expect(results.getAttribute('scope')).toBe('colgroup');
    expect(screen.getByRole('columnheader', { name: 'Drill' }).getAttribute('rowspan')).toBe('2');
    // Expand buttons, five fields, two results, Remove.
    expect(screen.getByTestId('count').textContent).toBe('9');
    expect(screen.getByRole('spinbutton', { name: 'morale change, drill Push' }).id).toBe('drill-0-result-1');
  });

  it("draws each row's fields with the row's ids and names, and gives what is typed to the row", async () => {
    const { user } = renderWithApp(<DrillTable gauges={['energy']} errors={NO_ERRORS} />);
    const name = screen.getByRole('textbox', { name: 'Drill name, row 2' });
    expect(name.id).toBe('drill-1-name');
    const reps = screen.getByRole('spinbutton', { name: 'Reps, drill Pull' });
    expect(reps.id).toBe('drill-1-reps');
    expect(screen.getByRole('textbox', { name: 'Note, drill Pull' }).id).toBe('drill-1-note');
    expect(screen.getByRole('checkbox', { name: 'Done, drill Push' }).id).toBe('drill-0-done');
    expect(
      screen
        .getAllByRole('cell')
        .filter((c) => c.className.includes('editor-table__count'))
        .map((c) => c.textContent),
    ).toEqual(['2', '1']);

    await user.click(reps);
    await user.paste('12');
    await user.click(screen.getByRole('checkbox', { name: 'Done, drill Push' }));
    await user.click(screen.getByRole('spinbutton', { name: 'energy change, drill Pull' }));
    await user.paste('3');
    expect(held()[1]).toMatchObject({ reps: 12, results: { energy: 3 } });
    expect(held()[0]).toMatchObject({ done: true });
  });

  it('marks the field an error names, by its id, and no other', () => {
    const errors: FieldErrors = { ...NO_ERRORS, fields: new Map([['drill-1-reps', ['Must be 0 or more.']]]) };
    renderWithApp(<DrillTable gauges={[]} errors={errors} />);
    const reps = screen.getByRole('spinbutton', { name: 'Reps, drill Pull' });
    expect(reps.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(reps.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Must be 0 or more.',
    );
    expect(screen.getByRole('spinbutton', { name: 'Reps, drill Push' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Drill name, row 2' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('puts focus on the row that takes a removed row’s place, and keeps the last row', async () => {
    const { user } = renderWithApp(<DrillTable gauges={[]} errors={NO_ERRORS} />);
    await user.click(screen.getByRole('button', { name: 'Remove drill Push' }));
    expect(held().map((d) => d.name)).toEqual(['Pull']);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Drill name, row 1' }));
    expect((screen.getByRole('button', { name: 'Remove drill Pull' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
