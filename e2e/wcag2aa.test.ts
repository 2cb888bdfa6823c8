/** HTML_CodeSniffer (pa11y's engine), WCAG2AA: no error on any route, signed out or in as an admin. */
import { expect, it } from 'vitest';
import { describeE2E } from './browser.ts';
import { wcag2aaErrors } from './htmlcs.ts';

describeE2E('WCAG2AA by HTML_CodeSniffer', (e2e) => {
  it('finds no error on the anonymous routes', async () => {
    const { context, page } = await e2e.newPage();
    for (const [path, ready] of [
      ['/login', 'Sign In'],
      ['/register', 'Lookup'],
      ['/forgot-password', 'Send Reset Link'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: ready }).waitFor();
      expect(await wcag2aaErrors(page), path).toEqual([]);
    }
    await context.close();
  });

  it('finds no error on the admin routes', async () => {
    const { context, page } = await e2e.adminPage();
    const routes: [string, () => Promise<void>][] = [
      ['/admin', () => page.locator('table[aria-label="Users"]').waitFor()],
      ['/modules', () => page.locator('table[aria-label="Training Modules"]').waitFor()],
      ['/profile', () => page.getByRole('heading', { name: 'User Settings' }).waitFor()],
      ['/no/such/page', () => page.getByRole('heading', { name: 'Page not found' }).waitFor()],
    ];
    for (const [path, ready] of routes) {
      await page.goto(path);
      await ready();
      expect(await wcag2aaErrors(page), path).toEqual([]);
    }
    await context.close();
  });
});
