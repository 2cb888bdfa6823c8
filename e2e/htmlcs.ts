/**
 * A second accessibility engine beside axe: HTML_CodeSniffer, the engine pa11y
 * runs by default, on its WCAG2AA standard, in the page (through the DevTools
 * protocol, which the page's CSP does not govern). Errors only, as pa11y reports
 * by default; its warnings and notices ask for a human's review.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const htmlcsSource = fs.readFileSync(require.resolve('html_codesniffer/build/HTMLCS.js'), 'utf8');

interface HtmlcsMessage {
  type: number;
  code: string;
  msg: string;
  element: Element;
}

/** WCAG2AA errors on the page as it is now: `code: message at tag#id.class`. */
export async function wcag2aaErrors(page: Page): Promise<string[]> {
  await page.evaluate(htmlcsSource);
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const htmlcs = (window as unknown as { HTMLCS: { process(standard: string, root: Document, done: () => void, failed: () => void): void; getMessages(): HtmlcsMessage[] } }).HTMLCS;
        const where = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${Array.from(el.classList).join('.')}` : ''}`;
        htmlcs.process(
          'WCAG2AA',
          document,
          () => resolve(htmlcs.getMessages().filter((m) => m.type === 1).map((m) => `${m.code}: ${m.msg} at ${where(m.element)}`)),
          () => reject(new Error('HTML_CodeSniffer failed')),
        );
      }),
  );
}
