import { expect, it } from 'vitest';
import { api, apiLogin, inviteAndRegister, mailReceivedBy, uniqueEmail } from './api.ts';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { describeE2E, login, openUser, rowAction } from './browser.ts';
import { UNDELIVERABLE_DOMAIN } from './constants.ts';

interface ApiUser {
  id: string;
  active_at: number;
  user_name: string;
  first_name: string;
  last_name: string;
  unit: string;
  rank: string;
  role: string;
  assignments: { key: string; due_at: number }[];
}

/** The user with this e-mail as the users list answers it (a search for the address). */
async function listedUser(baseUrl: string, token: string, email: string): Promise<ApiUser | undefined> {
  return (await api<{ users: ApiUser[] }>(baseUrl, token, 'GET', `admin/users?search=${encodeURIComponent(email)}`))
    .users[0];
}

/** Moves the focus with real key presses (Tab, or Shift+Tab) until `target` has it; fails after `max` presses. */
async function keyTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 60): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} pressed ${max} times without reaching ${target.toString()}`);
}

describeE2E('the Users screen', (e2e) => {
  it('invites with validation, shows the pending row, resends, and deletes with confirmation', async () => {
    const page = await e2e.adminTab();
    await page.getByText(/^\d+ Users$/).waitFor();
    await page.getByRole('button', { name: 'Invite User +' }).click();
    const email = uniqueEmail('invitee');
    await page.getByLabel('E-mail addresses').fill(`${email} not-an-email`);
    await page.getByText('List includes invalid or incomplete email addresses: not-an-email').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('E-mail addresses').fill(email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText('1 user successfully invited').waitFor();

    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
    const row = page.locator('tr', { hasText: email });
    await row.getByText('Pending Invite').waitFor();
    await row.getByText(/^Last Invite Sent /).waitFor();
    await rowAction(row, 'Resend Invite');
    await page.getByText(`Invite resent to ${email}`).waitFor();

    await rowAction(row, 'Delete');
    await page.getByText('Confirm Deletion').waitFor();
    await page.getByText('This action cannot be reversed.').waitFor();
    // Whose account it is, in sight (a pending invitee: the address).
    const who = page.getByRole('dialog', { name: 'Confirm Deletion' }).getByText(`Pending invite (${email})`);
    expect(await who.isVisible()).toBe(true);
    expect(((await who.boundingBox())?.width ?? 0) > 100).toBe(true);
    expect(await page.getByText('You are trying to delete yourself.').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('User successfully deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.close();
  });

  it('names the invitees whose address the SMTP server refused, and keeps them pending', async () => {
    const good = uniqueEmail('deliverable');
    const bad = uniqueEmail('bounced', UNDELIVERABLE_DOMAIN);
    const page = await e2e.adminTab();
    await page.getByRole('button', { name: 'Invite User +' }).click();
    await page.getByLabel('E-mail addresses').fill(`${good}\n${bad}`);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText('2 users successfully invited').waitFor();
    const alert = page.getByRole('alert').filter({ hasText: 'Invited, but the mail server refused' });
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(
      `Invited, but the mail server refused these addresses (check them; correct or delete these invites): ${bad}`,
    );
    // The modal stays open on the alert, which axe checks too.
    await page.getByRole('button', { name: 'Invite', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(mailReceivedBy(good)).toBe(true);
    expect(mailReceivedBy(bad)).toBe(false);
    // The modal's Close button (the header's × is also named 'Close').
    await page.getByRole('button').getByText('Close', { exact: true }).click();
    await page.getByText('Invite Users').waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(bad);
    const row = page.locator('tr', { hasText: bad });
    await row.getByText('Pending Invite').waitFor();
    await row.getByText(/^Last Invite Sent /).waitFor();
    // The SMTP server still refuses the address: the resend fails visibly, says why, and the invite stays.
    await rowAction(row, 'Resend Invite');
    await page.getByText('Error resending invite email.').waitFor();
    await page
      .getByText(
        `The mail server refused ${bad} (550 5.1.1 <${bad}>: mailbox unavailable). Check the address: this e-mail will not be retried.`,
      )
      .waitFor();
    await row.getByRole('button', { name: `Actions for ${bad}` }).waitFor();
    await row.getByText('Pending Invite').waitFor();
    expect(mailReceivedBy(bad)).toBe(false);
    await page.close();
  });

  it('autosaves fast edits across fields: every value reaches the server even when the modal closes at once', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('autosave');
    const invited = await api<{ invited: string[] }>(e2e.baseUrl, admin, 'PUT', 'admin/invite', {
      emails: [email],
      module: 'ready_airman_training',
    });
    expect(invited.invited).toEqual([email]);
    const page = await e2e.adminTab();
    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
    const row = page.locator('tr', { hasText: email });
    await row.dblclick();
    await page.getByText('User Management (autosaves)').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Last name').pressSequentially('Quick', { delay: 20 });
    await page.getByLabel('First name').pressSequentially('Typer', { delay: 20 });
    await page.getByRole('dialog', { name: 'User Management (autosaves)' }).getByLabel('Unit').fill('655 ISRW');
    await page.getByRole('dialog', { name: 'User Management (autosaves)' }).getByLabel('Role').selectOption('admin');
    await page.getByRole('button', { name: 'Close' }).first().click();

    await expect
      .poll(
        async () => {
          const list = await api<{ users: ApiUser[] }>(
            e2e.baseUrl,
            admin,
            'GET',
            `admin/users?search=${encodeURIComponent(email)}`,
          );
          const u = list.users[0];
          return u && [u.last_name, u.first_name, u.unit, u.role];
        },
        { timeout: 10_000 },
      )
      .toEqual(['Quick', 'Typer', '655 ISRW', 'admin']);
    await page.close();
  });

  it('flags an emptied name in the user modal without an accessibility violation', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('names');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [email] });
    const page = await e2e.adminTab();
    await openUser(page, email);
    await page.getByText('User Management (autosaves)').waitFor();
    const lastName = page.getByLabel('Last name');
    // A pending invitee has no names yet; they are not flagged before the admin edits them.
    expect(await lastName.getAttribute('aria-invalid')).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await lastName.fill('Emptied');
    await lastName.fill('');
    await page.getByText('Required').waitFor();
    expect(await lastName.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    const emailField = page.getByLabel('Email', { exact: true });
    await emailField.fill('not-an-email');
    await page.getByText('Enter a valid e-mail address').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('autosaves each field of the user modal with its toast, and the list refreshes within the search', async () => {
    const email = uniqueEmail('fields');
    await inviteAndRegister(e2e.baseUrl, email, 'Fields-Passw0rd!', { first_name: 'Field', last_name: 'Toaster' });
    const page = await e2e.adminTab();
    await openUser(page, email);
    const modal = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    await modal.waitFor();
    const toast = (text: string) => page.getByText(text, { exact: true }).waitFor();

    await modal.getByLabel('Unit').fill('655 ISRW Det 9');
    await toast('User unit updated');
    await modal.getByRole('combobox', { name: 'Rank' }).fill('Senior Airman');
    await page.getByRole('option', { name: 'Senior Airman (SrA, E-4)' }).click();
    await toast('User rank updated');
    await modal.getByLabel('Role').selectOption('admin');
    await toast('Role admin assigned to Field Toaster');
    // Back from the Role select (the rank's field and the unit's on the way) to the switch.
    await keyTo(page, modal.getByRole('switch', { name: 'Status' }), 'Shift+Tab');
    await page.keyboard.press('Space');
    await toast('Field Toaster status has been updated');
    await modal.getByLabel('First name').fill('Fielded');
    await toast('User updated');

    const admin = await apiLogin(e2e.baseUrl);
    const user = await listedUser(e2e.baseUrl, admin, email);
    expect(user && [user.unit, user.rank, user.role, user.active_at, user.first_name]).toEqual([
      '655 ISRW Det 9',
      'SrA',
      'admin',
      0,
      'Fielded',
    ]);
    // The list behind the modal refreshed, still searching for this user.
    await page
      .locator('tr.is-inactive', { hasText: email })
      .getByRole('cell', { name: 'Fielded Toaster', exact: true })
      .waitFor();
    await page.close();
  });

  it('logs an admin out when they change their own e-mail in the user modal', async () => {
    const email = uniqueEmail('self-admin');
    const password = 'Self-Admin-Passw0rd!';
    await inviteAndRegister(e2e.baseUrl, email, password, { first_name: 'Self', last_name: 'Renamer' });
    const admin = await apiLogin(e2e.baseUrl);
    const me = await listedUser(e2e.baseUrl, admin, email);
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${me!.id}`, { role: 'admin' });
    const { context, page } = await e2e.newPage();
    await login(page, email, password);
    await page.waitForURL('**/admin');
    await openUser(page, email);
    await page.getByText('User Management (autosaves)').waitFor();
    const renamed = uniqueEmail('self-renamed');
    await page.getByLabel('Email', { exact: true }).fill(renamed);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await apiLogin(e2e.baseUrl, renamed, password)).toBeTruthy();
    await context.close();
  });

  it("lists users by last name under the spec's columns, with the count and one tag colour per module", async () => {
    const tag = `sorted${Date.now()}`;
    for (const last_name of ['Cobb', 'adams', 'Baker']) {
      await inviteAndRegister(e2e.baseUrl, uniqueEmail(`${tag}-${last_name.toLowerCase()}`), 'Sorted-Passw0rd!', {
        first_name: 'Sam',
        last_name,
      });
    }
    const admin = await apiLogin(e2e.baseUrl);
    // Two modules for one user: the base module and a copy of it made for this test. The
    // copy's title sorts after the base module's, where the modules screen's tests expect
    // copies to be (they pick the first row naming 'Ready Airman Training').
    const base = await api<{ id: string; game_title: string }>(
      e2e.baseUrl,
      admin,
      'GET',
      'modules/ready_airman_training',
    );
    const copy = await api<{ id: string; game_title: string }>(e2e.baseUrl, admin, 'POST', 'modules', {
      ...base,
      id: '',
      game_title: `Teal tag ${tag}`,
    });
    const [baker] = (await api<{ users: ApiUser[] }>(e2e.baseUrl, admin, 'GET', `admin/users?search=${tag}-baker`))
      .users;
    const [adams] = (await api<{ users: ApiUser[] }>(e2e.baseUrl, admin, 'GET', `admin/users?search=${tag}-adams`))
      .users;
    for (const m of [base, copy])
      await api(e2e.baseUrl, admin, 'POST', `admin/users/${baker!.id}/assign`, { module: m.id });
    // The copy alone for Adams: its tag is the row's first there and the second in Baker's.
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${adams!.id}/assign`, { module: copy.id });

    const page = await e2e.adminTab();
    const table = page.getByRole('table', { name: 'Users' });
    const { count } = await api<{ count: number }>(e2e.baseUrl, admin, 'GET', 'admin/users');
    await page.getByText(`${count} Users`, { exact: true }).waitFor();
    // The loading skeleton has headers of its own: read the table's once it holds the users.
    await expect
      .poll(() => table.locator('thead th:not(.cds--table-column-checkbox)').allInnerTexts())
      .toEqual([
        'Rank',
        'Unit',
        'Name',
        'Role',
        'Email',
        'Assigned Modules',
        'Completed Modules',
        'Last Sign-In',
        'Status',
        'Actions',
      ]);

    // Before them, the column of the boxes that select rows for a bulk action.
    await table.getByRole('checkbox', { name: 'Select every user of this page' }).waitFor();

    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(tag);
    await page.getByText('3 Users', { exact: true }).waitFor();
    await expect
      .poll(() => table.locator('tbody tr td:nth-child(4)').allInnerTexts())
      .toEqual(['Sam adams', 'Sam Baker', 'Sam Cobb']);
    // A module's tag has one colour on every row, wherever it stands in the row.
    const tagColour = async (name: string, title: string) => {
      const tagged = table.locator('tr', { hasText: name }).locator('.cds--tag', { hasText: title });
      await tagged.waitFor();
      return (await tagged.getAttribute('class'))?.match(/cds--tag--(cyan|teal|blue|cool-gray|outline)/)?.[1];
    };
    const copyColour = await tagColour('Sam adams', copy.game_title);
    expect(copyColour).toBeDefined();
    expect(await tagColour('Sam Baker', copy.game_title)).toBe(copyColour);
    await page.close();
  });

  it('pages with Page N and Next 50, hidden while searching', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const emails = Array.from({ length: 60 }, () => uniqueEmail('pager'));
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails });
    const page = await e2e.adminTab();
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('button', { name: 'Page 1' }).waitFor();
    await pages.getByRole('button', { name: 'Next 50' }).click();
    await pages.getByRole('button', { name: 'Page 2' }).waitFor();
    expect(await page.locator('table[aria-label="Users"] tbody tr').count()).toBeLessThanOrEqual(50);
    // The new page starts at the table's top, where focus goes too (not left at the bottom of the last page).
    const results = page.getByLabel('Users, page 2');
    await expect.poll(() => results.evaluate((el) => el === document.activeElement)).toBe(true);
    const top = await page.locator('table[aria-label="Users"] thead').boundingBox();
    expect(top && top.y >= 0 && top.y < (page.viewportSize()?.height ?? 0) / 2).toBe(true);
    await pages.getByRole('button', { name: 'Page 1' }).click();
    await expect
      .poll(() => page.getByLabel('Users, page 1').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.getByRole('searchbox', { name: 'Search by player name' }).fill('pager');
    await pages.waitFor({ state: 'detached' });
    await page.close();
  });

  it('assigns a module, sets its due date and unassigns it in the user modal', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('assignee');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [email] });
    const page = await e2e.adminTab();
    await openUser(page, email);
    await page.getByText('No Assignments').waitFor();
    await page.getByLabel('Module', { exact: true }).selectOption('ready_airman_training');
    await page.getByRole('button', { name: 'Assign Module' }).click();
    await page.getByText(`Module 'Ready Airman Training' assigned to ${email}`).waitFor();
    await page.getByText('Not Started').waitFor();
    const due = page.getByLabel('Due date of Ready Airman Training');
    await due.fill('12/31/2030');
    await page.keyboard.press('Enter');
    await page.getByText('Assignment due date updated').waitFor();
    const user = (await listedUser(e2e.baseUrl, admin, email))!;
    // The date's midnight in UTC plus 23 hours, whatever the browser's zone (docs/api.md).
    expect(new Date(user.assignments[0]!.due_at).toISOString()).toBe('2030-12-31T23:00:00.000Z');
    // Unassigning asks first; Cancel keeps the assignment.
    const unassign = page.getByRole('button', { name: /^Delete assignment Ready Airman Training/ });
    await unassign.click();
    const confirm = page.getByRole('dialog', { name: "Unassign 'Ready Airman Training'?" });
    await confirm.getByText(`${email} will no longer have this module to play.`, { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => unassign.evaluate((el) => el === document.activeElement)).toBe(true);
    await unassign.click();
    await confirm.getByRole('button', { name: 'Unassign' }).click();
    await page.getByText(`Module 'Ready Airman Training' no longer assigned to ${email}`).waitFor();
    await page.close();
  });

  it('copies an invite link, shows assigned modules as tags, and deactivates a user from the table', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const pending = uniqueEmail('copylink');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [pending], module: 'ready_airman_training' });
    const { context, page } = await e2e.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    await login(page);
    await page.waitForURL('**/admin');
    const search = page.getByRole('searchbox', { name: 'Search by player name' });
    await search.fill(pending);
    const row = page.locator('tr', { hasText: pending });
    await row.locator('.cds--tag', { hasText: 'Ready Airman Training' }).waitFor();
    await rowAction(row, 'Copy Invite Link');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${e2e.baseUrl}/register/[A-Za-z0-9_-]{22,}$`));
    // The row's actions menu opens the modal from the keyboard: Enter opens the menu on its first item, View.
    await keyTo(page, row.getByRole('button', { name: `Actions for ${pending}` }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'View', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    await modal.getByLabel('Email').waitFor();
    expect(await modal.getByLabel('Email').inputValue()).toBe(pending);
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // One Escape closes it (the focus starts on its first field).
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    const registered = uniqueEmail('toggle');
    await inviteAndRegister(e2e.baseUrl, registered, 'Toggle-Passw0rd!', { first_name: 'Tog', last_name: 'Gle' });
    await search.fill(registered);
    const target = page.locator('tr', { hasText: registered });
    // The state in words beside the switch, not its colour alone.
    await target.getByText('Active', { exact: true }).waitFor();
    // By keyboard, from the row's actions menu (the switch is for the mouse: two Tab stops a row).
    await keyTo(page, target.getByRole('button', { name: `Actions for Tog Gle (${registered})` }));
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'View', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByText('Tog Gle status has been updated').waitFor();
    await page.locator('tr.is-inactive', { hasText: registered }).waitFor();
    await target.getByText('Inactive', { exact: true }).waitFor();
    await context.close();
  });

  it('keeps a due date picked in Denver the same calendar date for a trainee in Kiritimati and in the report', async () => {
    const email = uniqueEmail('due-zone');
    const password = 'Due-Zone-Passw0rd!';
    await inviteAndRegister(e2e.baseUrl, email, password, {
      first_name: 'Dee',
      last_name: 'Zone',
      module: 'ready_airman_training',
    });
    const { context, page } = await e2e.adminPage('/admin', { timezoneId: 'America/Denver' });
    await openUser(page, email);
    const due = page.getByLabel('Due date of Ready Airman Training');
    await due.fill('11/15/2030');
    await page.keyboard.press('Enter');
    await page.getByText('Assignment due date updated').waitFor();
    await context.close();

    // UTC+14: the instant stored for Denver's 11/15 at local midnight + 23 h was already 11/16 there.
    const trainee = await e2e.newPage({ timezoneId: 'Pacific/Kiritimati' });
    await login(trainee.page, email, password);
    await trainee.page
      .getByRole('region', { name: 'Game controls' })
      // The training list's "Due" fact: the calendar date the administrator picked.
      .getByText('11/15/2030', { exact: true })
      .waitFor();
    await trainee.context.close();

    const admin = await apiLogin(e2e.baseUrl);
    const { token } = await api<{ token: string }>(e2e.baseUrl, admin, 'POST', 'admin/reports/token', {
      module: 'ready_airman_training',
    });
    const res = await fetch(`${e2e.baseUrl}/api/admin/users?csv=1&module=ready_airman_training&token=${token}`);
    const line = (await res.text()).split('\r\n').find((l) => l.includes(email));
    // The report's Due is the calendar date picked, the same in every zone.
    expect(line).toContain(',2030-11-15,');
  });
});
