import { expect, it } from 'vitest';
import { inviteAndRegister, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E, openUser } from './browser.ts';

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
});
