/**
 * A training manager's morning, by keyboard alone at 1366×768: sign in, find an overdue trainee
 * on Progress, open them and type a new due date (the session ends right then, and nothing is
 * lost), assign a module to their unit in bulk, and bring an archived module back. After every
 * step the focus is on a visible control and nothing scrolls sideways.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Module } from '@airman/contracts/module.ts';
import type { User } from '@airman/contracts/user.ts';
import { TOKEN_LIFETIME_SECONDS } from '../apps/server/src/auth/tokens.ts';
import { TOKEN_STORAGE_KEY } from '../apps/web/src/lib/token-store.ts';
import { api, apiLogin, inviteAndRegister, uniqueEmail } from './api.ts';
import { describeE2E } from './browser.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants.ts';
import { arrowToOption, focused, tabTo } from './focus.ts';
import { adminTokenIssuedAt } from './tokens.ts';

const DAY = 86_400_000;
const BASE = 'ready_airman_training';
const LAPTOP = { viewport: { width: 1366, height: 768 } };

/** Whether the focus is on an element in the window (not the body, not scrolled away or hidden). */
function focusInView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  });
}

/** The page's sideways overflow in px (0: nothing scrolls sideways). */
function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** After each step: the focus on a visible control, and no sideways scroll. */
async function settled(page: Page, step: string): Promise<void> {
  await expect.poll(() => focusInView(page), { message: `focus in view after ${step}` }).toBe(true);
  expect(await sideways(page), `sideways scroll after ${step}`).toBe(0);
}

async function userByEmail(baseUrl: string, email: string): Promise<User> {
  const token = await apiLogin(baseUrl);
  const { users } = await api<{ users: User[] }>(
    baseUrl,
    token,
    'GET',
    `admin/users?search=${encodeURIComponent(email)}`,
  );
  const user = users.find((u) => u.user_name === email);
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

describeE2E("an administrator's morning", (e2e) => {
  it('signs in, finds and helps an overdue trainee, assigns their unit a module and unarchives one, by keys alone', async () => {
    // The night before: a unit of two trainees, one of them three days past due; a refresher module archived.
    const stamp = Date.now().toString(36);
    const unit = `Morning ${stamp}`;
    const late = uniqueEmail('morning-late');
    const onTime = uniqueEmail('morning-ontime');
    const admin = await apiLogin(e2e.baseUrl);
    for (const [email, first_name, due] of [
      [late, 'Lena', Date.now() - 3 * DAY],
      [onTime, 'Otto', Date.now() + 10 * DAY],
    ] as const) {
      await inviteAndRegister(e2e.baseUrl, email, 'Morning-Passw0rd!', {
        first_name,
        last_name: `Morning${stamp}`,
        module: BASE,
      });
      const { id } = await userByEmail(e2e.baseUrl, email);
      await api(e2e.baseUrl, admin, 'POST', `admin/users/${id}`, { unit, assignments: [{ key: BASE, due_at: due }] });
    }
    // And, as on any morning, an invitee who has not registered: assigned, with no unit yet.
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [uniqueEmail('morning-pending')], module: BASE });
    const base = await api<Module>(e2e.baseUrl, admin, 'GET', `modules/${BASE}`);
    const refresher = await api<Module>(e2e.baseUrl, admin, 'POST', 'modules', {
      ...base,
      id: '',
      game_title: `Morning refresher ${stamp}`,
    });
    await api(e2e.baseUrl, admin, 'DELETE', `modules/${refresher.id}`);
    const lateName = `Morning${stamp}, Lena`;

    // Sign in: the bookmarked Progress page sends to the form, and the form back to it.
    const { context, page } = await e2e.newPage(LAPTOP);
    await page.goto('/progress');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.keyboard.press('Tab');
    await tabTo(page, 'E-mail');
    await page.keyboard.type(E2E_ADMIN_EMAIL);
    await tabTo(page, 'Password');
    await page.keyboard.type(E2E_ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/progress');
    await page.getByRole('heading', { name: 'Progress', level: 1 }).waitFor();

    // Progress: the unit's overdue trainee.
    // Typed, the unit is offered once the page has read the units; Enter chooses it.
    await page.keyboard.press('Tab');
    await tabTo(page, 'Unit');
    await page.keyboard.type(unit);
    await page.getByRole('option').filter({ hasText: unit }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('unit') === unit);
    await page.getByRole('status').filter({ hasText: 'Showing 2 assignments.' }).waitFor();
    await settled(page, 'the unit filter');
    await tabTo(page, lateName);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    await modal.waitFor();
    await settled(page, 'opening the trainee');

    // The session ends while the admin types the new due date (a token the server has expired,
    // on a page whose clock has not seen it go): the save waits for a sign-in, then is sent.
    const issuedAt = Date.now() - TOKEN_LIFETIME_SECONDS * 1000 - 60_000;
    const ended = await adminTokenIssuedAt(e2e.baseUrl, issuedAt);
    await context.clock.setFixedTime(issuedAt + 60_000);
    await page.evaluate(([key, token]) => localStorage.setItem(key!, token!), [TOKEN_STORAGE_KEY, ended]);
    await tabTo(page, `Due date of ${base.game_title}`);
    await page.keyboard.type('12/31/2030');
    await page.keyboard.press('Enter');
    const signIn = page.getByRole('dialog', { name: 'Sign in to continue' });
    await signIn.waitFor();
    await expect.poll(async () => (await focused(page)).name).toBe('Password');
    await page.keyboard.type(E2E_ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await signIn.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await userByEmail(e2e.baseUrl, late)).assignments.map((a) => a.due_at), { timeout: 10_000 })
      .toEqual([Date.UTC(2030, 11, 31, 23)]);
    expect(await modal.isVisible()).toBe(true);
    await settled(page, 'signing in again over the page');
    // The focus came back to the due date, whose calendar opens on focus: Escape closes the
    // calendar alone (the modal and its text stay), and a second Escape closes the modal.
    const calendar = page.locator('.flatpickr-calendar.open');
    if (await calendar.isVisible()) {
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'hidden' });
      expect(await modal.isVisible()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    // No longer overdue, the trainee's row has left the table: the focus is on the page's content.
    await page.getByRole('table', { name: 'Overdue assignments' }).getByRole('button', { name: lateName }).waitFor({
      state: 'detached',
    });
    await settled(page, 'closing the trainee');

    // Users: the unit's trainees, all selected, assigned the refresher once it is back (below,
    // the module comes first: an archived module cannot be assigned).
    await tabTo(page, 'Module Editor', { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Training Modules' }).waitFor();
    const activeId = () => page.evaluate(() => document.activeElement?.id ?? '');
    for (let i = 0; i < 60 && (await activeId()) !== 'show-archived'; i++) await page.keyboard.press('Tab');
    expect(await activeId()).toBe('show-archived');
    await page.keyboard.press('Space');
    await page.locator('tr.is-archived', { hasText: refresher.game_title }).waitFor();
    await tabTo(page, `Unarchive ${refresher.game_title}`, { max: 400 });
    await page.keyboard.press('Enter');
    await page.getByText(`Module '${refresher.game_title}' unarchived`).waitFor();
    await expect.poll(activeId).toBe(`archive-${refresher.id}`);
    await settled(page, 'unarchiving the refresher');

    await tabTo(page, 'User Admin', { back: true, max: 400 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.keyboard.press('Tab');
    await tabTo(page, 'Filter by unit');
    await page.keyboard.type(unit);
    await page.getByRole('option').filter({ hasText: unit }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('unit') === unit);
    await expect.poll(() => page.locator('table[aria-label="Users"] tbody tr').count(), { timeout: 10_000 }).toBe(2);
    for (let i = 0; i < 40 && (await activeId()) !== 'users-select-page'; i++) await page.keyboard.press('Tab');
    expect(await activeId()).toBe('users-select-page');
    await page.keyboard.press('Space');
    await page.getByText('2 items selected').waitFor();
    await tabTo(page, 'Assign module', { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Assign a module to 2 users' }).waitFor();
    await expect.poll(activeId).toBe('bulk-module');
    await page.locator(`#bulk-module option[value="${refresher.id}"]`).waitFor({ state: 'attached' });
    await arrowToOption(page, refresher.id);
    await tabTo(page, 'Assign (2 users)');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Assign module: 2 done, 0 skipped' }).waitFor();
    expect((await focused(page)).name).toBe('Assign module: 2 done, 0 skipped');
    await settled(page, 'the bulk assignment');
    for (const email of [late, onTime]) {
      expect((await userByEmail(e2e.baseUrl, email)).assignments.map((a) => a.key).sort()).toEqual(
        [BASE, refresher.id].sort(),
      );
    }
    await context.close();
  }, 240_000);
});
