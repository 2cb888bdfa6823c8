import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Module } from '@airman/contracts/module.ts';
import { makeModule } from '#testing/fixtures.ts';
import { description, enter, headerRows, messageAt, renderEditorTable } from '#testing/editor-table.tsx';
import { ObjectivesTable } from './objectives-table.tsx';

const module: Module = makeModule({
  objectives: [
    { name: 'Pass PT', active: true, hidden: false },
    { name: 'Secret', active: false, hidden: true },
  ],
});

describe('the objectives table', () => {
  it('heads its columns with the labels the Check names them by', () => {
    renderEditorTable(ObjectivesTable, module);
    expect(headerRows(screen.getByRole('table', { name: 'Objectives' }))).toEqual([
      ['Objective', 'Active', 'Hidden', 'Move or remove'],
    ]);
  });

  it("puts a ticked flag and a new name into that row's objective", async () => {
    const { user, module: edited } = renderEditorTable(ObjectivesTable, module);
    await user.click(screen.getByRole('checkbox', { name: 'Hidden, objective Pass PT' }));
    await enter(user, screen.getByRole('textbox', { name: 'Objective name, row 2' }), 'Found');
    expect(edited().objectives).toEqual([
      { name: 'Pass PT', active: true, hidden: true },
      { name: 'Found', active: false, hidden: true },
    ]);
  });

  it("marks the row's name when the Check finds it blank, and only it", async () => {
    const { user } = renderEditorTable(ObjectivesTable, module);
    const name = screen.getByRole('textbox', { name: 'Objective name, row 2' });
    await user.clear(name);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const blank = { ...module, objectives: [module.objectives[0]!, { ...module.objectives[1]!, name: '' }] };
    expect(description(name)).toBe(messageAt(blank, 'objectives.1.name'));
    expect(screen.getByRole('textbox', { name: 'Objective name, row 1' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Active, objective in row 2' }).getAttribute('aria-invalid')).not.toBe(
      'true',
    );
  });

  it('puts focus on the new row, the moved row and the next row after add, move and remove', async () => {
    const { user, module: edited } = renderEditorTable(ObjectivesTable, module);
    await user.click(screen.getByRole('button', { name: 'Add Objective' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Objective name, row 3' }));

    await user.click(screen.getByRole('button', { name: 'Up objective Secret' }));
    expect(edited().objectives[0]!.name).toBe('Secret');
    // At the top Up is disabled: focus goes to the row's Down.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Down objective Secret' }));

    await user.click(screen.getByRole('button', { name: 'Remove objective Pass PT' }));
    expect(edited().objectives.map((o) => o.name)).not.toContain('Pass PT');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Objective name, row 2' }));
  });
});
