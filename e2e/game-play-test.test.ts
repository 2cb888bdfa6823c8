import { expect, it } from 'vitest';
import { blankAction, DEFAULT_GAME_RECORD, type Module } from '@airman/contracts/module.ts';
import { api, apiLogin } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';

const drill: Module = {
  ...DEFAULT_GAME_RECORD,
  game_title: 'Play-test drill',
  game_description: 'One day to finish one task.',
  days: 1,
  daily_time_tokens: 3,
  starting_gauges: { energy: 50 },
  objectives: [{ name: 'Finish the task', active: true, hidden: false }],
  actions: [
    {
      ...blankAction('Do the task'),
      token_cost: 2,
      results: { energy: -5 },
      changes_objectives: { add: [], remove: ['Finish the task'] },
    },
  ],
};

describeE2E("the module editor's play-test", (e2e) => {
  it('plays the module as edited, unsaved changes included, with the same game, and stores nothing', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const { id } = await api<{ id: string }>(e2e.baseUrl, admin, 'POST', 'modules', drill);
    const { context, page } = await e2e.adminPage('/modules');
    const gameCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/game')) gameCalls.push(r.url());
    });
    const row = page.locator('tr', { hasText: 'Play-test drill' }).first();
    await row.getByRole('button', { name: /^Edit Play-test drill/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Module: Play-test drill' });
    await dialog.getByLabel('Title').fill('Play-test drill, edited');

    await dialog.getByRole('button', { name: 'Play-test' }).click();
    const game = dialog.getByRole('region', { name: 'Game controls' });
    await game.getByRole('heading', { name: 'Play-test drill, edited' }).waitFor();
    // Focus went into the game: its briefing's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Play-test drill, edited');
    await game.getByText('One day to finish one task.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.GAME_SHOTS) await page.screenshot({ path: `${process.env.GAME_SHOTS}/play-test.png` });
    await game.getByRole('button', { name: 'Start day 1' }).click();
    await game.getByRole('button', { name: 'Do the task −5 Energy · 2 tokens · completes Finish the task' }).click();
    await game.getByText('Objective done: Finish the task.', { exact: false }).first().waitFor();
    await game.getByRole('button', { name: 'End Day' }).click();
    await game.getByRole('heading', { name: 'Play-test drill, edited: Complete' }).waitFor();
    await game.getByText('Complete: every goal done in 1 day.', { exact: true }).waitFor();
    await game.getByRole('button', { name: 'Play again' }).click();
    await game.getByRole('button', { name: 'Start day 1' }).waitFor();
    await dialog.getByRole('button', { name: 'End the play-test' }).click();
    expect(await dialog.getByRole('region', { name: 'Game controls' }).count()).toBe(0);

    // Nothing was sent to the game API, and the module is as it was saved.
    expect(gameCalls).toEqual([]);
    const stored = await api<Module>(e2e.baseUrl, admin, 'GET', `modules/${id}`);
    expect(stored.game_title).toBe('Play-test drill');
    await context.close();
  });
});
