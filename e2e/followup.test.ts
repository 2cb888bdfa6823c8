/**
 * The follow-up questionnaire as one journey: a trainee completes Ready Airman Training; thirty
 * days pass; the scheduler e-mails the follow-up once; the trainee follows the e-mail's link,
 * signs in, lands on the questionnaire alone and answers it by keyboard; Progress then shows the
 * third point ("30 days after") and the paired changes, with why there is no interval.
 *
 * The thirty days pass as in e2e/record.test.ts: on a server of this file's own (embedded
 * database), stopped, the completion moved thirty days into the past, and started again at the
 * same address, whose scheduler then owes the follow-up as it would any other.
 */
import { afterAll, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import { domainScores, type Questionnaire } from '@airman/contracts/questionnaire.ts';
import { plan } from '@airman/engine/play.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { seriousViolations } from './axe.ts';
import { api, apiLogin, mailTo, schedulerChecked } from './api.ts';
import { describeE2E, submitLogin } from './browser.ts';
import { finishWhenPlayable, fitsEverySize, registeredTrainee, tabToText, TRAINEE_PASSWORD } from './game-helpers.ts';
import { OwnServer } from './own-server.ts';
import { aria, Pa11yPages } from './pa11y-pages.ts';

const DAY = 86_400_000;
const MODULE = 'ready_airman_training';
const SUBJECT = 'Subject: Ready Airman Training: a few questions, 30 days on';

const own = new OwnServer();

describeE2E(
  'the follow-up questionnaire',
  (e2e) => {
    // A second accessibility engine beside axe on the questionnaire (e2e/pa11y.test.ts has the other pages).
    const pa11y = new Pa11yPages(() => e2e.baseUrl);
    afterAll(async () => {
      await pa11y.close();
      await own.stop();
    });

    it('is e-mailed thirty days on, answered alone by keyboard after sign-in, and shown on Progress', async () => {
      const base = e2e.baseUrl;
      const trainee = await registeredTrainee(base);
      // The trainee completes the module: every item 2 before play, 4 after.
      const auth = await apiLogin(base, trainee, TRAINEE_PASSWORD);
      const run = await api<{ run_id: string; seed: number }>(base, auth, 'POST', 'game/runs', { module: MODULE });
      const log = plan(readyAirmanModule, run.seed).line as GameCommand[];
      const questionnaire = await api<Questionnaire>(base, auth, 'GET', 'modules/questionnaire');
      const all = (value: number) => Object.fromEntries(questionnaire.items.map((i) => [i.id, value]));
      const finished = await finishWhenPlayable(base, auth, run.run_id, {
        log,
        answers: { before: all(2), after: all(4) },
      });
      expect(finished.outcome).toBe('complete');
      // Not yet owed: nothing the day itself, once the scheduler has checked.
      await schedulerChecked(base);
      expect(mailTo(trainee).filter((m) => m.includes(SUBJECT))).toEqual([]);

      // Thirty days pass.
      await own.restartAfter(async (database) => {
        await database.query(
          `UPDATE assignments SET completed_at = completed_at - $1, started_at = started_at - $1
           WHERE module_id = $2 AND user_id = (SELECT id FROM users WHERE user_name = $3)`,
          [30 * DAY, MODULE, trainee],
        );
      });

      // One e-mail, with the link to the questionnaire alone; not a second one on later passes.
      const followups = () => mailTo(trainee).filter((m) => m.includes(SUBJECT));
      await expect.poll(() => followups().length, { timeout: 30_000 }).toBe(1);
      const link = /(http:\/\/127\.0\.0\.1:\d+\/followup\/ready_airman_training)/.exec(followups()[0] ?? '')?.[1];
      expect(link).toBe(`${base}/followup/${MODULE}`);
      await schedulerChecked(base);
      expect(followups()).toHaveLength(1);

      // pa11y finds no error on the questionnaire asked, at 1366 and on a phone.
      await pa11y.launch();
      const checked = await pa11y.newPage();
      await pa11y.signIn(checked.page, trainee, TRAINEE_PASSWORD, `/followup/${MODULE}`);
      await checked.page.waitForSelector(aria('Send my answers', 'button'));
      expect(await pa11y.errors(checked.page), 'pa11y /followup').toEqual([]);
      await checked.page.setViewport({ width: 390, height: 844 });
      expect(await pa11y.errors(checked.page), 'pa11y /followup at 390×844').toEqual([]);

      // The trainee follows it signed out: sign-in first, then back to the questionnaire.
      const { context, page } = await e2e.newPage();
      await page.goto(link!);
      await page.waitForURL(/\/login$/);
      await submitLogin(page, trainee, TRAINEE_PASSWORD);
      await page.getByRole('heading', { level: 1, name: 'Ready Airman Training: a few questions' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/followup/${MODULE}`);
      expect(await seriousViolations(page), '/followup').toEqual([]);
      await fitsEverySize(page, 'followup');

      // Every question by keyboard: Tab into its group, arrows to "Strongly agree" (5).
      const groups = page.getByRole('group');
      const count = await groups.count();
      expect(count).toBe(questionnaire.items.length);
      await tabToText(page, 'Strongly disagree');
      for (let i = 0; i < count; i++) {
        for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowDown');
        if (i < count - 1) await page.keyboard.press('Tab');
      }
      await tabToText(page, 'Send my answers');
      await page.keyboard.press('Enter');
      await page.getByText('Thank you: your answers are recorded.').waitFor();
      await fitsEverySize(page, 'followup-answered');
      // pa11y finds no error on the questionnaire answered either.
      await checked.page.setViewport({ width: 1366, height: 768 });
      await pa11y.go(checked.page, `/followup/${MODULE}`);
      await checked.page.waitForSelector('::-p-text(You have answered this questionnaire.)');
      expect(await pa11y.errors(checked.page), 'pa11y /followup answered').toEqual([]);
      expect(pa11y.takeProblems(), 'CSP violations and page errors under pa11y').toEqual([]);
      await checked.context.close();

      // Progress: the third point and the changes (one trainee: no interval, and why).
      const progress = await e2e.adminPage();
      await progress.page.goto('/progress');
      const means = progress.page.getByRole('table', {
        name: 'Ready Airman Training: mean domain score before play, after play and 30 days after, with the number of trainees',
      });
      await means.waitFor();
      // The mental domain's scores as the report computes them: before all 2, after all 4, later all 5.
      const mentalOf = (value: number) => domainScores(questionnaire, all(value)).mental ?? NaN;
      const signed = (x: number) => (x > 0 ? `+${x.toFixed(1)}` : x.toFixed(1));
      const mental = means.getByRole('row', { name: /^Mental/ });
      expect((await mental.locator('td').allTextContents()).slice(-2)).toEqual([String(mentalOf(5)), '1']);
      const changes = progress.page.getByRole('table', {
        name: 'Ready Airman Training: change of each trainee who answered both sets, against their own before score',
      });
      expect(
        await changes
          .getByRole('row', { name: /^Mental/ })
          .locator('td')
          .allTextContents(),
      ).toEqual([
        '1',
        signed(mentalOf(4) - mentalOf(2)),
        'fewer than 5 trainees: no interval',
        '100%',
        '1',
        signed(mentalOf(5) - mentalOf(2)),
        'fewer than 5 trainees: no interval',
      ]);
      await fitsEverySize(progress.page, 'progress-learning');
      await Promise.all([context.close(), progress.context.close()]);
    }, 420_000);
  },
  own.start,
);
