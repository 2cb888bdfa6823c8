/**
 * Bulk actions on selected users and the invite from a file, through the users
 * screen, checked against the server's state and the e-mails a real SMTP
 * server received.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { User } from '@airman/contracts/user.ts';
import { api, apiLogin, inviteAndRegister, mailTo, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';
import { arrowToOption } from './focus.ts';

const MODULE = 'ready_airman_training';

async function userByEmail(baseUrl: string, email: string): Promise<User> {
  const token = await apiLogin(baseUrl);
  const page = await api<{ users: User[] }>(baseUrl, token, 'GET', `admin/users?search=${encodeURIComponent(email)}`);
  const user = page.users.find((u) => u.user_name === email);
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

/** Shows only this test's users: the search box matches their shared last name. */
async function searchFor(page: Page, text: string, rows: number): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search by player name' }).fill(text);
  await expect.poll(() => page.locator('table[aria-label="Users"] tbody tr').count(), { timeout: 10_000 }).toBe(rows);
}

const focusedText = (page: Page) =>
  page.evaluate(() =>
    document.activeElement === document.body ? 'BODY' : (document.activeElement?.textContent ?? ''),
  );

describeE2E('bulk actions on the users screen', (e2e) => {
  it('assigns, moves the due date, unassigns, resends invites and deactivates for the selected users', async () => {
    const tag = `Bulk${Date.now().toString(36)}`;
    const registered = [uniqueEmail('bulk-a'), uniqueEmail('bulk-b')];
    for (const [i, email] of registered.entries()) {
      await inviteAndRegister(e2e.baseUrl, email, 'Bulk-Trainee-1!', { first_name: `Trainee${i}`, last_name: tag });
    }
    const pendingEmail = uniqueEmail('bulk-pending');
    const admin = await apiLogin(e2e.baseUrl);
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [pendingEmail] });
    const mailsBefore = mailTo(pendingEmail).length;

    const page = await e2e.adminTab();
    await searchFor(page, tag, 2);
    const select = (email: string) =>
      page.locator('table[aria-label="Users"] tr', { hasText: email }).locator('label').first().click();
    for (const email of registered) await select(email);
    await page.getByText('2 items selected').waitFor();

    // Assign with a due date.
    await page.getByRole('button', { name: 'Assign module', exact: true }).click();
    const assign = page.getByRole('dialog', { name: 'Assign a module to 2 users' });
    await assign.getByLabel('Module').selectOption(MODULE);
    await assign.getByLabel('Due date (optional)').fill('12/01/2031');
    await assign.getByLabel('Due date (optional)').press('Enter');
    await assign.getByRole('button', { name: 'Assign (2 users)' }).click();
    const outcome = page.getByRole('heading', { name: 'Assign module: 2 done, 0 skipped' });
    await outcome.waitFor();
    expect(await focusedText(page)).toBe('Assign module: 2 done, 0 skipped');
    for (const email of registered) {
      expect((await userByEmail(e2e.baseUrl, email)).assignments).toMatchObject([
        { key: MODULE, due_at: Date.UTC(2031, 11, 1, 23) },
      ]);
    }
    // The table shows it after its refresh, and the selection is cleared.
    await expect
      .poll(() => page.locator('table[aria-label="Users"] tbody tr', { hasText: 'Ready Airman Training' }).count())
      .toBe(2);
    expect(await page.getByText('2 items selected').count()).toBe(0);

    // A new due date, for both.
    for (const email of registered) await select(email);
    await page.getByRole('button', { name: 'Change due date' }).click();
    const due = page.getByRole('dialog', { name: 'Change the due date for 2 users' });
    await due.getByLabel('Module').selectOption(MODULE);
    await due.getByLabel('New due date').fill('01/15/2032');
    await due.getByLabel('New due date').press('Enter');
    await due.getByRole('button', { name: 'Change due date (2 users)' }).click();
    await page.getByRole('heading', { name: 'Change due date: 2 done, 0 skipped' }).waitFor();
    expect((await userByEmail(e2e.baseUrl, registered[0] as string)).assignments[0]?.due_at).toBe(
      Date.UTC(2032, 0, 15, 23),
    );

    // Unassign from one.
    await select(registered[0] as string);
    await page.getByRole('button', { name: 'Unassign module' }).click();
    const unassign = page.getByRole('dialog', { name: 'Unassign a module from 1 user' });
    await unassign.getByLabel('Module').selectOption(MODULE);
    await unassign.getByRole('button', { name: 'Unassign (1 user)' }).click();
    await page.getByRole('heading', { name: 'Unassign module: 1 done, 0 skipped' }).waitFor();
    expect((await userByEmail(e2e.baseUrl, registered[0] as string)).assignments).toEqual([]);
    expect((await userByEmail(e2e.baseUrl, registered[1] as string)).assignments).toHaveLength(1);

    // Resend invites: the pending invitee gets one; a registered user is skipped, with the reason listed.
    await searchFor(page, pendingEmail, 1);
    await select(pendingEmail);
    await searchFor(page, tag, 2);
    await select(registered[1] as string);
    await page.getByText('2 items selected').waitFor();
    await page.getByRole('button', { name: 'Resend invites' }).click();
    await page
      .getByRole('dialog', { name: 'Resend invites to 2 users' })
      .getByRole('button', { name: 'Resend invites (2 users)' })
      .click();
    await page.getByRole('heading', { name: 'Resend invites: 1 done, 1 skipped' }).waitFor();
    await page.getByText(`${registered[1]}: already registered: there is no invite to resend`).waitFor();
    await expect.poll(() => mailTo(pendingEmail).length, { timeout: 20_000 }).toBe(mailsBefore + 1);
    expect(mailTo(pendingEmail)[0]).toContain('/register/');

    // Deactivate both registered users: their accounts stop signing in.
    for (const email of registered) await select(email);
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate 2 users' })
      .getByRole('button', { name: 'Deactivate (2 users)' })
      .click();
    await page.getByRole('heading', { name: 'Deactivate: 2 done, 0 skipped' }).waitFor();
    for (const email of registered) expect((await userByEmail(e2e.baseUrl, email)).active_at).toBe(0);
    const refused = await fetch(`${e2e.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: registered[0], password: 'Bulk-Trainee-1!' }),
    });
    expect(refused.status).toBe(401);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('works from the keyboard alone: select, assign, and the result takes the focus', async () => {
    const tag = `Keys${Date.now().toString(36)}`;
    const emails = [uniqueEmail('keys-a'), uniqueEmail('keys-b')];
    for (const [i, email] of emails.entries())
      await inviteAndRegister(e2e.baseUrl, email, 'Bulk-Trainee-1!', { first_name: `Key${i}`, last_name: tag });
    const { context, page } = await e2e.adminPage();
    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(tag);
    await expect.poll(() => page.locator('table[aria-label="Users"] tbody tr').count(), { timeout: 10_000 }).toBe(2);

    // Tab to the page's select-all box and tick it with Space.
    const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || '');
    for (let i = 0; i < 40 && (await active()) !== 'users-select-page'; i++) await page.keyboard.press('Tab');
    expect(await active()).toBe('users-select-page');
    await page.keyboard.press('Space');
    await page.getByText('2 items selected').waitFor();

    // Back up to the bar's first action, then into its modal.
    for (let i = 0; i < 40 && (await active()) !== 'Assign module'; i++) await page.keyboard.press('Shift+Tab');
    expect(await active()).toBe('Assign module');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Assign a module to 2 users' });
    await dialog.waitFor();
    await expect.poll(active).toBe('bulk-module');
    await arrowToOption(page, MODULE);
    // Through the optional date (Carbon's date field leads into its calendar, at today's date,
    // and out again) to the Assign button: four Tabs as fast as a key repeats, on a CPU slowed
    // fourfold, and each one moves; none is lost while the calendar opens.
    const today = await page.evaluate(() =>
      new Date().toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    );
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { focusPath: string[] }).focusPath = seen;
      document.addEventListener('focusin', (event) => {
        const el = event.target as Element;
        seen.push(el.id || el.getAttribute('aria-label') || el.textContent || '');
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const path = await page.evaluate(() => (window as unknown as { focusPath: string[] }).focusPath);
    expect(path).toEqual(['bulk-due', today, 'bulk-due', 'Cancel', 'Assign (2 users)']);
    expect(await active()).toBe('Assign (2 users)');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Assign module: 2 done, 0 skipped' }).waitFor();
    expect(await focusedText(page)).toBe('Assign module: 2 done, 0 skipped');
    for (const email of emails)
      expect((await userByEmail(e2e.baseUrl, email)).assignments).toMatchObject([{ key: MODULE, due_at: 0 }]);
    await context.close();
  });
});

describeE2E('invite from a file', (e2e) => {
  it('shows the dry run with its reasons, applies it, and the invitees get their e-mails', async () => {
    const tag = Date.now().toString(36);
    const fresh = [`ann.${tag}@example.com`, `bo.${tag}@example.com`];
    const existing = uniqueEmail('file-existing');
    await inviteAndRegister(e2e.baseUrl, existing, 'Bulk-Trainee-1!', { first_name: 'Ex', last_name: `File${tag}` });
    const csv = [
      'email,first_name,last_name,rank,unit,module,due',
      `${fresh[0]},Ann,File${tag},SrA,655 ISRW,Ready Airman Training,2031-06-30`,
      `${fresh[1]},Bo,File${tag},,,,`,
      `${existing},Ex,Isting,,,,`,
      `not-an-address,X,Y,,,,`,
      `cy.${tag}@example.com,=SUM(A1),Z,,,,`,
    ].join('\n');

    const page = await e2e.adminTab();
    await page.getByRole('button', { name: 'Invite from file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite from a file' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'squadron.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const summary = dialog.getByRole('heading', { name: '5 rows: 2 to invite, 1 already have an account, 2 invalid' });
    await summary.waitFor();
    const invalid = dialog.getByRole('region', { name: 'Invalid lines (not used)' });
    await invalid
      .getByRole('row', { name: "5 not-an-address email: 'not-an-address' is not a valid e-mail address" })
      .waitFor();
    await invalid
      .getByRole('row', {
        name: `6 cy.${tag}@example.com first_name: starts with '=', which a spreadsheet would run as a formula`,
      })
      .waitFor();
    await dialog
      .getByRole('region', { name: 'Already have an account (nothing is done)' })
      .getByText(existing)
      .waitFor();
    await dialog
      .getByRole('region', { name: 'To invite' })
      .getByRole('row', { name: `2 ${fresh[0]} Ann File${tag} SrA 655 ISRW Ready Airman Training 2031-06-30` })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing was created by the dry run.
    const admin = await apiLogin(e2e.baseUrl);
    expect(
      (
        await api<{ count: number }>(
          e2e.baseUrl,
          admin,
          'GET',
          `admin/users?search=${encodeURIComponent(tag)}&status=pending`,
        )
      ).count,
    ).toBe(0);

    await dialog.getByRole('button', { name: 'Invite 2 users' }).click();
    await page
      .getByRole('heading', {
        name: 'Invited 2 users from the file; 1 already had an account, 2 invalid lines were not used',
      })
      .waitFor();
    await page.getByText("Line 5: not-an-address: email: 'not-an-address' is not a valid e-mail address").waitFor();
    // The table shows the invitees.
    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(`File${tag}`);
    await expect
      .poll(() => page.locator('table[aria-label="Users"] tbody tr', { hasText: 'Pending Invite' }).count(), {
        timeout: 10_000,
      })
      .toBe(2);
    const ann = await userByEmail(e2e.baseUrl, fresh[0] as string);
    expect(ann).toMatchObject({
      pending: true,
      first_name: 'Ann',
      rank: 'SrA',
      unit: '655 ISRW',
      assignments: [{ key: MODULE, due_at: Date.UTC(2031, 5, 30, 23) }],
    });
    // Each got an invite through the real SMTP server; nobody else did.
    for (const email of fresh) await expect.poll(() => mailTo(email).length, { timeout: 20_000 }).toBe(1);
    expect(mailTo(fresh[0] as string)[0]).toContain('Ready Airman Training, due Monday, June 30, 2031');
    expect(mailTo(`cy.${tag}@example.com`)).toEqual([]);
    await page.close();
  });
});
