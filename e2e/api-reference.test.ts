import { expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';

describeE2E('the API reference page', (e2e) => {
  it('shows every call under the CSP, passes axe, and its skip link moves the focus to the calls', async () => {
    const { context, page } = await e2e.newPage();
    const res = await page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Ready Airman Training API' }).waitFor();
    await page.getByRole('heading', { name: 'POST /api/login', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'GET /api/admin/users/{id}', exact: true }).waitFor();
    // Styled by its own stylesheet (a style element or attribute would be a CSP violation, failing the test).
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).not.toBe('none');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the calls' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('calls');
    await page.getByRole('link', { name: '/api/openapi.json' }).waitFor();
    await context.close();
  });
});
