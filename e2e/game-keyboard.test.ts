import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GameCommand } from '@airman/contracts/game.ts';
import { shownChoices, start } from '@airman/engine/game-state.ts';
import { plan } from '@airman/engine/play.ts';
import { apply } from '@airman/engine/rules.ts';
import { score } from '@airman/engine/score.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { api, apiLogin } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E, submitLogin } from './browser.ts';
import { describeChanges, signed } from '../packages/game/src/describe.ts';
import {
  focusedKey,
  lowContrastTexts,
  outOfView,
  registeredTrainee,
  shot,
  STAY_IN_VIEW,
  TRAINEE_PASSWORD,
  VIEWPORTS,
} from './game-helpers.ts';

/** The keyboard, pressed and counted: only Tab, Shift+Tab, arrows, Enter, Space and Escape. */
class Keys {
  tabs = 0;
  decisions = 0;
  constructor(private readonly page: Page) {}

  async press(key: 'Tab' | 'Shift+Tab' | 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Space' | 'Escape'): Promise<void> {
    if (key === 'Tab' || key === 'Shift+Tab') this.tabs += 1;
    await this.page.keyboard.press(key);
  }

  /** Tabs forward (or back, when the control comes before the focus) until the control with this key has focus. */
  async tabTo(key: string, limit = 60): Promise<void> {
    for (let i = 0; i < limit; i++) {
      const at = await focusedKey(this.page);
      if (at === key) return;
      const backwards = await this.page.evaluate((k) => {
        const target = document.querySelector(`[data-key="${CSS.escape(k)}"]`);
        const active = document.activeElement;
        if (!target || !active || active === document.body) return false;
        return Boolean(target.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
      }, key);
      await this.press(backwards ? 'Shift+Tab' : 'Tab');
    }
    throw new Error(`${key} not reached by Tab; focus is on ${await focusedKey(this.page)}`);
  }

  /** Into the Actions toolbar (one Tab stop), then by arrow keys to the action. */
  async toAction(name: string): Promise<void> {
    const key = `action:${name}`;
    if (!(await focusedKey(this.page)).startsWith('action:')) {
      const roving = await this.page.evaluate(
        () => (document.querySelector('[role="toolbar"] [tabindex="0"]') as HTMLElement | null)?.dataset.key ?? '',
      );
      await this.tabTo(roving);
    }
    const [from, to] = await this.page.evaluate((k) => {
      const keys = Array.from(document.querySelectorAll<HTMLElement>('[role="toolbar"] button')).map(
        (b) => b.dataset.key,
      );
      return [keys.indexOf((document.activeElement as HTMLElement).dataset.key), keys.indexOf(k)];
    }, key);
    for (let i = from; i < to; i++) await this.press('ArrowDown');
    for (let i = from; i > to; i--) await this.press('ArrowUp');
    expect(await focusedKey(this.page)).toBe(key);
  }

  /** Enter on the focused control: one decision. Focus must stay in the game, never on the body. */
  async decide(): Promise<void> {
    this.decisions += 1;
    await this.press('Enter');
  }
}

describeE2E('the game by keyboard alone', (e2e) => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width}×${viewport.height}: plays a whole seed-module run to Complete with Tab, arrows and Enter, focus never on the body, Tabs ≤ 2 × decisions, the status bar and End Day in view after every move`, async () => {
      const email = await registeredTrainee(e2e.baseUrl);
      const { context, page } = await e2e.newPage({ viewport });
      await page.goto('/login');
      await submitLogin(page, email, TRAINEE_PASSWORD);
      await page.waitForURL((u) => u.pathname === '/');
      const controls = page.getByRole('region', { name: 'Game controls' });
      await controls.getByRole('button', { name: /^Play Ready Airman Training/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await lowContrastTexts(page)).toEqual([]);
      const keys = new Keys(page);
      const stayed = async (where: string) => {
        const at = await focusedKey(page);
        expect(at, `focus after ${where}`).not.toBe('BODY');
        expect(
          await page.evaluate(() => Boolean(document.activeElement?.closest('[aria-label="Game controls"]'))),
          `focus after ${where} is in the game`,
        ).toBe(true);
      };

      await keys.tabTo('play:ready_airman_training');
      await keys.decide();
      await controls.getByRole('heading', { name: 'Ready Airman Training', exact: true }).waitFor();
      await stayed('Play');
      await controls.getByText('How a run is lost').waitFor();
      expect(await lowContrastTexts(page)).toEqual([]);
      await shot(page, 'briefing');
      await keys.tabTo('begin');
      await keys.decide();

      const answerAll = async (phase: string) => {
        await controls.getByRole('heading', { name: `Comprehensive Airman Fitness (${phase} the run)` }).waitFor();
        await stayed(`the ${phase} questionnaire opened`);
        const groups = await controls.locator('fieldset').count();
        for (let i = 0; i < groups; i++) {
          await keys.press('Tab');
          // An answer by arrow keys within the statement's radio group.
          for (let k = 0; k < 3; k++) await keys.press('ArrowDown');
          keys.decisions += 1;
          expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(true);
        }
        await controls.getByText(`${groups} of ${groups} answered.`).waitFor();
        if (phase === 'before') await shot(page, 'questionnaire');
        await keys.tabTo('continue');
        await keys.decide();
      };
      await answerAll('before');
      await controls.getByText('Day 1 of 7 · 8 time tokens left · 0 points').waitFor();
      await stayed('the questionnaire');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await lowContrastTexts(page)).toEqual([]);
      await shot(page, 'play');

      // The sound toggle is a button of the game; Quit asks first, and Escape keeps playing.
      await keys.tabTo('sound');
      await keys.press('Space');
      keys.decisions += 1;
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('true');
      await controls.getByText('Sound on.').waitFor();
      await keys.tabTo('quit');
      await keys.decide();
      await controls.getByRole('group', { name: 'Quit this run? Your progress in it will be lost.' }).waitFor();
      expect(await focusedKey(page)).toBe('quit-no');
      await keys.press('Escape');
      keys.decisions += 1;
      await expect.poll(() => focusedKey(page)).toBe('quit');

      const trainee = await apiLogin(e2e.baseUrl, email, TRAINEE_PASSWORD);
      const { seed } = await api<{ seed: number }>(e2e.baseUrl, trainee, 'POST', 'game/runs', {
        module: 'ready_airman_training',
      });
      let state = start(readyAirmanModule, seed);
      expect(await outOfView(page, STAY_IN_VIEW), 'day 1').toEqual([]);
      let sawEvent = false;
      let shotAfterTap = false;
      let objectivesAnnounced = 0;
      for (const command of plan(readyAirmanModule, seed).line as GameCommand[]) {
        const before = await page.evaluate(() => document.querySelector('.game-play__day')?.textContent ?? '');
        const announced = await page.evaluate(() => document.querySelector('.game__live')?.textContent ?? '');
        if ('end_day' in command) await keys.tabTo('end-day');
        else if ('choose' in command) {
          if (!sawEvent) {
            sawEvent = true;
            expect(await seriousViolations(page)).toEqual([]);
            expect(await lowContrastTexts(page)).toEqual([]);
            await shot(page, 'event');
          }
          await keys.tabTo(`choice:${command.choose}`);
        } else await keys.toAction(command.action);
        await keys.decide();
        const r = apply(state, command);
        if (!r.ok) throw new Error(r.error);
        const changes = describeChanges(state, r.state);
        const previous = state;
        state = r.state;
        if (state.outcome !== 'in_progress') break;
        // The move was applied: the announcement changed (or the day line did), and focus stayed.
        await page.waitForFunction(
          ([d, a]) =>
            document.querySelector('.game-play__day')?.textContent !== d ||
            document.querySelector('.game__live')?.textContent !== a,
          [before, announced] as const,
        );
        await stayed(JSON.stringify(command));
        // After every action and every answer: focus on the outcome, in view; an answered event that names
        // real help has all of it in view too.
        if (!('end_day' in command)) {
          expect(await focusedKey(page), `focus after ${JSON.stringify(command)}`).toBe('outcome');
          expect(await outOfView(page, ['.game__live']), `outcome after ${JSON.stringify(command)}`).toEqual([]);
        }
        if ('choose' in command && (readyAirmanModule.events?.[previous.pendingEvent]?.resources?.length ?? 0) > 0)
          expect(await outOfView(page, ['.game-help']), `help after ${JSON.stringify(command)}`).toEqual([]);
        // What the move did is in view: the status bar (day, tokens, gauges and their change marks) and End Day.
        expect(await outOfView(page, STAY_IN_VIEW), `after ${JSON.stringify(command)}`).toEqual([]);
        // Each gauge the move (or the night) changed carries its change mark: '+8', '−5'.
        expect(
          await page.evaluate(() => Array.from(document.querySelectorAll('.game-gauge__change'), (m) => m.textContent)),
        ).toEqual(
          Object.entries(state.gauges).map(([g, v]) =>
            v === previous.gauges[g] ? '' : signed(v - (previous.gauges[g] ?? 0)),
          ),
        );
        if ('action' in command && !shotAfterTap) {
          shotAfterTap = true;
          await shot(page, 'after-tap');
        }
        // Gauges, objectives and items, announced together in the one live region.
        const said = await page.evaluate(() => document.querySelector('.game__live')?.textContent ?? '');
        expect(said).toContain(changes);
        if (changes.includes('Objective done')) objectivesAnnounced += 1;
        if ('end_day' in command && state.pendingEvent < 0) expect(await focusedKey(page)).toBe('end-day');
        // Focus goes to the first choice shown: the run's seed shuffles them.
        if ('end_day' in command && state.pendingEvent >= 0)
          expect(await focusedKey(page)).toBe(`choice:${shownChoices(state)[0]}`);
      }
      expect(sawEvent).toBe(true);
      expect(objectivesAnnounced).toBeGreaterThan(0);

      // The result comes first, with its reason; the after-survey after it.
      const { points, stars } = score(state);
      await controls.getByRole('heading', { name: 'Ready Airman Training: Complete' }).waitFor();
      await stayed('the last move');
      await controls.getByText('Complete: every goal done in 7 days.', { exact: true }).waitFor();
      await controls.getByText(`${stars} of 3 stars, ${points} points.`, { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await lowContrastTexts(page)).toEqual([]);
      await keys.tabTo('survey');
      await keys.decide();
      await answerAll('after');
      await controls.getByRole('heading', { name: 'Ready Airman Training: Complete' }).waitFor();
      await controls.getByRole('button', { name: 'Play again' }).waitFor();
      await stayed('the after-survey');
      await controls.getByRole('table', { name: 'How you rated yourself' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await lowContrastTexts(page)).toEqual([]);
      await shot(page, 'debrief');

      expect(keys.tabs, `${keys.tabs} Tabs for ${keys.decisions} decisions`).toBeLessThanOrEqual(2 * keys.decisions);
      console.log(
        `keyboard run at ${viewport.width}×${viewport.height}: ${keys.tabs} Tab presses for ${keys.decisions} decisions`,
      );
      await context.close();
    }, 180_000);
  }
});
