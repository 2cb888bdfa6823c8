import { expect, it } from 'vitest';
import { blankAction, DEFAULT_GAME_RECORD, type Module } from '@airman/contracts/module.ts';
import { api, apiLogin } from './api.ts';
import { describeE2E, submitLogin } from './browser.ts';
import { registeredTrainee, TRAINEE_PASSWORD } from './game-helpers.ts';

const drill: Module = {
  ...DEFAULT_GAME_RECORD,
  game_title: 'Motion drill',
  days: 2,
  daily_time_tokens: 5,
  starting_gauges: { energy: 50 },
  objectives: [],
  actions: [{ ...blankAction('Sprint'), results: { energy: -40 } }],
};

describeE2E('the game draws only on change', (e2e) => {
  for (const reduce of [false, true]) {
    it(
      reduce
        ? 'with reduced motion, a gauge jumps to its new value and no frame is asked for'
        : 'eases a gauge to its new value, then asks for no frame while idle',
      async () => {
        const admin = await apiLogin(e2e.baseUrl);
        const { id } = await api<{ id: string }>(e2e.baseUrl, admin, 'POST', 'modules', drill);
        const email = await registeredTrainee(e2e.baseUrl, id);
        const { context, page } = await e2e.newPage({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
        // The page's timers and frames under a clock the test can move (installed first, so the
        // count below counts its frames); until it is moved, its time flows as the real one.
        await page.clock.install();
        // Counts every animation frame the page asks for, and those asked for but not yet run.
        await page.addInitScript(() => {
          const w = window as unknown as { __frames: number; __pending: number };
          w.__frames = 0;
          w.__pending = 0;
          const raf = window.requestAnimationFrame.bind(window);
          const cancel = window.cancelAnimationFrame.bind(window);
          const waiting = new Set<number>();
          window.requestAnimationFrame = (cb) => {
            w.__frames += 1;
            w.__pending += 1;
            const id = raf((now) => {
              waiting.delete(id);
              w.__pending -= 1;
              cb(now);
            });
            waiting.add(id);
            return id;
          };
          window.cancelAnimationFrame = (id) => {
            if (waiting.delete(id)) w.__pending -= 1;
            cancel(id);
          };
        });
        await page.goto('/login');
        await submitLogin(page, email, TRAINEE_PASSWORD);
        const controls = page.getByRole('region', { name: 'Game controls' });
        await controls.getByRole('button', { name: 'Play Motion drill' }).click();
        await controls.getByRole('button', { name: 'Start day 1' }).click();
        const fill = page.locator('.game-gauge__fill');
        await fill.waitFor();
        expect(await fill.getAttribute('width')).toBe('50');
        const frames = () => page.evaluate(() => (window as unknown as { __frames: number }).__frames);
        const pending = () => page.evaluate(() => (window as unknown as { __pending: number }).__pending);
        // The page has settled: no frame asked for and not yet run.
        await expect.poll(pending).toBe(0);
        const before = await frames();
        await controls.getByRole('button', { name: /^Sprint / }).click();
        const right = await fill.getAttribute('width');
        if (reduce) expect(Number(right)).toBe(10);
        else expect(Number(right)).toBeGreaterThan(10);
        await expect.poll(async () => Number(await fill.getAttribute('width'))).toBe(10);
        await controls.getByText('Energy 10', { exact: false }).waitFor();
        const moved = (await frames()) - before;
        if (reduce) expect(moved).toBe(0);
        else expect(moved).toBeGreaterThan(3);
        // The frame that drew the new value was the ease's last: none is waiting to run.
        expect(await pending()).toBe(0);
        // Idle: not one frame asked for in a second of the page's time (every timer and frame due
        // in it run at once), not one animation.
        const idle = await frames();
        await page.clock.runFor(1000);
        expect((await frames()) - idle).toBe(0);
        expect(
          await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length),
        ).toBe(0);
        await context.close();
      },
    );
  }
});
