/** Accessibility checks with axe-core in the page (WCAG 2.1 A and AA rules). */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { seriousLines, WCAG_TAGS } from '../apps/web/src/testing/axe-rules.ts';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe as the page has it once `axeSource` ran there. */
interface Axe {
  axe: {
    run(
      context: Node,
      options: object,
    ): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;
  };
}

/**
 * Returns once the page's finite animations and transitions have ended (endless ones, spinners,
 * are left running): checked twice, two frames apart, as a render just committed may start a
 * transition only then.
 */
export async function animationsSettled(page: Page): Promise<void> {
  const settled = () =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    );
  await settled();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await settled();
}

/**
 * The serious and critical violations on the page as it is now, or only in `within` (the part
 * of a page checked whole a moment ago that a hover changed, say). axe is evaluated through the
 * DevTools protocol, which the page's CSP does not govern.
 */
export async function seriousViolations(page: Page, within?: Locator): Promise<string[]> {
  // Carbon's modals and overlays fade in: colours measured mid-transition are not
  // the page's (a slow machine caught the overlay half drawn).
  await animationsSettled(page);
  // axe once per document: a page checked again (a modal opened, a field changed) keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Only violations are read: axe details no passed or inapplicable node (its resultTypes).
  const options = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };
  const violations = within
    ? await within.evaluate(
        async (root, opts) => (await (window as unknown as Axe).axe.run(root, opts)).violations,
        options,
      )
    : await page.evaluate(
        async (opts) => (await (window as unknown as Axe).axe.run(document, opts)).violations,
        options,
      );
  return seriousLines(violations);
}
