import { expect, it } from 'vitest';
import { inviteAndRegister, mailTo, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E, login, openUser } from './browser.ts';

/** The token of the newest new-device link e-mailed to an address, or undefined. */
function trustTokenFromMail(email: string): string | undefined {
  for (const eml of mailTo(email)) {
    const match = /\/login\/trust#([A-Za-z0-9_-]+)/.exec(eml);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

describeE2E('failed sign-ins in the user modal', (e2e) => {
  it("shows an account's failed sign-ins and clears them, leaving focus on the result", async () => {
    const email = uniqueEmail('guessed');
    await inviteAndRegister(e2e.baseUrl, email, 'Owner-Passw0rd!', { first_name: 'Gus', last_name: 'Guessed' });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${e2e.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_name: email, password: `Wrong-Guess-${i}!` }),
      });
      expect(res.status).toBe(401);
    }
    const { context, page } = await e2e.adminPage();
    await openUser(page, email);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('3 failed sign-ins in the last hour.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Clear failed sign-ins' }).click();
    const result = dialog
      .getByRole('status')
      .filter({ hasText: 'Failed sign-ins cleared. This account can sign in from anywhere again.' });
    await result.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Failed sign-ins cleared. This account can sign in from anywhere again.');
    expect(await dialog.getByText('failed sign-ins in the last hour').count()).toBe(0);
    await context.close();
  });

  it('lets the owner of a locked account in from a new browser through the e-mailed link', async () => {
    const email = uniqueEmail('locked');
    await inviteAndRegister(e2e.baseUrl, email, 'Owner-Passw0rd!', { first_name: 'Lou', last_name: 'Locked' });
    // A stranger's 100 wrong passwords from 20 addresses (the server trusts loopback's X-Forwarded-For).
    for (let a = 0; a < 20; a++) {
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${e2e.baseUrl}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${a + 1}` },
          body: JSON.stringify({ user_name: email, password: `Wrong-Guess-${i}!` }),
        });
        expect(res.status).toBe(401);
      }
    }

    const { context, page } = await e2e.newPage();
    await login(page, email, 'Owner-Passw0rd!');
    await page.getByRole('alert').filter({ hasText: 'we have e-mailed you a link' }).waitFor();
    const token = await expect
      .poll(() => trustTokenFromMail(email))
      .toBeTruthy()
      .then(() => trustTokenFromMail(email));

    await page.goto(`/login/trust#${token}`);
    await page.getByRole('heading', { name: 'Sign in on this device' }).waitFor();
    // The token leaves the address bar once the page has read it.
    expect(new URL(page.url()).hash).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign In on This Device' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();

    // The administrator's lock panel says that a link was sent, and that it was used.
    const admin = await e2e.adminPage();
    await openUser(admin.page, email);
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByText('Sign-in link for a new device sent').waitFor();
    await dialog.getByText(/It was used at/).waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await admin.context.close();
  });
});
