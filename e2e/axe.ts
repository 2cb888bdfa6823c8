/** Accessibility checks with axe-core in the page (WCAG 2.1 A and AA rules). */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { seriousLines, WCAG_TAGS } from '../apps/web/src/testing/axe-rules.ts';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

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
 * The serious and critical violations on the page as it is now. axe is
 * evaluated through the DevTools protocol, which the page's CSP does not govern.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Carbon's modals and overlays fade in: colours measured mid-transition are not
  // the page's (a slow machine caught the overlay half drawn).
  await animationsSettled(page);
  // axe once per document: a page checked again (a modal opened, a field changed) keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    type Found = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Found[] }> } })
      .axe;
    // Only violations are read: axe details no passed or inapplicable node (its resultTypes).
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, WCAG_TAGS);
  return seriousLines(violations);
}
