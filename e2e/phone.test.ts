/** The admin area on a phone (390×844): one header row, no page scrolls sideways, every modal fits. */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiLogin, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E, rowAction } from './browser.ts';
import { E2E_ADMIN_EMAIL } from './constants.ts';
import { focused, tabTo } from './focus.ts';

const PHONE = { viewport: { width: 390, height: 844 } };

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function expectFits(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor();
  // Carbon's modal slides in: measured once it has settled.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const box = await dialog.boundingBox();
  expect(
    box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844,
    `${JSON.stringify(box)} fits 390×844`,
  ).toBe(true);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
}

describeE2E('the admin area on a phone', (e2e) => {
  it('keeps the header to one row with its menu behind a Menu button, and no page scrolls sideways', async () => {
    const { context, page } = await e2e.adminPage('/admin', PHONE);
    await page.locator('table[aria-label="Users"]').waitFor();
    // One row: the menu button and the product's name side by side, centred in a header of 48 px.
    const header = await page.locator('header').boundingBox();
    expect(header && header.height <= 56).toBe(true);
    const button = page.getByRole('button', { name: 'Menu' });
    const name = page.locator('header').getByRole('link', { name: 'Ready Airman Training' });
    const [buttonBox, nameBox] = [await button.boundingBox(), await name.boundingBox()];
    expect(buttonBox && nameBox && header).toBeTruthy();
    if (buttonBox && nameBox && header) {
      expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(nameBox.x);
      for (const part of [buttonBox, nameBox]) {
        expect(Math.abs(part.y + part.height / 2 - (header.y + header.height / 2))).toBeLessThanOrEqual(1);
      }
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link', { name: 'Module Editor' }).isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.click();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'Module Editor' }).waitFor();
    // The user_name (spec §2) is in the menu on a phone.
    await menu.getByText(E2E_ADMIN_EMAIL).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    // The button closes it again.
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.getByRole('link', { name: 'Module Editor' }).waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // A link followed closes the menu.
    await button.click();
    await menu.getByRole('link', { name: 'Module Editor' }).click();
    await page.locator('table[aria-label="Training Modules"]').waitFor();
    await menu.getByRole('link', { name: 'Profile' }).waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    for (const path of ['/profile', '/no/such/page']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await pageWidth(page), path).toBeLessThanOrEqual(390);
    }
    await context.close();
  });

  it('opens the menu from the keyboard, walks it with Tab and closes it with Escape or a link', async () => {
    const { context, page } = await e2e.adminPage('/admin', PHONE);
    await page.locator('table[aria-label="Users"]').waitFor();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const button = page.locator('header button[aria-controls]');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    const onButton = () => button.evaluate((el) => el === document.activeElement);
    // From the page's heading back to the menu button.
    async function backToButton(): Promise<void> {
      await page.getByRole('heading', { level: 1 }).click();
      for (let i = 0; i < 5 && !(await onButton()); i++) await page.keyboard.press('Shift+Tab');
      expect(await onButton()).toBe(true);
    }

    // Enter opens it, says so, and puts the focus on its first entry; Tab walks the entries.
    await backToButton();
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('button', { name: 'Close menu', exact: true }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await focused()).toBe('User Admin');
    for (const entry of ['Progress', 'Module Editor', 'Audit', 'My record', 'Profile', 'Log Out']) {
      await page.keyboard.press('Tab');
      expect(await focused()).toBe(entry);
    }
    // Escape closes it, the focus back on the button.
    await page.keyboard.press('Escape');
    await menu.getByRole('link', { name: 'Profile' }).waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await onButton()).toBe(true);

    // Shift+Tab from the first entry goes back to the button, the menu still open; Escape closes it there too.
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Profile' }).waitFor();
    await page.keyboard.press('Shift+Tab');
    expect(await onButton()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await menu.getByRole('link', { name: 'Profile' }).waitFor({ state: 'hidden' });
    expect(await onButton()).toBe(true);

    // Tab past the last entry leaves the menu, and closes it.
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Profile' }).waitFor();
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
    await menu.getByRole('link', { name: 'Profile' }).waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // Enter on an entry follows it and closes the menu.
    await backToButton();
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Profile' }).waitFor();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('Profile');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/profile');
    await menu.getByRole('link', { name: 'Profile' }).waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('after an entry followed by keyboard, names the new page and puts the focus on its heading', async () => {
    const { context, page } = await e2e.adminPage('/admin', PHONE);
    // A fresh load: the focus on nothing yet, so the first Tab goes to the skip link, and the next on.
    await page.goto('/admin');
    await page.locator('table[aria-label="Users"]').waitFor();
    expect(await focused(page)).toMatchObject({ lost: true });
    await page.keyboard.press('Tab');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    // The focused h1's text.
    const heading = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.tagName === 'H1' ? (el.textContent ?? '') : `not a heading: ${el?.tagName ?? 'nothing'}`;
      });

    const entries: [entry: string, heading: string][] = [
      ['Progress', 'Progress'],
      ['Module Editor', 'Training Modules'],
      ['Audit', 'Audit'],
      ['Profile', 'User Settings'],
      ['User Admin', 'Users'],
    ];
    for (const [entry, name] of entries) {
      // Back to the menu button (Shift+Tab from the heading, where the last entry left the focus).
      await tabTo(page, 'Menu', { back: entry !== 'Progress' });
      await page.keyboard.press('Enter');
      await menu.getByRole('link', { name: 'Profile' }).waitFor();
      await tabTo(page, entry);
      await page.keyboard.press('Enter');
      await menu.getByRole('link', { name: 'Profile' }).waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.title(), { message: `title after '${entry}'` })
        .toBe(`${name} – Ready Airman Training`);
      // The focus is on the new page's h1, so a screen reader says which page opened; not on the body.
      await expect.poll(() => heading(), { message: `focus after '${entry}'` }).toBe(name);
      expect(await focused(page)).toEqual({ name, value: null, lost: false });
      if (entry !== 'Progress') continue;
      // A filter that puts itself in the URL (the query string alone changes) keeps the focus.
      await tabTo(page, 'Rank');
      await page.keyboard.press('ArrowDown');
      await page.waitForURL((url) => url.searchParams.has('rank'));
      await page
        .getByRole('status')
        .filter({ hasText: /^Showing/ })
        .waitFor();
      expect(await focused(page)).toMatchObject({ name: 'Rank', lost: false });
    }
    // From the heading, Tab goes on into the page.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'Search by player name', lost: false });

    // Log Out, from the menu: the sign-in page, its heading focused.
    await tabTo(page, 'Menu', { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, 'Log Out');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    await expect.poll(() => heading()).toBe('Sign In');
    expect(await page.title()).toBe('Sign In – Ready Airman Training');
    await context.close();
  });

  it('fits every modal in the screen', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('phone');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [email], module: 'ready_airman_training' });
    const { context, page } = await e2e.adminPage('/admin', PHONE);
    await page.getByRole('button', { name: 'Invite User +' }).click();
    await expectFits(page, page.getByRole('dialog', { name: 'Invite Users' }));
    await page.keyboard.press('Escape');
    // Double-clicked on its 'Pending Invite' name.
    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
    await page.locator('tr', { hasText: email }).getByText('Pending Invite', { exact: true }).dblclick();
    const userModal = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    await expectFits(page, userModal);
    // The double-click's second press, landing in the modal its first one opened, takes
    // nothing (it used to open the Role select's list, which swallowed the Escape):
    // focus is where the modal put it and one Escape closes the modal, back to the row.
    await expect.poll(() => userModal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('SELECT');
    await page.keyboard.press('Escape');
    await userModal.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? ''))
      .toContain(email);
    await rowAction(page.locator('tr', { hasText: email }), 'Delete');
    await expectFits(page, page.getByRole('dialog', { name: 'Confirm Deletion' }));
    await page.keyboard.press('Escape');

    await page.goto('/modules');
    // The base module's row: the only one with the questionnaire's button (other tests add copies).
    const row = page.locator('tr').filter({ has: page.getByRole('button', { name: 'Edit Questionnaire JSON' }) });
    await row.getByRole('button', { name: 'Edit Ready Airman Training', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Module: Ready Airman Training' });
    await expectFits(page, editor);
    // Its tables scroll sideways inside their own box, an action's details open: the dialog's body does not, nor the page.
    await editor
      .getByRole('button', { name: /^Details of action / })
      .first()
      .click();
    const overflow = await editor.evaluate((dialog) => {
      const body = dialog.querySelector('.cds--modal-content');
      const actions = dialog.querySelector('.actions-table')?.parentElement;
      if (!body || !actions) throw new Error('the editor has a body and an actions table');
      return {
        body: body.scrollWidth - body.clientWidth,
        actions: actions.scrollWidth - actions.clientWidth,
        right: actions.getBoundingClientRect().right,
      };
    });
    expect(overflow.body).toBeLessThanOrEqual(0);
    expect(overflow.actions).toBeGreaterThan(0);
    expect(overflow.right).toBeLessThanOrEqual(390);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Edit JSON of Ready Airman Training', exact: true }).click();
    await page.locator('.cm-content').waitFor();
    await expectFits(page, page.getByRole('dialog', { name: 'Ready Airman Training' }));
    await context.close();
  });
});
