/**
 * Nothing typed is lost when a session ends: a request refused for an expired
 * token waits while the admin signs in again over the page, then is sent; an
 * active admin's token is renewed silently; a sign-in from /login returns to
 * the exact address; leaving with unsaved work asks first.
 */
import { expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS } from '../apps/server/src/auth/tokens.ts';
import { api, apiLogin, inviteAndRegister, uniqueEmail } from './api.ts';
import { describeE2E, openUser, submitLogin } from './browser.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants.ts';
import { focused } from './focus.ts';
import { adminTokenIssuedAt, claimsOf, pageWithToken } from './tokens.ts';
import { TOKEN_STORAGE_KEY } from '../apps/web/src/lib/token-store.ts';
import type { User } from '@airman/contracts/user.ts';

/** The unit the server holds for the user of `email`, as the administrator of token `admin` reads it. */
async function savedUnit(baseUrl: string, admin: string, email: string): Promise<string | undefined> {
  const found = await api<{ users: User[] }>(baseUrl, admin, 'GET', `admin/users?search=${encodeURIComponent(email)}`);
  return found.users.find((u) => u.user_name === email)?.unit;
}

describeE2E('a session that ends', (e2e) => {
  it('in the middle of an edit loses nothing: the save waits for a sign-in over the page, then is sent', async () => {
    const email = uniqueEmail('session-kept');
    await inviteAndRegister(e2e.baseUrl, email, 'Trainee-Passw0rd!', { first_name: 'Kept', last_name: 'Session' });
    // The page opens with a valid token; once the admin is in the edit, the stored token is one
    // that ended a second ago on the server's clock. The page's clock stands a minute after that
    // token's issue, as on a page opened just before the admin went idle for the token's whole
    // life: to the page it is still valid and nothing renews it, so only the server can refuse it.
    const ended = await adminTokenIssuedAt(e2e.baseUrl, Date.now() - TOKEN_LIFETIME_SECONDS * 1000 - 1000);
    const { context, page } = await pageWithToken(e2e.browser, e2e.baseUrl, await apiLogin(e2e.baseUrl));
    await context.clock.setFixedTime(claimsOf(ended).iat * 1000 + 60_000);
    await page.goto('/admin?role=user');
    await openUser(page, email);
    const modal = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    const unit = modal.getByLabel('Unit');
    await unit.waitFor();
    await page.evaluate(([key, token]) => localStorage.setItem(key, token), [TOKEN_STORAGE_KEY, ended] as const);

    await unit.fill('Kept Through Sign-In');
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await dialog.waitFor();
    await dialog.getByText('Your session has expired, please login in to continue...').waitFor();
    // The page under it is as it was: the modal open, the typed unit there.
    expect(await unit.inputValue()).toBe('Kept Through Sign-In');
    await expect.poll(async () => (await focused(page)).name).toBe('Password');
    await page.keyboard.type(E2E_ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    const admin = await apiLogin(e2e.baseUrl);
    await expect.poll(() => savedUnit(e2e.baseUrl, admin, email)).toBe('Kept Through Sign-In');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/admin?role=user');
    expect(await modal.isVisible()).toBe(true);
    // Focus went back where the admin was typing.
    expect((await focused(page)).name).toBe('Unit');
    await context.close();
  });

  it('on page load sends to /login, and signing in returns to the exact address, filters included', async () => {
    const expired = await adminTokenIssuedAt(e2e.baseUrl, Date.now() - TOKEN_LIFETIME_SECONDS * 1000 - 60_000);
    const { context, page } = await pageWithToken(e2e.browser, e2e.baseUrl, expired);
    await page.goto('/progress?rank=SSgt&from=2026-01-01');
    await page.getByText('Your session has expired, please login in to continue...').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await submitLogin(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/progress');
    expect(new URL(page.url()).search).toBe('?rank=SSgt&from=2026-01-01');
    await context.close();
  });

  it('is renewed silently while the admin works', async () => {
    const token = await adminTokenIssuedAt(e2e.baseUrl, Date.now() - 10 * 60_000);
    const { context, page } = await pageWithToken(e2e.browser, e2e.baseUrl, token);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    const stored = () => page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
    expect(await stored()).toBe(token);
    await page.keyboard.press('Tab');
    await expect.poll(async () => claimsOf((await stored()) ?? token).iat).toBeGreaterThan(claimsOf(token).iat);
    await context.close();
  });
});

describeE2E('leaving with unsaved work', (e2e) => {
  it('asks before closing the tab 200 ms after typing in the user modal, and the edit is saved', async () => {
    const email = uniqueEmail('unload');
    await inviteAndRegister(e2e.baseUrl, email, 'Trainee-Passw0rd!', { first_name: 'Unload', last_name: 'Asked' });
    const { context, page } = await e2e.adminPage();
    await openUser(page, email);
    const unit = page.getByRole('dialog', { name: 'User Management (autosaves)' }).getByLabel('Unit');
    await unit.waitFor();
    // The page's timers under a clock the test moves: the 200 ms pass at once, and all that is due in them runs.
    await page.clock.install();
    await unit.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Asked Before Leaving');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.clock.runFor(200);
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    const admin = await apiLogin(e2e.baseUrl);
    await expect.poll(() => savedUnit(e2e.baseUrl, admin, email)).toBe('Asked Before Leaving');
    await context.close();
  });

  it('asks before closing the tab with a dirty module editor', async () => {
    const { context, page } = await e2e.adminPage('/modules');
    await page.getByRole('button', { name: 'New Module +' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Module' });
    await dialog.waitFor();
    await dialog.getByLabel('Title', { exact: true }).fill(`Unsaved ${Date.now()}`);
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(await dialog.isVisible()).toBe(true);
    await context.close();
  });
});
