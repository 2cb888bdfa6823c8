/**
 * The training record by keyboard alone: a trainee with a completed run opens My record from the
 * header and downloads the certificate; a stranger, signed out, checks its code on the verify
 * page; an administrator sends a reminder to the overdue trainees from Progress.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GameCommand } from '@airman/contracts/game.ts';
import type { TrainingRecord } from '@airman/contracts/record.ts';
import { plan } from '@airman/engine/play.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { seriousViolations } from './axe.ts';
import { api, apiLogin } from './api.ts';
import { describeE2E, login } from './browser.ts';
import { registeredTrainee, TRAINEE_PASSWORD } from './game-helpers.ts';

/** Tab (or Shift+Tab) until the focus is on the element with this accessible name; at most 80 presses. */
async function tabTo(page: Page, name: string | RegExp, back = false): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      if (!el) return '';
      return (el.getAttribute('aria-label') ?? el.labels?.[0]?.innerText ?? el.innerText).replace(/\s+/g, ' ').trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`never reached ${String(name)} by Tab`);
}

/** Completes the trainee's first run of Ready Airman Training through the API. */
async function completeRun(baseUrl: string, email: string): Promise<void> {
  const auth = await apiLogin(baseUrl, email, TRAINEE_PASSWORD);
  const run = await api<{ run_id: string; seed: number }>(baseUrl, auth, 'POST', 'game/runs', {
    module: 'ready_airman_training',
  });
  const log = plan(readyAirmanModule, run.seed).line as GameCommand[];
  // A run cannot be finished faster than its moves can be played.
  await new Promise((resolve) => setTimeout(resolve, log.length * 50 + 200));
  const questionnaire = await api<{ items: { id: string }[] }>(baseUrl, auth, 'GET', 'modules/questionnaire');
  const agree = Object.fromEntries(questionnaire.items.map((i) => [i.id, 4]));
  const finished = await api<{ outcome: string }>(baseUrl, auth, 'POST', `game/runs/${run.run_id}/finish`, {
    log,
    answers: { before: agree, after: agree },
  });
  expect(finished.outcome).toBe('complete');
}

describeE2E('the training record', (e2e) => {
  it('a trainee downloads a certificate from My record, and a stranger verifies it signed out', async () => {
    const email = await registeredTrainee(e2e.baseUrl);
    await completeRun(e2e.baseUrl, email);
    const { context, page } = await e2e.newPage();
    await login(page, email, TRAINEE_PASSWORD);
    await page.getByRole('button', { name: 'Fullscreen' }).waitFor();

    await tabTo(page, 'My record');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'My record', level: 1 }).waitFor();
    const module = page.getByRole('region', { name: 'Ready Airman Training' });
    const code = (await module.locator('.record__code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(await seriousViolations(page), '/record').toEqual([]);

    await tabTo(page, /^Download certificate of Ready Airman Training \(PDF\)$/);
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    await page.getByText(/^Certificate downloaded: /).waitFor();
    await context.close();

    const stranger = await e2e.newPage();
    await stranger.page.goto('/verify');
    await tabTo(stranger.page, /^Certificate code/);
    await stranger.page.keyboard.type(code);
    await stranger.page.keyboard.press('Enter');
    await stranger.page.getByText('This certificate is valid.').waitFor();
    expect(stranger.page.url()).toBe(`${e2e.baseUrl}/verify/${code}`);
    await stranger.page
      .locator('.verify-page__certificate')
      .getByText('Ready Airman Training', { exact: true })
      .waitFor();
    expect(await seriousViolations(stranger.page), '/verify/{code}').toEqual([]);
    await stranger.context.close();
  }, 120_000);

  it('an administrator reminds the overdue trainees from Progress', async () => {
    const email = await registeredTrainee(e2e.baseUrl);
    const admin = await apiLogin(e2e.baseUrl);
    const users = await api<{ users: { id: string; user_name: string }[] }>(
      e2e.baseUrl,
      admin,
      'GET',
      `admin/users?search=${encodeURIComponent(email)}`,
    );
    const id = users.users.find((u) => u.user_name === email)?.id ?? '';
    // Due yesterday: overdue.
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${id}`, {
      assignments: [{ key: 'ready_airman_training', due_at: Date.now() - 86_400_000 }],
    });
    const record = await api<TrainingRecord>(e2e.baseUrl, admin, 'GET', `admin/users/${id}/record`);
    expect(record.assignments[0]?.status).toBe('past_due');

    const { context, page } = await e2e.adminPage();
    await page.goto('/progress');
    await page.getByRole('heading', { name: 'Overdue', exact: true }).waitFor();
    await tabTo(page, 'Send a reminder to all overdue in these filters');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Send a reminder to \d+ trainees?$/ });
    await dialog.waitFor();
    await tabTo(page, /^Note \(optional\)/);
    await page.keyboard.type('Please finish it this week.');
    await tabTo(page, /^Send reminder \(/);
    await page.keyboard.press('Enter');
    const outcome = page.getByText(/^Reminders: \d+ sent, \d+ skipped/);
    await outcome.waitFor();
    expect(await outcome.textContent()).toMatch(/^Reminders: [1-9]\d* sent/);
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);
});
