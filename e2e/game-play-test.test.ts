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
    const page = await e2e.adminTab('/modules');
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
    await page.close();
  });

  it('gives the game at least 70% of the editor, all of it in view, and plays it by keyboard', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    await api(e2e.baseUrl, admin, 'POST', 'modules', { ...drill, game_title: 'Play-test size drill' });
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      const { context, page } = await e2e.adminPage('/modules', { viewport });
      const row = page.locator('tr', { hasText: 'Play-test size drill' }).first();
      await row.getByRole('button', { name: /^Edit Play-test size drill/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Module: Play-test size drill' });
      await dialog.getByRole('button', { name: 'Play-test' }).click();
      const game = dialog.getByRole('region', { name: 'Game controls' });
      await game.getByRole('heading', { name: 'Play-test size drill' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Play-test size drill');
      const box = await page.evaluate(() => {
        const rect = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
        const modal = rect('.module-editor .cds--modal-container');
        const body = rect('.module-editor .cds--modal-content');
        const area = rect('.play-test__area');
        if (!modal || !body || !area) return null;
        return { share: area.height / modal.height, inView: area.top >= body.top && area.bottom <= body.bottom };
      });
      expect(box?.share, `${viewport.width}×${viewport.height}`).toBeGreaterThanOrEqual(0.7);
      expect(box?.inView, `${viewport.width}×${viewport.height}`).toBe(true);
      // From the briefing's heading: Tab to its first button, Enter starts the day.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start day 1');
      await page.keyboard.press('Enter');
      await game.getByRole('button', { name: 'End Day' }).waitFor();
      await context.close();
    }
  });
});
