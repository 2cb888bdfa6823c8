import { expect, it } from 'vitest';
import { api, apiLogin, inviteAndRegister, inviteCodeFromMail, resetTokenFromMail, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E, login } from './browser.ts';

describeE2E('registration and profile', (e2e) => {
  it('registers from an invite: lookup, rank select, checklist, and the success notice', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('register');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [email] });
    const code = inviteCodeFromMail(email);

    const { context, page } = await e2e.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Lookup' }).click();
    await page.getByText('Invalid invite code').waitFor();
    await page.getByLabel('Invite code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Lookup' }).click();
    await page.waitForURL(`**/register/${code}`);
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByText('Rank, first name, last name and password are required; unit is optional.').waitFor();
    const register = page.getByRole('button', { name: 'Register' });
    expect(await register.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Rank' }).fill('Senior Air');
    await page.getByRole('option', { name: 'Senior Airman (SrA, E-4)' }).click();
    await page.getByLabel('Unit').fill('655 ISRW');
    await page.getByLabel('First name').fill('Reggie');
    await page.getByLabel('Last name').fill('Stration');
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm password').fill('weakpass');
    await page.getByText('A capital letter (not met)').waitFor({ state: 'attached' });
    expect(await register.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('Str0ng-Pass!');
    await page.getByLabel('Confirm password').fill('Str0ng-Pass!');
    await page.getByText('Both passwords match (met)').waitFor({ state: 'attached' });
    await register.click();
    await page.waitForURL('**/login');
    await page.getByText('Registration successful, please login').waitFor();
    // The address just registered is filled in.
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);

    await login(page, email, 'Str0ng-Pass!');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('puts the page title above the form heading on /register', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/register');
    const size = (name: string) =>
      page.getByRole('heading', { name, exact: true }).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const [title, form] = [await size('Register'), await size('Enter Invite Code')];
    expect(title).toBeGreaterThan(form);
    expect(await page.getByRole('heading', { name: 'Register', exact: true }).evaluate((el) => el.tagName)).toBe('H1');
    await context.close();
  });

  it('non-admins are sent from /admin to /profile, and the menu has no admin items', async () => {
    const email = uniqueEmail('plain');
    await inviteAndRegister(e2e.baseUrl, email, 'Plain-Passw0rd!', { first_name: 'Pat', last_name: 'Plain' });
    const { context, page } = await e2e.newPage();
    await login(page, email, 'Plain-Passw0rd!');
    await page.waitForURL((u) => u.pathname === '/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Profile' }).waitFor();
    expect(await menu.getByRole('link', { name: 'User Admin' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Module Editor' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Progress' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Audit' }).count()).toBe(0);
    for (const path of ['/admin', '/modules', '/progress', '/audit']) {
      await page.goto(path);
      await page.waitForURL('**/profile');
    }

    // Profile: settings saved with the toast; the password changed with the current one.
    await page.getByLabel('Unit').fill('655 ISRW Det 2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User settings updated').waitFor();
    await page.getByLabel('Current password').fill('Plain-Passw0rd!');
    await page.getByLabel('New password', { exact: true }).fill('Newer-Passw0rd!');
    await page.getByLabel('Confirm new password').fill('Newer-Passw0rd!');
    // The change revokes the old token: nothing may be asked with it afterwards.
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) refused.push(r.url());
    });
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('User password updated').waitFor();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    // Still signed in with the fresh token.
    await page.reload();
    await page.getByRole('heading', { name: 'User Settings' }).waitFor();

    // Changing one's own e-mail signs out.
    await page.getByLabel('E-mail').fill(`new-${email}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/login');
    await login(page, `new-${email}`, 'Newer-Passw0rd!');
    // Back to the page the session ended on.
    await page.waitForURL('**/profile');
    await context.close();
  });

  it('resets a forgotten password from the e-mailed link', async () => {
    const email = uniqueEmail('forgot');
    await inviteAndRegister(e2e.baseUrl, email, 'Forgot-Passw0rd!', { first_name: 'For', last_name: 'Got' });
    const { context, page } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The route loads lazily: wait for its page, not the login form's field of the same name.
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByText('If an account exists for this address, an e-mail with a link to reset its password is on its way.')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const token = await expect
      .poll(() => resetTokenFromMail(email))
      .toBeTruthy()
      .then(() => resetTokenFromMail(email));
    await page.goto(`/reset-password/${token}`);
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Passw0rd!');
    await page.getByLabel('Confirm new password').fill('Brand-New-Passw0rd!');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Your password has been reset, please login').waitFor();
    await login(page, email, 'Brand-New-Passw0rd!');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('keeps the full stop after the My record link on its line, on a phone', async () => {
    const { context, page } = await e2e.adminPage('/admin', { viewport: { width: 390, height: 844 } });
    await page.goto('/profile');
    const link = page.getByRole('link', { name: 'My record' });
    await link.waitFor();
    // The sentence's last character and the link's last line share a line.
    const [linkBottom, stopBottom] = await link.evaluate((a) => {
      const stop = a.nextSibling;
      if (!(stop instanceof Text)) return [0, -1];
      const range = document.createRange();
      range.setStart(stop, stop.data.length - 1);
      range.setEnd(stop, stop.data.length);
      return [a.getClientRects()[a.getClientRects().length - 1]!.bottom, range.getBoundingClientRect().bottom];
    });
    expect(Math.abs(stopBottom - linkBottom)).toBeLessThan(2);
    await context.close();
  });
});
