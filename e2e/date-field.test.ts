/**
 * Dates by keyboard in every date field: a typed date is kept by Tab (the
 * calendar opens on it) and by Enter, and the modal's button accepts it. Keys
 * only: Tab, Shift+Tab, arrows, Enter, Space, Escape, and the date typed.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dueAtFromDay } from '@airman/contracts/due-date.ts';
import type { User } from '@airman/contracts/user.ts';
import { api, apiLogin, inviteAndRegister, uniqueEmail } from './api.ts';
import { describeE2E, rowAction } from './browser.ts';
import { arrowToOption, focused, tabTo } from './focus.ts';

const MODULE = 'ready_airman_training';
const DAY = { text: '12/31/2026', label: 'December 31, 2026', dueAt: dueAtFromDay(2026, 12, 31) };

async function usersByEmail(baseUrl: string, emails: string[]): Promise<User[]> {
  const token = await apiLogin(baseUrl);
  return Promise.all(
    emails.map(async (email) => {
      const page = await api<{ users: User[] }>(
        baseUrl,
        token,
        'GET',
        `admin/users?search=${encodeURIComponent(email)}`,
      );
      const user = page.users.find((u) => u.user_name === email);
      if (!user) throw new Error(`no user ${email}`);
      return user;
    }),
  );
}

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Two trainees with the module, shown alone on the users screen, both selected by keyboard. */
async function selectTwo(page: Page, tag: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search by player name' }).fill(tag);
  await expect.poll(() => page.locator('table[aria-label="Users"] tbody tr').count(), { timeout: 10_000 }).toBe(2);
  for (let i = 0; i < 40 && (await activeId(page)) !== 'users-select-page'; i++) await page.keyboard.press('Tab');
  expect(await activeId(page)).toBe('users-select-page');
  await page.keyboard.press('Space');
  await page.getByText('2 items selected').waitFor();
}

async function twoTrainees(baseUrl: string, prefix: string): Promise<{ tag: string; emails: string[] }> {
  const tag = `${prefix}${Date.now().toString(36)}`;
  const emails = [uniqueEmail(`${prefix}-a`), uniqueEmail(`${prefix}-b`)];
  for (const [i, email] of emails.entries())
    await inviteAndRegister(baseUrl, email, 'Date-Trainee-1!', { first_name: `D${i}`, last_name: tag, module: MODULE });
  return { tag, emails };
}

describeE2E('dates typed by keyboard', (e2e) => {
  it('Change due date: Tab keeps the typed date and opens the calendar on it; Enter there keeps it; the button takes it', async () => {
    const { tag, emails } = await twoTrainees(e2e.baseUrl, 'due');
    const { context, page } = await e2e.adminPage();
    await selectTwo(page, tag);
    await tabTo(page, 'Change due date', { back: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change the due date for 2 users' });
    await dialog.waitFor();
    await expect.poll(() => activeId(page)).toBe('bulk-module');
    await arrowToOption(page, MODULE);
    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe('bulk-due');
    await page.keyboard.type(DAY.text);
    const apply = dialog.getByRole('button', { name: 'Change due date (2 users)' });
    // Accepted as typed, before any other key.
    expect(await apply.isEnabled()).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await focused(page)).name).toContain(DAY.label);
    await page.keyboard.press('Enter');
    expect(await dialog.locator('#bulk-due').inputValue()).toBe(DAY.text);
    expect((await focused(page)).lost).toBe(false);
    await tabTo(page, 'Change due date (2 users)');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Change due date: 2 done, 0 skipped' }).waitFor();
    for (const user of await usersByEmail(e2e.baseUrl, emails))
      expect(user.assignments).toMatchObject([{ key: MODULE, due_at: DAY.dueAt }]);
    await context.close();
  });

  it('Assign module: Enter in the field keeps the typed date and the focus, and the button takes it', async () => {
    const tag = `asg${Date.now().toString(36)}`;
    const emails = [uniqueEmail('asg-a'), uniqueEmail('asg-b')];
    for (const [i, email] of emails.entries())
      await inviteAndRegister(e2e.baseUrl, email, 'Date-Trainee-1!', { first_name: `A${i}`, last_name: tag });
    const { context, page } = await e2e.adminPage();
    await selectTwo(page, tag);
    await tabTo(page, 'Assign module', { back: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Assign a module to 2 users' });
    await dialog.waitFor();
    await expect.poll(() => activeId(page)).toBe('bulk-module');
    await arrowToOption(page, MODULE);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DAY.text);
    await page.keyboard.press('Enter');
    expect(await activeId(page)).toBe('bulk-due');
    expect(await dialog.locator('#bulk-due').inputValue()).toBe(DAY.text);
    await tabTo(page, 'Assign (2 users)');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Assign module: 2 done, 0 skipped' }).waitFor();
    for (const user of await usersByEmail(e2e.baseUrl, emails))
      expect(user.assignments).toMatchObject([{ key: MODULE, due_at: DAY.dueAt }]);
    await context.close();
  });

  it('a text that is not a date is marked and kept, never read as another date', async () => {
    const { tag } = await twoTrainees(e2e.baseUrl, 'bad');
    const { context, page } = await e2e.adminPage();
    await selectTwo(page, tag);
    await tabTo(page, 'Change due date', { back: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change the due date for 2 users' });
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type('13/45/2026');
    await page.keyboard.press('Tab');
    await dialog.getByText('Enter the date as mm/dd/yyyy, for example 12/31/2026.').waitFor();
    expect(await dialog.locator('#bulk-due').inputValue()).toBe('13/45/2026');
    expect(await dialog.getByRole('button', { name: 'Change due date (2 users)' }).isEnabled()).toBe(false);
    await context.close();
  });

  it("the user modal's due date: typed, then Tab, is saved as typed", async () => {
    const email = uniqueEmail('modal-due');
    await inviteAndRegister(e2e.baseUrl, email, 'Date-Trainee-1!', {
      first_name: 'Modal',
      last_name: 'Due',
      module: MODULE,
    });
    const { context, page } = await e2e.adminPage();
    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
    const row = page.locator('tr', { hasText: email });
    await row.waitFor();
    // The modal is opened from the row's menu; what is tested here is its date field, by keys.
    await rowAction(row, 'View');
    const dialog = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    await dialog.waitFor();
    await tabTo(page, 'Due date of Ready Airman Training');
    await page.keyboard.type(DAY.text);
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await focused(page)).name).toContain(DAY.label);
    await page.keyboard.press('Enter');
    expect(await dialog.locator(`#due-${MODULE}`).inputValue()).toBe(DAY.text);
    await expect
      .poll(async () => (await usersByEmail(e2e.baseUrl, [email]))[0]?.assignments[0]?.due_at, { timeout: 10_000 })
      .toBe(DAY.dueAt);
    await context.close();
  });
  it('Progress: a typed range is kept by Enter and by Tab, the URL takes it, and the focus stays put', async () => {
    const { context, page } = await e2e.adminPage('/admin', { viewport: { width: 1366, height: 768 } });
    await page.goto('/progress');
    await page.getByRole('heading', { name: 'Progress' }).first().waitFor();
    await page.keyboard.press('Tab');
    await tabTo(page, 'Completions from');
    await page.keyboard.type('1/15/2026');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('from') === '2026-01-15');
    expect(await activeId(page)).toBe('progress-from');
    expect(await page.locator('#progress-from').inputValue()).toBe('01/15/2026');
    await tabTo(page, 'Completions to');
    await page.keyboard.type(DAY.text);
    // Tab keeps the date and moves into the calendar, opened on it.
    await page.keyboard.press('Tab');
    await page.waitForURL((url) => url.searchParams.get('to') === '2026-12-31');
    await expect.poll(async () => (await focused(page)).name).toContain(DAY.label);
    await page.keyboard.press('Escape');
    expect(await page.locator('#progress-to').inputValue()).toBe(DAY.text);
    expect((await focused(page)).lost).toBe(false);
    await context.close();
  });
});
