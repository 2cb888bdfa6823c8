import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Module } from '@airman/contracts/module.ts';
import { makeModule } from '#testing/fixtures.ts';
import { description, enter, headerRows, messageAt, renderEditorTable } from '#testing/editor-table.tsx';
import { GaugesTable } from './gauges-table.tsx';

const module: Module = makeModule({ starting_gauges: { energy: 50, morale: 40 } });

describe('the gauges table', () => {
  it('heads its columns with the labels the Check names them by', () => {
    renderEditorTable(GaugesTable, module);
    expect(headerRows(screen.getByRole('table', { name: 'Gauges' }))).toEqual([
      [
        'Gauge',
        'Starting value',
        'Daily change',
        'Healthy from',
        'Healthy to',
        'Lesson when low',
        'Lesson when high',
        'Move or remove',
      ],
    ]);
  });

  it('puts what is typed in a row into that gauge, a range end with its default other end', async () => {
    const { user, module: edited } = renderEditorTable(GaugesTable, module);
    await enter(user, screen.getByRole('spinbutton', { name: 'Daily change, gauge morale' }), '-3');
    await enter(user, screen.getByRole('spinbutton', { name: 'Healthy from, gauge energy' }), '30');
    await enter(user, screen.getByRole('textbox', { name: 'Lesson when low, gauge energy' }), 'Sleep more.');
    expect(edited().daily_change).toEqual({ morale: -3 });
    expect(edited().healthy_range).toEqual({ energy: [30, 100] });
    expect(edited().lessons).toEqual({ energy: { low: 'Sleep more.' } });
  });

  it("marks the field the Check's error names, and only it", async () => {
    const { user } = renderEditorTable(GaugesTable, module);
    const start = screen.getByRole('spinbutton', { name: 'Starting value, gauge morale' });
    await enter(user, start, '150');
    await waitFor(() => expect(start.getAttribute('aria-invalid')).toBe('true'));
    expect(description(start)).toBe(
      messageAt({ ...module, starting_gauges: { energy: 50, morale: 150 } }, 'starting_gauges.morale'),
    );
    expect(
      screen.getByRole('spinbutton', { name: 'Starting value, gauge energy' }).getAttribute('aria-invalid'),
    ).toBeNull();
    expect(
      screen.getByRole('spinbutton', { name: 'Daily change, gauge morale' }).getAttribute('aria-invalid'),
    ).toBeNull();
  });

  it('puts focus on the new row, the moved row and the next row after add, move and remove', async () => {
    const { user, module: edited } = renderEditorTable(GaugesTable, module);
    await user.click(screen.getByRole('button', { name: 'Add Gauge' }));
    const added = screen.getByRole('textbox', { name: 'Gauge name, row 3' });
    expect(document.activeElement).toBe(added);

    // Down at the table's end is disabled: focus goes to the row's Up.
    await user.click(screen.getByRole('button', { name: 'Down gauge morale' }));
    expect(Object.keys(edited().starting_gauges)[2]).toBe('morale');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Up gauge morale' }));

    await user.click(screen.getByRole('button', { name: 'Remove gauge energy' }));
    expect(Object.keys(edited().starting_gauges)).not.toContain('energy');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Gauge name, row 1' }));
  });
});
