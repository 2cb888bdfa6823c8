import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { blankAction, type Module } from '@airman/contracts/module.ts';
import { makeModule } from '#testing/fixtures.ts';
import { description, enter, headerRows, messageAt, renderEditorTable } from '#testing/editor-table.tsx';
import { ActionsTable } from './actions-table.tsx';

const module: Module = makeModule({
  days: 3,
  daily_time_tokens: 2,
  starting_gauges: { energy: 50 },
  actions: [{ ...blankAction('Run'), results: { energy: -5 } }, blankAction('Rest')],
});

describe('the actions table', () => {
  it("heads its columns with the labels the Check names them by, a gauge's name under Results", () => {
    renderEditorTable(ActionsTable, module);
    expect(headerRows(screen.getByRole('table', { name: 'Actions' }))).toEqual([
      ['Details', 'Action', 'Token cost', 'Cooldown (days)', 'Disabled', 'Results', 'Move or remove'],
      ['energy'],
    ]);
  });

  it("puts a typed cost, a result and a ticked flag into that row's action", async () => {
    const { user, module: edited } = renderEditorTable(ActionsTable, module);
    await enter(user, screen.getByRole('spinbutton', { name: 'Token cost, action Rest' }), '2');
    await enter(user, screen.getByRole('spinbutton', { name: 'energy change, action Rest' }), '4');
    await user.click(screen.getByRole('checkbox', { name: 'Disabled, action Run' }));
    const [run, rest] = edited().actions;
    expect(rest).toMatchObject({ token_cost: 2, results: { energy: 4 }, disabled: false });
    expect(run).toMatchObject({ token_cost: 1, results: { energy: -5 }, disabled: true });
  });

  it("marks the row's name when the Check finds it blank, and only it", async () => {
    const { user } = renderEditorTable(ActionsTable, module);
    const name = screen.getByRole('textbox', { name: 'Action name, row 2' });
    await user.clear(name);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const broken = { ...module, actions: [module.actions[0]!, { ...module.actions[1]!, name: '' }] };
    expect(description(name)).toBe(messageAt(broken, 'actions.1.name'));
    expect(screen.getByRole('textbox', { name: 'Action name, row 1' }).getAttribute('aria-invalid')).toBeNull();
    expect(
      screen.getByRole('spinbutton', { name: 'Token cost, action in row 2' }).getAttribute('aria-invalid'),
    ).toBeNull();
  });

  it('puts focus on the new row, the moved row and the next row after add, move and remove', async () => {
    const { user, module: edited } = renderEditorTable(ActionsTable, module);
    await user.click(screen.getByRole('button', { name: 'Add Action' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Action name, row 3' }));

    await user.click(screen.getByRole('button', { name: 'Down action Run' }));
    expect(
      edited()
        .actions.map((a) => a.name)
        .slice(0, 2),
    ).toEqual(['Rest', 'Run']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Down action Run' }));

    await user.click(screen.getByRole('button', { name: 'Remove action Rest' }));
    expect(edited().actions.map((a) => a.name)).not.toContain('Rest');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Action name, row 1' }));
    expect((document.activeElement as HTMLInputElement).value).toBe('Run');
  });
});
