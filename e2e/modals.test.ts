/**
 * Every modal holds focus as a dialog must: it moves in when the modal opens,
 * Tab and Shift+Tab stay inside, one Escape closes it (on the Close button too,
 * whose tooltip used to take the first one), and focus returns to the opener.
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiLogin, smallModule, uniqueEmail } from './api.ts';
import { animationsSettled } from './axe.ts';
import { describeE2E, openUser, rowAction } from './browser.ts';
import { E2E_ADMIN_EMAIL } from './constants.ts';
import type { Module } from '@airman/contracts/module.ts';

const focusedIn = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));
const isFocused = (element: Locator) => element.evaluate((el) => el === document.activeElement);
const onCloseButton = (page: Page) =>
  page.evaluate(() => document.activeElement?.classList.contains('cds--modal-close') ?? false);

/** Opens a modal with `opener` (a click), walks it by keyboard, closes it with one Escape and checks where focus went. */
async function checkModal(
  page: Page,
  opener: Locator,
  name: string | RegExp,
  returnTo: Locator = opener,
): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await expect.poll(() => focusedIn(dialog), { message: `focus moves into '${String(name)}'` }).toBe(true);
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await focusedIn(dialog), `Tab ${i + 1} stays in '${String(name)}'`).toBe(true);
  }
  // Backwards to the Close button of the header, then once more: wrapped, still inside.
  let steps = 0;
  while (!(await onCloseButton(page)) && steps++ < 60) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusedIn(dialog), `Shift+Tab ${steps} stays in '${String(name)}'`).toBe(true);
  }
  expect(await onCloseButton(page), 'Shift+Tab reaches the Close button').toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await focusedIn(dialog), 'Shift+Tab from the first element wraps inside').toBe(true);
  while (!(await onCloseButton(page)) && steps++ < 120) await page.keyboard.press('Tab');
  // One Escape, on the Close button, whose tooltip is showing.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => isFocused(returnTo), { message: `focus returns from '${String(name)}'` }).toBe(true);
}

describeE2E('modals', (e2e) => {
  it('hold focus on the Training Modules screen: editor, New Module, JSON, questionnaire, archive', async () => {
    const token = await apiLogin(e2e.baseUrl);
    const title = `Focus ${Date.now()}`;
    // A small module: the base module's editor would hold the same focus, drawn and checked for seconds longer.
    await api<Module>(e2e.baseUrl, token, 'POST', 'modules', smallModule(title));
    const page = await e2e.adminTab('/modules');
    const row = page.locator('tr', { hasText: title });
    await row.waitFor();
    await checkModal(page, row.getByRole('button', { name: `Edit ${title}` }), `Edit Module: ${title}`);
    await checkModal(page, page.getByRole('button', { name: 'New Module +' }), 'New Module');
    await checkModal(page, row.getByRole('button', { name: `Edit JSON of ${title}` }), title);
    await checkModal(
      page,
      page.getByRole('button', { name: 'Edit Questionnaire JSON' }),
      'Comprehensive Airman Fitness',
    );
    await checkModal(page, row.getByRole('button', { name: `Customize A Copy of ${title}` }), 'New Module');
    await checkModal(page, row.getByRole('button', { name: `Archive ${title}` }), `Archive '${title}'?`);
    await page.close();
  });

  it('hold focus on the Users screen: user, invite, delete', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('focus');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [email] });
    const page = await e2e.adminTab();
    await checkModal(page, page.getByRole('button', { name: 'Invite User +' }), 'Invite Users');
    await openUser(page, email);
    await page.getByRole('dialog', { name: 'User Management (autosaves)' }).getByLabel('Email').waitFor();
    await page.keyboard.press('Escape');
    const row = page.locator('tr', { hasText: email });
    // From the row's actions menu; focus returns to the menu's button (the item is gone with the menu).
    const actions = row.getByRole('button', { name: `Actions for ${email}` });
    const item = (name: string) => page.getByRole('menuitem', { name, exact: true });
    await actions.click();
    await checkModal(page, item('View'), 'User Management (autosaves)', actions);
    await actions.click();
    await checkModal(page, item('Delete'), 'Confirm Deletion', actions);
    await page.close();
  });

  it('open on their first field, not on the Close button with its tooltip', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('first-field');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [email] });
    const page = await e2e.adminTab();
    const firstField = (dialog: Locator) =>
      dialog.evaluate((el) => {
        const field = el.querySelector('.cds--modal-content :is(input, select, textarea)');
        return field !== null && field === document.activeElement;
      });
    // A pending invitee's modal opens from the row's actions menu.
    const opened: [() => Promise<void>, string][] = [
      [() => page.getByRole('button', { name: 'Invite User +' }).click(), 'Invite Users'],
      [
        async () => {
          await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
          await rowAction(page.locator('tr', { hasText: email }), 'View');
        },
        'User Management (autosaves)',
      ],
    ];
    for (const [open, name] of opened) {
      await open();
      const dialog = page.getByRole('dialog', { name });
      await expect.poll(() => firstField(dialog), { message: `'${name}' opens on its first field` }).toBe(true);
      // Carbon's own first focus, on Close, comes and goes within a frame; once the modal's
      // transitions have ended and two frames more have run, the field still has it.
      await animationsSettled(page);
      expect(await firstField(dialog), `'${name}' keeps focus on its first field`).toBe(true);
      expect(await page.locator('.cds--modal-close-button .cds--popover--open').count(), 'no tooltip shows').toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await page.close();
  });

  it('are headed by their title: their sections are headed smaller', async () => {
    const page = await e2e.adminTab();
    await openUser(page, E2E_ADMIN_EMAIL);
    const dialog = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    await dialog.getByRole('heading', { name: 'Assignments' }).waitFor();
    const sizes = await dialog.evaluate((el) => ({
      title: parseFloat(getComputedStyle(el.querySelector('.cds--modal-header__heading') as Element).fontSize),
      sections: Array.from(el.querySelectorAll('.cds--modal-content h3')).map((h) =>
        parseFloat(getComputedStyle(h).fontSize),
      ),
    }));
    expect(sizes.sections.length).toBeGreaterThan(0);
    for (const size of sizes.sections) expect(size).toBeLessThan(sizes.title);
    await page.close();
  });
});
