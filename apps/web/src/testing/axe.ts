/**
 * axe-core in jsdom, for a component test's state that no e2e test reaches: the same WCAG 2.1 A
 * and AA rules as the e2e suite's check (e2e/axe.ts, both from axe-rules.ts), serious and
 * critical violations only. jsdom draws nothing, so what depends on rendering (colour contrast, a
 * target's size, text hidden by overflow) is left to the browser's checks of the screens around
 * the state.
 */
import axe from 'axe-core';
import { seriousLines, WCAG_TAGS } from './axe-rules.ts';

/**
 * The serious and critical violations in `context`, as lines: the rendered body by default, since
 * the document around it (its language, its title) is index.html's, which the e2e checks read.
 */
export async function seriousViolations(context: Element = document.body): Promise<string[]> {
  const result = await axe.run(context, {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
    // Only violations are read: axe details no passed or inapplicable node.
    resultTypes: ['violations'],
  });
  return seriousLines(result.violations);
}
