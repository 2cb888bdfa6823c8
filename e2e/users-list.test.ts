/**
 * The users list at a training manager's size (58 trainees, 247 pending invitees), by keyboard:
 * registered trainees first, two Tab stops a row and its dates on one line, its actions in a menu in
 * view with no sideways scroll at 1366×768, and focus on a visible control after each action.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Module } from '@airman/contracts/module.ts';
import { api, apiLogin } from './api.ts';
import { describeE2E } from './browser.ts';
import { focused, tabTo } from './focus.ts';
import { seedUsers, type SeededUsers } from './seed-users.ts';

const DESKTOP = { viewport: { width: 1366, height: 768 } };

/** Presses `key` (a real key press, never `.focus()`). */
async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
}

describeE2E('the users list at 300 users', (e2e) => {
  const tag = `roster${Date.now()}`;
  let seeded: SeededUsers | undefined;
  const seed = async () => (seeded ??= await seedUsers(e2e.baseUrl, tag, 58, 247));

  it('opens on registered trainees, two Tab stops a row, dates on one line, every action in view at 1366×768', async () => {
    await seed();
    const { context, page } = await e2e.adminPage('/admin', DESKTOP);
    const rows = page.locator('table[aria-label="Users"] tbody tr');
    await rows.first().waitFor();
    // A list of 300 on a busy machine may take longer than the poll's default second.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(50);
    // Registered trainees first: the first page holds no pending invitee.
    expect(await rows.filter({ hasText: 'Pending Invite' }).count()).toBe(0);
    // A trainee with many modules, long-titled as copies are, and a long name and unit (as other
    // tests leave them on the same server) keeps the table in its box; the name keeps them first.
    const token = await apiLogin(e2e.baseUrl);
    const firstId = await rows.first().getAttribute('data-user-id');
    await api(e2e.baseUrl, token, 'POST', `admin/users/${firstId}`, {
      first_name: 'Maximiliana-Alexandrina',
      last_name: 'Aaberg-Vanderhoeven-Oppenheimer',
      unit: '655 Intelligence, Surveillance and Reconnaissance Wing',
    });
    const base = await api<Module>(e2e.baseUrl, token, 'GET', 'modules/ready_airman_training');
    for (const n of [1, 2, 3]) {
      const game_title = `Ready Airman Training, second-quarter refresher for the night shift ${n}`;
      const copy = await api<Module>(e2e.baseUrl, token, 'POST', 'modules', { ...base, id: '', game_title });
      await api(e2e.baseUrl, token, 'POST', `admin/users/${firstId}/assign`, { module: copy.id });
    }
    await page.reload();
    await rows
      .first()
      .getByText(/second-quarter refresher/)
      .first()
      .waitFor();
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
    // Named as focused() names it: its aria-label, else its label's text.
    const boxName = (row: typeof first) =>
      row
        .locator('input[type="checkbox"]')
        .evaluate((el) =>
          (el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? '')
            .replace(/\s+/g, ' ')
            .trim(),
        );
    const actionsName = async (row: typeof first) =>
      (await row.getByRole('button', { name: /^Actions for / }).getAttribute('aria-label')) ?? '';
    await page.keyboard.press('Tab');
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
    await expect.poll(() => rows.filter({ hasText: 'Pending Invite' }).count(), { timeout: 15_000 }).toBe(50);
    // The invite's date on one line (it once wrapped to three). A long address may break, to keep
    // the table in its box, so the lines of the date's own text are counted, not the row's height.
    const dateLines = await rows.locator('td.users-table__date').evaluateAll((tds) =>
      tds.map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      }),
    );
    expect(dateLines.length).toBe(100);
    expect(Math.max(...dateLines)).toBe(1);
    await context.close();
  });

  it('invites with a module and a due date from the invite modal, and says how many, by keys alone', async () => {
    const { context, page } = await e2e.adminPage('/admin', DESKTOP);
    await page.locator('table[aria-label="Users"] tbody tr').first().waitFor();
    const emails = [`${tag}-due1@example.com`, `${tag}-due2@example.com`];
    await page.keyboard.press('Tab');
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
