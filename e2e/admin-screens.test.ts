/** The admin screens' Carbon patterns: loading, empty states, the 404 page, links drawn as links. */
import { expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';
import type { Module } from '@airman/contracts/module.ts';

describeE2E('the admin screens', (e2e) => {
  it("shows a table skeleton while the users load, and a route spinner of a spinner's size", async () => {
    const { context, page } = await e2e.adminPage();
    // The users' answer held back, so the loading state is seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/users?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.route('**/api/admin/users', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    const skeleton = page.locator('table.cds--skeleton');
    await skeleton.waitFor();
    const box = await skeleton.boundingBox();
    expect(box && box.width <= 1280 && box.height < 700).toBe(true);
    // Nothing on the page is a giant disc: every SVG is icon-sized.
    expect(
      await page.evaluate(() =>
        Math.max(0, ...Array.from(document.querySelectorAll('svg')).map((s) => s.getBoundingClientRect().width)),
      ),
    ).toBeLessThan(100);
    release();
    await page.locator('table[aria-label="Users"]').waitFor();
    expect(await skeleton.count()).toBe(0);

    // A page opened by its address: Carbon's Loading while the route's code loads (held back), styled.
    const fresh = await e2e.adminPage();
    let releaseCode = () => {};
    const code = new Promise<void>((resolve) => (releaseCode = resolve));
    await fresh.page.route(/\/assets\/modules-[^/]*\.js$/, async (route) => {
      await code;
      await route.continue();
    });
    const opened = fresh.page.goto('/modules');
    const spinner = fresh.page.locator('.cds--loading').first();
    await spinner.waitFor();
    const size = await spinner.boundingBox();
    // Carbon's 88 px spinner, turning (its box grows to 88·√2 on the diagonal), in the page's middle.
    expect(size && size.width <= 125 && size.height <= 125).toBe(true);
    expect(size && Math.abs(size.x + size.width / 2 - 640) < 4).toBe(true);
    releaseCode();
    await opened;
    await fresh.page.getByRole('heading', { name: 'Training Modules' }).waitFor();
    await fresh.context.close();
    await context.close();
  });

  it('answers an unknown path with a page that says so and leads home; anonymous visitors still go to /login', async () => {
    const { context, page } = await e2e.adminPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('There is no page at /no/such/page. The link may be old or mistyped.').waitFor();
    expect(page.url()).toMatch(/\/no\/such\/page$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();

    const anonymous = await e2e.newPage();
    await anonymous.page.goto('/no/such/page');
    await anonymous.page.waitForURL('**/login');
    await anonymous.context.close();
  });

  it('keeps colour contrast on hovered user rows and on archived module rows, hovered or not', async () => {
    const token = await apiLogin(e2e.baseUrl);
    const base = await api<Module>(e2e.baseUrl, token, 'GET', 'modules/ready_airman_training');
    const title = `Contrast ${Date.now()}`;
    const copy = await api<Module>(e2e.baseUrl, token, 'POST', 'modules', { ...base, id: '', game_title: title });
    await api(e2e.baseUrl, token, 'DELETE', `modules/${copy.id}`);
    const page = await e2e.adminTab();
    const row = page.locator('table[aria-label="Users"] tbody tr').first();
    await row.hover();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/modules');
    await page.getByText('Show Archived').click();
    const archived = page.locator('tr.is-archived', { hasText: title });
    await archived.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await archived.hover();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('tr', { hasText: 'Ready Airman Training' }).first().hover();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
