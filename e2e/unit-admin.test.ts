/** A unit administrator's screens: its units named in the header, its trainees only, nothing it may not do offered. */
import { expect, it } from 'vitest';
import { api, apiLogin, inviteAndRegister, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E, login } from './browser.ts';

const PASSWORD = 'Unit-Admin-Pass-9';

describeE2E('a unit administrator', (e2e) => {
  it('sees its units in the header and its trainees only, with no Delete, roles or Module Editor', async () => {
    const manager = uniqueEmail('unit-manager');
    const inside = uniqueEmail('unit-trainee');
    const outside = uniqueEmail('other-trainee');
    for (const [email, last] of [
      [manager, 'Manager'],
      [inside, 'Inside'],
      [outside, 'Outside'],
    ] as const)
      await inviteAndRegister(e2e.baseUrl, email, PASSWORD, { first_name: 'Pat', last_name: last });
    const admin = await apiLogin(e2e.baseUrl);
    const find = async (email: string) =>
      (
        await api<{ users: { id: string }[] }>(
          e2e.baseUrl,
          admin,
          'GET',
          `admin/users?search=${encodeURIComponent(email)}`,
        )
      ).users[0]!.id;
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${await find(inside)}`, { unit: '655 ISRW/Det 2' });
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${await find(outside)}`, { unit: '70 ISRW' });
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${await find(manager)}`, {
      role: 'unit_admin',
      admin_units: ['655 ISRW'],
    });

    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
      [390, 844],
    ] as const) {
      const { context, page } = await e2e.newPage({ viewport: { width, height } });
      await login(page, manager, PASSWORD);
      await page.waitForURL('**/admin');
      const search = page.getByRole('searchbox', { name: 'Search by player name' });
      await search.fill('Pat');
      await expect.poll(() => page.locator('tr', { hasText: inside }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.locator('tr', { hasText: outside }).count()).toBe(0);
      if (width >= 1056) {
        await expect.poll(() => page.getByText('Unit: 655 ISRW (and sub-units)').isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'Module Editor' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Invite from file' }).count()).toBe(0);
      }
      await page.screenshot({ path: `/tmp/unit-admin-users-${width}x${height}.png`, fullPage: false });
      // The row's menu offers no Delete; the modal no role.
      const row = page.locator('tr', { hasText: inside });
      await row.getByRole('button', { name: /^Actions for / }).click();
      expect(await page.getByRole('menuitem', { name: 'Delete', exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await row.dblclick();
      await page.getByRole('dialog').getByLabel('Unit').first().waitFor();
      expect(await page.getByRole('dialog').getByLabel('Role').count()).toBe(0);
      // Nothing on it answers "administrators only".
      expect(
        await page
          .getByRole('dialog')
          .getByText(/Error loading/)
          .count(),
      ).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/unit-admin-modal-${width}x${height}.png` });
      await context.close();
    }
  });

  it('is made by a full administrator in the user modal, its units asked with the role', async () => {
    const email = uniqueEmail('unit-manager-made');
    await inviteAndRegister(e2e.baseUrl, email, PASSWORD, { first_name: 'Sam', last_name: 'Made' });
    const { context, page } = await e2e.adminPage('/admin');
    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
    await expect.poll(() => page.locator('tr', { hasText: email }).count(), { timeout: 15_000 }).toBe(1);
    await page.locator('tr', { hasText: email }).dblclick();
    await page.getByRole('dialog').getByLabel('Role', { exact: true }).selectOption('unit_admin');
    await page.getByLabel('Units administered').fill('655 ISRW');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/unit-admin-made-1366x768.png' });
    const admin = await apiLogin(e2e.baseUrl);
    await expect
      .poll(
        async () => {
          const found = await api<{ users: { id: string; role: string }[] }>(
            e2e.baseUrl,
            admin,
            'GET',
            `admin/users?search=${encodeURIComponent(email)}`,
          );
          return found.users[0]?.role;
        },
        { timeout: 10_000 },
      )
      .toBe('unit_admin');
    await context.close();
  });
});
