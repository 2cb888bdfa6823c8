import { expect, it } from 'vitest';
import { describeE2E, login } from './browser.ts';
import { E2E_ADMIN_EMAIL } from './constants.ts';

describeE2E('login, logout and the routing rules', (e2e) => {
  it('sends an anonymous visitor of a protected page to /login with the session message', async () => {
    const { context, page } = await e2e.newPage();
    for (const path of ['/', '/admin', '/modules', '/profile', '/no/such/page']) {
      await page.goto(path);
      await page.waitForURL('**/login');
      await page.getByText('Please login in to continue...').waitFor();
    }
    await context.close();
  });

  it('lets an anonymous visitor stay on /register', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Enter Invite Code' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  it('signs the admin in to the admin menu with the user name and version, and out again', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/login');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Log In' }).waitFor();
    // Bottom right, in the page's contentinfo landmark.
    const version = page.getByRole('contentinfo').getByText('0.6.499');
    await version.waitFor();
    const box = await version.boundingBox();
    const viewport = page.viewportSize();
    expect(
      box && viewport && box.x + box.width > viewport.width - 40 && box.y + box.height > viewport.height - 40,
    ).toBe(true);

    await login(page);
    await page.waitForURL('**/admin');
    for (const item of ['User Admin', 'Progress', 'Module Editor', 'Audit', 'Profile']) {
      await menu.getByRole('link', { name: item }).waitFor();
    }
    await menu.getByRole('button', { name: 'Log Out' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Log In' }).count()).toBe(0);
    await page.locator('header').getByText(E2E_ADMIN_EMAIL).waitFor();

    // Deep links and reloads keep the session.
    await page.goto('/modules');
    await page.reload();
    await page.getByRole('heading', { name: 'Training Modules' }).waitFor();

    await menu.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    // A deliberate Log Out says so, not that a login is needed.
    await page.getByText('You have logged out.').waitFor();
    expect(await page.getByText('Please login in to continue...').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    await page.goto('/admin');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('returns to /login on Log Out from a page anyone may see (/register)', async () => {
    const { context, page } = await e2e.adminPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Lookup' }).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    await context.close();
  });

  it('sends a signed-in visitor of /login to their home', async () => {
    const { context, page } = await e2e.adminPage();
    await page.goto('/profile');
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/admin');
    await context.close();
  });

  it('logs out with the session messages when the stored token is invalid or expired', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('auth', 'not-a-token'));
    await page.goto('/profile');
    await page.getByText('Your session is no longer valid, please login in to continue...').waitFor();

    const expired = (() => {
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ user_id: 'x', user_role: 'user', exp: 1 })}.sig`;
    })();
    await page.evaluate((t) => localStorage.setItem('auth', t), expired);
    await page.goto('/profile');
    await page.getByText('Your session has expired, please login in to continue...').waitFor();
    await context.close();
  });

  it('logs out when the server revokes the token, e.g. after logging out elsewhere', async () => {
    const { context, page } = await e2e.adminPage();
    // Let /admin finish loading first: a request of its own still in flight when the token
    // is revoked logs the page out right there, and the navigation below would reload it
    // without the message.
    await page.getByText(/^\d+ Users$/).waitFor();
    await page.waitForLoadState('networkidle');
    const token = await page.evaluate(() => localStorage.getItem('auth'));
    const res = await fetch(`${e2e.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    await page.goto('/profile');
    await page.getByText('Your session is no longer valid, please login in to continue...').waitFor();
    await context.close();
  });

  it('logs out when a call with a body is refused (its retries resend the body)', async () => {
    const { context, page } = await e2e.adminPage();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'User Settings' }).waitFor();
    await page.waitForLoadState('networkidle');
    const token = await page.evaluate(() => localStorage.getItem('auth'));
    const res = await fetch(`${e2e.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    // POST self with the revoked token: refused, retried three times, then logged out.
    await page.getByLabel('Unit').fill('655 ISRW Det 9');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your session is no longer valid, please login in to continue...').waitFor();
    await context.close();
  });
});
