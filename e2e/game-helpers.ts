/** Shared by the game's browser tests: trainees, the keyboard's moves, colour contrast and layout checks. */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FinishRunRequest, FinishRunResponse } from '@airman/contracts/game.ts';
import { apiRaw, inviteAndRegister, uniqueEmail } from './api.ts';
import { animationsSettled } from './axe.ts';

export const TRAINEE_PASSWORD = 'Trainee-Passw0rd!';
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

export async function registeredTrainee(baseUrl: string, module = 'ready_airman_training'): Promise<string> {
  const email = uniqueEmail('trainee');
  await inviteAndRegister(baseUrl, email, TRAINEE_PASSWORD, { first_name: 'Gia', last_name: 'Gamer', module });
  return email;
}

/**
 * Finishes a run played through the API as soon as the server accepts it: it refuses a run
 * finished faster than its moves can be played (MIN_MS_PER_MOVE), and is asked again until then.
 */
export async function finishWhenPlayable(
  baseUrl: string,
  auth: string,
  runId: string,
  body: FinishRunRequest,
): Promise<FinishRunResponse> {
  const finish = () => apiRaw(baseUrl, auth, 'POST', `game/runs/${runId}/finish`, body);
  let answer = await finish();
  await expect
    .poll(
      async () => {
        if (answer.text.includes('finished faster than it can be played')) answer = await finish();
        return answer.status;
      },
      { interval: 100 },
    )
    .toBe(200);
  return JSON.parse(answer.text) as FinishRunResponse;
}

/** Sets the page's viewport and returns once the page has been laid out and drawn at its width. */
export async function resizeTo(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(viewport.width);
  await animationsSettled(page);
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** With GAME_SHOTS=dir, a screenshot of the page as it is now, to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.GAME_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
}

/** Nothing on the page scrolls sideways at any of the three sizes (with GAME_SHOTS=dir, a screenshot of each). */
export async function fitsEverySize(page: Page, name: string): Promise<void> {
  const opened = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await resizeTo(page, viewport);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways, `${name} scrolls sideways at ${viewport.width}px`).toBe(false);
    if (process.env.GAME_SHOTS) {
      fs.mkdirSync(process.env.GAME_SHOTS, { recursive: true });
      await page.screenshot({
        path: path.join(process.env.GAME_SHOTS, `${name}-${viewport.width}.png`),
        fullPage: true,
      });
    }
  }
  if (opened) await page.setViewportSize(opened);
}

/**
 * Tab (or Shift+Tab) until the focused element's aria-label, label or rendered text is `name`
 * (or matches it); at most 120 presses.
 */
export async function tabToText(page: Page, name: string | RegExp, back = false): Promise<void> {
  for (let i = 0; i < 120; i++) {
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

/** The data-key of the focused element, 'BODY' when focus fell to the page, or its tag. */
export function focusedKey(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'BODY';
    return a instanceof HTMLElement && a.dataset.key ? a.dataset.key : a.tagName;
  });
}

/**
 * Every text in the game area whose contrast with what is behind it is under
 * 4.5:1, HTML and SVG text alike: the text's colour (or SVG fill) against the
 * first opaque background of its ancestors.
 */
export function lowContrastTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parse = (c: string): [number, number, number, number] => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : [0, 0, 0, 0];
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r ?? 0) + 0.7152 * f(g ?? 0) + 0.0722 * f(b ?? 0);
    };
    const background = (start: Element | null): number[] => {
      for (let e = start; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] > 0.99) return c;
      }
      return [255, 255, 255, 1];
    };
    const area = document.querySelector('.game-stage');
    if (!area) return ['no game area'];
    const bad: string[] = [];
    const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const parent = n.parentElement;
      if (!text || !parent) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden' || parent.closest('[hidden], details:not([open]) > :not(summary)')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const fg = parse(parent instanceof SVGElement ? style.fill : style.color);
      const bg = background(parent instanceof SVGElement ? parent.closest('div, figure, section') : parent);
      const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      if (ratio < 4.5) bad.push(`${ratio.toFixed(2)}:1 "${text.slice(0, 40)}"`);
    }
    return bad;
  });
}

/**
 * Controls of the game area that cannot be reached or whose text overflows
 * them: each is scrolled into view inside the game area, and must then lie
 * inside the area and the window, with no text wider or taller than its box.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  const count = await page.locator('.game-stage button, .game-stage input, .game-stage summary').count();
  const problems: string[] = [];
  for (let i = 0; i < count; i++) {
    const problem = await page.evaluate((index) => {
      const area = document.querySelector('.game-stage') as HTMLElement;
      const control = area.querySelectorAll<HTMLElement>('button, input, summary')[index];
      if (!control) return 'missing';
      // Radio inputs are drawn by their labels (Carbon hides the input itself).
      const shown =
        control instanceof HTMLInputElement
          ? (document.querySelector(`label[for="${control.id}"]`) as HTMLElement)
          : control;
      const name = `${control.tagName.toLowerCase()} "${(shown.textContent ?? '').trim().slice(0, 50)}"`;
      shown.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = shown.getBoundingClientRect();
      const frame = area.getBoundingClientRect();
      const inside =
        box.left >= frame.left - 0.5 &&
        box.right <= frame.right + 0.5 &&
        box.top >= frame.top - 0.5 &&
        box.bottom <= frame.bottom + 0.5;
      const onScreen =
        box.left >= 0 && box.right <= window.innerWidth + 0.5 && box.top >= 0 && box.bottom <= window.innerHeight + 0.5;
      if (!inside || !onScreen)
        return `${name}: not reachable (${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)})`;
      if (box.width < 24 || box.height < 24) return `${name}: smaller than 24×24 px`;
      // Every piece of its text lies within the control's box.
      const range = document.createRange();
      range.selectNodeContents(shown);
      for (const r of Array.from(range.getClientRects())) {
        if (r.width === 0) continue;
        if (
          r.left < box.left - 0.5 ||
          r.right > box.right + 0.5 ||
          r.top < box.top - 0.5 ||
          r.bottom > box.bottom + 0.5
        )
          return `${name}: text overflows its control`;
      }
      if (shown.scrollWidth > shown.clientWidth + 1) return `${name}: text overflows its control`;
      return '';
    }, i);
    if (problem) problems.push(problem);
  }
  const wide = await page.evaluate(() => {
    const area = document.querySelector('.game-stage') as HTMLElement;
    return area.scrollWidth > area.clientWidth + 1
      ? `the game area scrolls sideways (${area.scrollWidth} > ${area.clientWidth})`
      : '';
  });
  if (wide) problems.push(wide);
  return problems;
}

/**
 * Which of these parts of the play screen are not wholly in view: inside the window and the
 * game area, by their bounding boxes; and whether the page or the game area scrolls sideways.
 */
export function outOfView(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const area = (document.querySelector('.game-stage') as HTMLElement).getBoundingClientRect();
    const problems: string[] = [];
    for (const selector of list) {
      const node = document.querySelector(selector);
      if (!node) {
        problems.push(`${selector}: missing`);
        continue;
      }
      const b = node.getBoundingClientRect();
      const inside = (r: { left: number; right: number; top: number; bottom: number }) =>
        b.left >= r.left - 0.5 && b.right <= r.right + 0.5 && b.top >= r.top - 0.5 && b.bottom <= r.bottom + 0.5;
      const screen = { left: 0, right: window.innerWidth, top: 0, bottom: window.innerHeight };
      if (b.height < 1 || !inside(screen) || !inside(area))
        problems.push(
          `${selector}: ${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}×${Math.round(b.height)}`,
        );
    }
    const stage = document.querySelector('.game-stage') as HTMLElement;
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
    if (stage.scrollWidth > stage.clientWidth + 1) problems.push('the game area scrolls sideways');
    return problems;
  }, selectors);
}

/** The play screen's status bar and End Day: in view after every move, on a phone as on a laptop. */
export const STAY_IN_VIEW = ['.game-play__status', '[data-key="end-day"]'];
