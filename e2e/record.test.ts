/**
 * The training record by keyboard alone, as one journey: a trainee who completed a recertifying
 * module late sees it on My record with its Late tag, best score, certificate and renewal date,
 * downloads the PDF, and a stranger verifies the code without signing in; when the renewal date
 * passes, the assignment is due again, the trainee is reminded, Progress shows the unit's
 * "% current" drop, and an administrator reminds the overdue with one action that e-mails each
 * of them once.
 *
 * The renewal date passes as time would pass it: on a server of this file's own (embedded
 * database), stopped, its completion's dates moved into the past in the database, and started
 * again at the same address, whose scheduler then renews it as it renews any other.
 */
import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import type { NudgeResponse, TrainingRecord } from '@airman/contracts/record.ts';
import { plan } from '@airman/engine/play.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { pdfText } from '../apps/server/test/pdf-text.ts';
import { seriousViolations } from './axe.ts';
import { api, apiLogin, mailTo, schedulerChecked } from './api.ts';
import { describeE2E, login } from './browser.ts';
import { finishWhenPlayable, fitsEverySize, registeredTrainee, tabToText, TRAINEE_PASSWORD } from './game-helpers.ts';
import { OwnServer } from './own-server.ts';

const DAY = 86_400_000;
const MODULE = 'ready_airman_training';

/** Completes the trainee's first run of Ready Airman Training through the API. */
async function completeRun(baseUrl: string, email: string): Promise<void> {
  const auth = await apiLogin(baseUrl, email, TRAINEE_PASSWORD);
  const run = await api<{ run_id: string; seed: number }>(baseUrl, auth, 'POST', 'game/runs', { module: MODULE });
  const log = plan(readyAirmanModule, run.seed).line as GameCommand[];
  const questionnaire = await api<{ items: { id: string }[] }>(baseUrl, auth, 'GET', 'modules/questionnaire');
  const agree = Object.fromEntries(questionnaire.items.map((i) => [i.id, 4]));
  const finished = await finishWhenPlayable(baseUrl, auth, run.run_id, {
    log,
    answers: { before: agree, after: agree },
  });
  expect(finished.outcome).toBe('complete');
}

/** The "% current" of a unit in Progress's table by unit. */
async function unitCurrent(page: Page, unit: string): Promise<string> {
  const row = page.getByRole('table', { name: 'Assignments by unit and status' }).getByRole('row', { name: unit });
  return (await row.locator('td').last().textContent()) ?? '';
}

const own = new OwnServer();

describeE2E(
  'the training record',
  (e2e) => {
    afterAll(() => own.stop());

    it('a late recertifying completion: record, PDF, verified by a stranger, renewed, reminded, counted, nudged once', async () => {
      const base = e2e.baseUrl;
      const admin = await apiLogin(base);
      // The built-in module recertifies every 12 months (this server is this file's alone).
      const module = await api<Module>(base, admin, 'GET', `modules/${MODULE}`);
      await api(base, admin, 'PUT', `modules/${MODULE}`, { ...module, recertify_months: 12 });
      const trainee = await registeredTrainee(base);
      const other = await registeredTrainee(base);
      const users = await api<{ users: { id: string; user_name: string }[] }>(base, admin, 'GET', 'admin/users');
      const idOf = (email: string) => users.users.find((u) => u.user_name === email)?.id ?? '';
      // Both were due yesterday; the trainee completes late, the other not at all.
      for (const email of [trainee, other]) {
        await api(base, admin, 'POST', `admin/users/${idOf(email)}`, {
          assignments: [{ key: MODULE, due_at: Date.now() - DAY }],
        });
      }
      await completeRun(base, trainee);

      // The trainee's record, by keyboard from the header.
      const { context, page } = await e2e.newPage();
      await login(page, trainee, TRAINEE_PASSWORD);
      await page.getByRole('button', { name: 'Fullscreen' }).waitFor();
      await tabToText(page, 'My record');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'My record', level: 1 }).waitFor();
      const region = page.getByRole('region', { name: 'Ready Airman Training' });
      await region.getByText('Late', { exact: true }).waitFor();
      const facts = (await region.locator('.record__facts').innerText()).replace(/\s+/g, ' ');
      expect(facts).toMatch(
        /^Status Complete Late Due .+ Completed .+ Best result \d+ points, [1-3] stars? Due again /,
      );
      expect(facts).toContain(String(new Date().getFullYear() + 1));
      const code = (await region.locator('.record__code').textContent()) ?? '';
      expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
      await region.getByText(/, current until /).waitFor();
      expect(await seriousViolations(page), '/record').toEqual([]);
      await fitsEverySize(page, 'record');

      // The PDF names the trainee and the module, and the code.
      await tabToText(page, /^Download certificate of Ready Airman Training \(PDF\)$/);
      const download = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      const text = pdfText(fs.readFileSync(await file.path()));
      expect(text).toEqual(
        expect.arrayContaining(['AB Gia Gamer', 'Ready Airman Training', `Certificate code: ${code}`]),
      );
      await page.getByText(/^Certificate downloaded: /).waitFor();

      // A stranger, signed out, checks the code.
      const stranger = await e2e.newPage();
      await stranger.page.goto('/verify');
      await tabToText(stranger.page, /^Certificate code/);
      await stranger.page.keyboard.type(code);
      await stranger.page.keyboard.press('Enter');
      await stranger.page.getByText('This certificate is valid.').waitFor();
      expect(stranger.page.url()).toBe(`${base}/verify/${code}`);
      await stranger.page
        .locator('.verify-page__certificate')
        .getByText('Ready Airman Training', { exact: true })
        .waitFor();
      expect(await seriousViolations(stranger.page), '/verify/{code}').toEqual([]);
      await fitsEverySize(stranger.page, 'verify');

      // Progress: of the unit's two trainees, one is current.
      const progress = await e2e.adminPage();
      await progress.page.goto('/progress');
      await progress.page.getByRole('heading', { name: 'By unit', exact: true }).waitFor();
      expect(await unitCurrent(progress.page, '655 ISRW')).toBe('50%');
      await fitsEverySize(progress.page, 'progress-half-current');

      // A year passes: the completion's renewal date and its certificate's expiry are behind us.
      const pastDue = () => mailTo(trainee).filter((m) => m.includes('Subject: Ready Airman Training is past due'));
      const remindedBefore = pastDue().length;
      const lapsedAt = Date.now() - 60_000;
      await own.restartAfter(async (database) => {
        await database.query('UPDATE assignments SET renews_at = $1 WHERE user_id = $2 AND module_id = $3', [
          lapsedAt,
          idOf(trainee),
          MODULE,
        ]);
        await database.query('UPDATE certificates SET expires_at = $1 WHERE code = $2', [lapsedAt, code]);
      });

      // Due again: the scheduler renewed it and the trainee is reminded.
      await expect.poll(() => pastDue().length, { timeout: 30_000 }).toBe(remindedBefore + 1);
      await page.reload();
      await region.locator('.record__facts').getByText('Past Due').waitFor();
      await region.getByText(/, expired on /).waitFor();
      // The stranger's check now says it expired.
      await stranger.page.reload();
      await stranger.page.getByText(/^This certificate is not valid\. It expired on /).waitFor();

      // Progress: none of the unit is current now.
      await progress.page.reload();
      await progress.page.getByRole('heading', { name: 'By unit', exact: true }).waitFor();
      await expect.poll(() => unitCurrent(progress.page, '655 ISRW')).toBe('0%');
      // The completion happened all the same: the week still counts it.
      await progress.page.getByText(/: 1 completions\.$/).waitFor();

      // The users list narrows to whom is due for recertification, whom its bulk action can remind.
      await progress.page.goto('/admin');
      await tabToText(progress.page, /^Filter by recertification/);
      await progress.page.keyboard.press('ArrowDown');
      await progress.page.waitForURL(/[?&]recert=due\b/);
      const rows = progress.page.getByRole('table', { name: 'Users' }).locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain(trainee);
      await tabToText(progress.page, /^Select (?!every)/);
      await progress.page.keyboard.press('Space');
      await tabToText(progress.page, 'Send a reminder');
      await progress.page.keyboard.press('Enter');
      const fromUsers = progress.page.getByRole('dialog', { name: /^Send a reminder to / });
      await fromUsers.waitFor();
      await progress.page.keyboard.press('Escape');
      await fromUsers.waitFor({ state: 'detached' });
      await progress.page.goto('/progress');

      // One action reminds both overdue trainees, each once.
      const nudged = (email: string) =>
        mailTo(email).filter((m) => m.includes('Subject: Reminder: Ready Airman Training is past due'));
      await tabToText(progress.page, 'Send a reminder to all overdue in these filters');
      await progress.page.keyboard.press('Enter');
      const dialog = progress.page.getByRole('dialog', { name: 'Send a reminder to 2 trainees' });
      await dialog.waitFor();
      await tabToText(progress.page, /^Note \(optional\)/);
      await progress.page.keyboard.type('Please finish it this week.');
      await tabToText(progress.page, /^Send reminder \(/);
      await progress.page.keyboard.press('Enter');
      await progress.page.getByText('Reminders: 2 sent, 0 skipped.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => [nudged(trainee).length, nudged(other).length], { timeout: 20_000 }).toEqual([1, 1]);
      expect(nudged(trainee)[0]).toContain('Their note: Please finish it this week.');
      await fitsEverySize(progress.page, 'progress');
      // Asked again, at once: nobody is e-mailed twice.
      const again = await api<NudgeResponse>(base, await apiLogin(base), 'POST', 'admin/reminders/nudge', {
        user_ids: [idOf(trainee), idOf(other)],
      });
      expect(again).toMatchObject({ sent: 0, skipped: 2, skipped_by: { recently_reminded: 2 } });
      // Nor by the scheduler: once it has checked since, and what it queued then has been sent.
      await schedulerChecked(base);
      expect([nudged(trainee).length, nudged(other).length]).toEqual([1, 1]);

      // The record keeps the earlier completion and its run.
      const record = await api<TrainingRecord>(
        base,
        await apiLogin(base),
        'GET',
        `admin/users/${idOf(trainee)}/record`,
      );
      expect(record.assignments[0]).toMatchObject({ status: 'past_due', due_at: lapsedAt, late: true });
      expect(record.assignments[0]?.runs).toHaveLength(1);
      await Promise.all([context.close(), stranger.context.close(), progress.context.close()]);
    }, 420_000);
  },
  own.start,
);
