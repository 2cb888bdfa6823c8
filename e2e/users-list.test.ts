/**
 * The users list at a training manager's size (58 trainees, 247 pending invitees), by keyboard:
 * registered trainees first, every row on one line and two Tab stops, its actions in a menu in
 * view with no sideways scroll at 1366×768, and focus on a visible control after each action.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin } from './api.ts';
import { describeE2E } from './browser.ts';
import { focused, tabTo } from './focus.ts';
import { seedUsers, type SeededUsers } from './seed-users.ts';

const DESKTOP = { viewport: { width: 1366, height: 768 } };

/** Presses `key` and expects the focus on a visible element afterwards (never the body). */
async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
}

async function focusVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  });
}

describeE2E('the users list at 300 users', (e2e) => {
  const tag = `roster${Date.now()}`;
  let seeded: SeededUsers | undefined;
  const seed = async () => (seeded ??= await seedUsers(e2e.baseUrl, tag, 58, 247));

  it('opens on registered trainees, one line and two Tab stops a row, every action in view at 1366×768', async () => {
    await seed();
    const { context, page } = await e2e.adminPage('/admin', DESKTOP);
    const rows = page.locator('table[aria-label="Users"] tbody tr');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(50);
    // Registered trainees first: the first page holds no pending invitee.
    expect(await rows.filter({ hasText: 'Pending Invite' }).count()).toBe(0);
    // Nothing scrolls sideways: neither the page nor the table's own box.
    const widths = await page.evaluate(() => {
      const box = document.querySelector('.table-scroll');
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: box ? box.scrollWidth - box.clientWidth : -1,
      };
    });
    expect(widths).toEqual({ page: 0, table: 0 });

    // Two Tab stops a row: the row's box, then its actions button, then the next row's box.
    const first = rows.nth(0);
    const second = rows.nth(1);
    const boxName = async (row: typeof first) =>
      (await row.locator('input[type="checkbox"]').getAttribute('aria-label')) ?? '';
    const actionsName = async (row: typeof first) =>
      (await row.getByRole('button', { name: /^Actions for / }).getAttribute('aria-label')) ?? '';
    await tabTo(page, await boxName(first));
    await press(page, 'Tab');
    expect((await focused(page)).name).toBe(await actionsName(first));
    await press(page, 'Tab');
    expect((await focused(page)).name).toBe(await boxName(second));
    // The actions button is in view, not past the window's right edge.
    const button = await first.getByRole('button', { name: /^Actions for / }).boundingBox();
    expect(button && button.x + button.width <= 1366).toBe(true);

    // The invitees, alone, by the status filter: one line each, the invite's date too.
    await tabTo(page, 'Filter by status', { back: true });
    await page.keyboard.press('End');
    await expect.poll(() => rows.filter({ hasText: 'Pending Invite' }).count()).toBe(50);
    const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThanOrEqual(48);
    await context.close();
  });

  it('keeps focus on a visible control after Delete and Assign Module, by keys alone', async () => {
    const { trainees, invitees } = await seed();
    const { context, page } = await e2e.adminPage('/admin', DESKTOP);
    await page.locator('table[aria-label="Users"] tbody tr').first().waitFor();
    await tabTo(page, 'Search by player name');
    // p240 … p246: seven invitees.
    await page.keyboard.type(`${tag}-p24`);
    const rows = page.locator('table[aria-label="Users"] tbody tr');
    await expect.poll(() => rows.count()).toBe(7);
    const deleteFrom = async (email: string) => {
      await tabTo(page, `Actions for ${email}`);
      await press(page, 'Enter');
      await expect.poll(async () => (await focused(page)).name).toBe('View');
      // View, Resend Invite, Copy Invite Link, Delete.
      for (let i = 0; i < 3; i++) await press(page, 'ArrowDown');
      expect((await focused(page)).name).toBe('Delete');
      await press(page, 'Enter');
      const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
      await dialog.waitFor();
      await tabTo(page, 'Delete');
      await press(page, 'Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.locator('tr', { hasText: email }).waitFor({ state: 'detached' });
    };
    // The next row's actions take the focus.
    await deleteFrom(invitees[240] ?? '');
    await expect.poll(async () => (await focused(page)).name).toBe(`Actions for ${invitees[241]}`);
    expect(await focusVisible(page)).toBe(true);
    // The last row has no next one: the list's heading.
    await deleteFrom(invitees[246] ?? '');
    await expect.poll(async () => (await focused(page)).name).toBe('Users');
    expect(await focusVisible(page)).toBe(true);

    // Assign Module disables itself: focus goes back to the module picker.
    const trainee = trainees[0];
    if (!trainee) throw new Error('no trainee seeded');
    await tabTo(page, 'Search by player name');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(trainee.email);
    await expect.poll(() => rows.count()).toBe(1);
    const who = `${trainee.first_name} ${trainee.last_name} (${trainee.email})`;
    await tabTo(page, `Actions for ${who}`);
    await press(page, 'Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('View');
    await press(page, 'Enter');
    const modal = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    await modal.getByLabel('Email').waitFor();
    await tabTo(page, 'Module');
    await press(page, 'ArrowDown');
    await tabTo(page, 'Assign Module');
    await press(page, 'Enter');
    await page.getByText(`assigned to ${trainee.first_name} ${trainee.last_name}`, { exact: false }).waitFor();
    await expect.poll(async () => (await focused(page)).name).toBe('Module');
    expect(await focusVisible(page)).toBe(true);
    // Closing the modal returns to the row's actions button.
    await press(page, 'Escape');
    await modal.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).name).toBe(`Actions for ${who}`);
    await context.close();
  });

  it('invites with a module and a due date from the invite modal, and says how many, by keys alone', async () => {
    const { context, page } = await e2e.adminPage('/admin', DESKTOP);
    await page.locator('table[aria-label="Users"] tbody tr').first().waitFor();
    const emails = [`${tag}-due1@example.com`, `${tag}-due2@example.com`];
    await tabTo(page, 'Invite User +');
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Invite Users' });
    await dialog.waitFor();
    await tabTo(page, 'E-mail addresses');
    await page.keyboard.type(emails.join(' '));
    await tabTo(page, 'Module for all invitees (optional)');
    await press(page, 'ArrowDown');
    await tabTo(page, 'Due date (optional)');
    await page.keyboard.type('12/31/2030');
    await tabTo(page, 'Invite');
    await press(page, 'Enter');
    await page.getByText('2 users successfully invited').waitFor();
    const admin = await apiLogin(e2e.baseUrl);
    for (const email of emails) {
      const { users } = await api<{ users: { assignments: { due_at: number }[] }[] }>(
        e2e.baseUrl,
        admin,
        'GET',
        `admin/users?search=${encodeURIComponent(email)}`,
      );
      // The date's midnight in UTC plus 23 hours, whatever the browser's zone (docs/api.md).
      expect(users[0]?.assignments.map((a) => new Date(a.due_at).toISOString())).toEqual(['2030-12-31T23:00:00.000Z']);
    }
    await context.close();
  });
});
