/** A unit administrator's screens: its units named in the header, its trainees only, nothing it may not do offered. */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Module } from '@airman/contracts/module.ts';
import type { User } from '@airman/contracts/user.ts';
import { api, apiLogin, apiRaw, inviteAndRegister, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';
import { arrowToOption, focused, tabTo } from './focus.ts';
import { shot } from './game-helpers.ts';

const PASSWORD = 'Unit-Admin-Pass-9';
const BASE = 'ready_airman_training';
const DAY = 86_400_000;

/** Presses Tab until the focus is on this element's id (the focused() name of a checkbox is its row's label). */
async function tabToId(page: Page, id: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await page.evaluate(() => document.activeElement?.id ?? '')) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`#${id} not reached in ${max} presses of Tab`);
}

describeE2E('a unit administrator', (e2e) => {
  it('sees its units in the header and its trainees only, with no Delete, roles or Module Editor', async () => {
    const manager = uniqueEmail('unit-manager');
    const inside = uniqueEmail('unit-trainee');
    const outside = uniqueEmail('other-trainee');
    for (const [email, last] of [
      [manager, 'Manager'],
      [inside, 'Inside'],
      [outside, 'Outside'],
    ] as const)
      await inviteAndRegister(e2e.baseUrl, email, PASSWORD, { first_name: 'Pat', last_name: last });
    const admin = await apiLogin(e2e.baseUrl);
    const find = async (email: string) =>
      (
        await api<{ users: { id: string }[] }>(
          e2e.baseUrl,
          admin,
          'GET',
          `admin/users?search=${encodeURIComponent(email)}`,
        )
      ).users[0]!.id;
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${await find(inside)}`, { unit: '655 ISRW/Det 2' });
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${await find(outside)}`, { unit: '70 ISRW' });
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${await find(manager)}`, {
      role: 'unit_admin',
      admin_units: ['655 ISRW'],
    });

    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
      [390, 844],
    ] as const) {
      const { context, page } = await e2e.unitAdminPage(
        { email: manager, password: PASSWORD },
        { viewport: { width, height } },
      );
      const search = page.getByRole('searchbox', { name: 'Search by player name' });
      await search.fill('Pat');
      await expect.poll(() => page.locator('tr', { hasText: inside }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.locator('tr', { hasText: outside }).count()).toBe(0);
      if (width >= 1056) {
        await expect.poll(() => page.getByText('Unit: 655 ISRW (and sub-units)').isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'Module Editor' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Invite from file' }).count()).toBe(0);
      }
      await shot(page, 'unit-admin-users');
      // The row's menu offers no Delete; the modal no role.
      const row = page.locator('tr', { hasText: inside });
      await row.getByRole('button', { name: /^Actions for / }).click();
      // The menu open (its first entry shown).
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem').first().waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Delete', exact: true }).count()).toBe(0);
      // View opens the trainee (a double click on the row could fall on a control of the row).
      await menu.getByRole('menuitem', { name: 'View', exact: true }).click();
      await page.getByRole('dialog').getByLabel('Unit').first().waitFor();
      expect(await page.getByRole('dialog').getByLabel('Role').count()).toBe(0);
      // Nothing on it answers "administrators only".
      expect(
        await page
          .getByRole('dialog')
          .getByText(/Error loading/)
          .count(),
      ).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'unit-admin-modal');
      await context.close();
    }
  });

  it('is made by a full administrator in the user modal, its units asked with the role', async () => {
    const email = uniqueEmail('unit-manager-made');
    await inviteAndRegister(e2e.baseUrl, email, PASSWORD, { first_name: 'Sam', last_name: 'Made' });
    const page = await e2e.adminTab('/admin');
    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
    await expect.poll(() => page.locator('tr', { hasText: email }).count(), { timeout: 15_000 }).toBe(1);
    await page.locator('tr', { hasText: email }).dblclick();
    await page.getByRole('dialog').getByLabel('Role', { exact: true }).selectOption('unit_admin');
    await page.getByLabel('Units administered').fill('655 ISRW');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'unit-admin-made');
    const admin = await apiLogin(e2e.baseUrl);
    await expect
      .poll(
        async () => {
          const found = await api<{ users: { id: string; role: string }[] }>(
            e2e.baseUrl,
            admin,
            'GET',
            `admin/users?search=${encodeURIComponent(email)}`,
          );
          return found.users[0]?.role;
        },
        { timeout: 10_000 },
      )
      .toBe('unit_admin');
    await page.close();
  });

  it('is made by a full administrator, then works its units by keys alone and reaches nothing else', async () => {
    // Trainees of 655 ISRW, of 655 ISRW/Det 2 (one overdue) and of 70 ISRW (overdue too), and a trainee to promote.
    const stamp = Date.now().toString(36);
    const admin = await apiLogin(e2e.baseUrl);
    const people = {
      manager: { email: uniqueEmail('kb-manager'), first_name: 'Mia', last_name: `Mgr${stamp}`, unit: '655 ISRW' },
      top: { email: uniqueEmail('kb-top'), first_name: 'Tia', last_name: `Top${stamp}`, unit: '655 ISRW' },
      det: { email: uniqueEmail('kb-det'), first_name: 'Dana', last_name: `Det${stamp}`, unit: '655 ISRW/Det 2' },
      outside: { email: uniqueEmail('kb-out'), first_name: 'Otto', last_name: `Out${stamp}`, unit: '70 ISRW' },
    };
    const ids: Record<keyof typeof people, string> = { manager: '', top: '', det: '', outside: '' };
    for (const [key, p] of Object.entries(people) as [keyof typeof people, (typeof people)['top']][]) {
      await inviteAndRegister(e2e.baseUrl, p.email, PASSWORD, { ...p, module: BASE });
      const { users } = await api<{ users: User[] }>(
        e2e.baseUrl,
        admin,
        'GET',
        `admin/users?search=${encodeURIComponent(p.email)}`,
      );
      ids[key] = users[0]!.id;
      const overdue = key === 'det' || key === 'outside';
      await api(e2e.baseUrl, admin, 'POST', `admin/users/${ids[key]}`, {
        unit: p.unit,
        ...(overdue && { assignments: [{ key: BASE, due_at: Date.now() - 3 * DAY }] }),
      });
    }
    const base = await api<Module>(e2e.baseUrl, admin, 'GET', `modules/${BASE}`);
    const refresher = await api<Module>(e2e.baseUrl, admin, 'POST', 'modules', {
      ...base,
      id: '',
      game_title: `Unit refresher ${stamp}`,
    });
    const laptop = { viewport: { width: 1366, height: 768 } };

    // The full administrator makes the trainee a unit administrator of 655 ISRW, by keys alone.
    {
      const { context, page } = await e2e.adminPage('/admin', laptop);
      await page.keyboard.press('Tab');
      await tabTo(page, 'Search by player name');
      await page.keyboard.type(people.manager.email);
      // Once the list is the search's answer (the rows before it go, and with them any focus on them).
      const listed = page.locator('table[aria-label="Users"] tbody tr');
      await expect
        .poll(
          async () =>
            (await listed.count()) === 1 && (await listed.filter({ hasText: people.manager.email }).count()) === 1,
          { timeout: 15_000 },
        )
        .toBe(true);
      // The row's actions button (its name is on the icon inside it, not on the button).
      await tabToId(page, `user-actions-${ids.manager}`);
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'View', exact: true }).waitFor();
      await page.keyboard.press('Enter');
      const modal = page.getByRole('dialog', { name: 'User Management (autosaves)' });
      await modal.waitFor();
      await tabTo(page, 'Role');
      await arrowToOption(page, 'unit_admin');
      await tabTo(page, 'Units administered');
      await page.keyboard.type('655 ISRW');
      await expect
        .poll(async () => (await api<User>(e2e.baseUrl, admin, 'GET', `admin/users/${ids.manager}`)).admin_units, {
          timeout: 10_000,
        })
        .toEqual(['655 ISRW']);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await context.close();
    }

    // The unit administrator signs in: exactly the trainees of 655 ISRW and of 655 ISRW/Det 2.
    const manager = await apiLogin(e2e.baseUrl, people.manager.email, PASSWORD);
    const { context, page } = await e2e.newPage(laptop);
    await page.goto('/login');
    await page.getByLabel('E-mail').waitFor();
    await page.keyboard.press('Tab');
    await tabTo(page, 'E-mail');
    await page.keyboard.type(people.manager.email);
    await tabTo(page, 'Password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin');
    const trainees = await api<{ count: number; users: User[] }>(
      e2e.baseUrl,
      admin,
      'GET',
      `admin/users?unit=${encodeURIComponent('655 ISRW')}&role=user`,
    );
    await page.getByText(`${trainees.count} Users`, { exact: true }).waitFor();
    const rows = page.locator('table[aria-label="Users"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(Math.min(trainees.count, 50));
    for (const p of [people.top, people.det]) expect(await rows.filter({ hasText: p.email }).count()).toBe(1);
    for (const p of [people.outside, people.manager]) expect(await rows.filter({ hasText: p.email }).count()).toBe(0);

    // Invites into Det 2 (a unit under its own).
    const invitee = uniqueEmail('kb-invitee');
    await tabTo(page, 'Invite User +');
    await page.keyboard.press('Enter');
    const invite = page.getByRole('dialog', { name: 'Invite Users' });
    await invite.waitFor();
    await expect.poll(async () => (await focused(page)).name).toBe('E-mail addresses');
    await page.keyboard.type(invitee);
    await tabTo(page, 'Unit of the invitees');
    await page.keyboard.type('655 ISRW/Det 2');
    await tabTo(page, 'Invite');
    await page.keyboard.press('Enter');
    await page.getByText('1 user successfully invited').waitFor();
    await invite.waitFor({ state: 'detached' });

    // Assigns a module to its trainee in Det 2, in bulk from the list narrowed to them.
    await tabTo(page, 'Search by player name', { back: true });
    await page.keyboard.type(people.det.email);
    await expect
      .poll(
        async () => (await rows.count()) === 1 && (await rows.filter({ hasText: people.det.email }).count()) === 1,
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    await tabToId(page, 'users-select-page');
    await page.keyboard.press('Space');
    await page.getByText('1 item selected').waitFor();
    await tabTo(page, 'Assign module', { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Assign a module to 1 user' }).waitFor();
    await page.locator(`#bulk-module option[value="${refresher.id}"]`).waitFor({ state: 'attached' });
    await arrowToOption(page, refresher.id);
    await tabTo(page, 'Assign (1 user)');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Assign module: 1 done, 0 skipped' }).waitFor();
    const detUser = await api<User>(e2e.baseUrl, admin, 'GET', `admin/users/${ids.det}`);
    expect(detUser.assignments.map((a) => a.key).sort()).toEqual([BASE, refresher.id].sort());

    // Its trainee's modal: the record, and no role to change.
    await tabToId(page, `user-actions-${ids.det}`);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'View', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    await modal.getByRole('region', { name: 'Record' }).getByText(base.game_title).first().waitFor();
    expect(await modal.getByLabel('Role', { exact: true }).count()).toBe(0);
    expect(await modal.getByText(/Error loading|could not be loaded/).count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // Anyone else by URL is no one, and a bulk action reaching outside its units is refused whole.
    for (const url of [`admin/users/${ids.outside}`, `admin/users/${ids.outside}/record`])
      expect((await apiRaw(e2e.baseUrl, manager, 'GET', url)).status).toBe(404);
    const bulk = await apiRaw(e2e.baseUrl, manager, 'POST', 'admin/users/bulk', {
      ids: [ids.top, ids.outside],
      action: 'assign',
      module: refresher.id,
    });
    expect(bulk.status).toBe(404);
    expect(
      (await api<User>(e2e.baseUrl, admin, 'GET', `admin/users/${ids.top}`)).assignments.map((a) => a.key),
    ).toEqual([BASE]);
    expect((await apiRaw(e2e.baseUrl, manager, 'POST', `admin/users/${ids.top}`, { role: 'admin' })).status).toBe(403);

    // Progress: its units' overdue trainee, not the other wing's; a reminder reaches its trainees only.
    await tabTo(page, 'Progress', { back: true, max: 200 });
    await page.keyboard.press('Enter');
    const overdue = page.getByRole('table', { name: 'Overdue assignments' });
    await overdue.getByRole('button', { name: `${people.det.last_name}, ${people.det.first_name}` }).waitFor();
    expect(await overdue.getByText(people.outside.last_name, { exact: false }).count()).toBe(0);
    const reachable = await api<{ user_ids: string[] }>(e2e.baseUrl, manager, 'GET', 'admin/progress/overdue-trainees');
    expect(reachable.user_ids).toContain(ids.det);
    expect(reachable.user_ids).not.toContain(ids.outside);
    await tabTo(page, 'Send a reminder to all overdue in these filters', { max: 200 });
    await page.keyboard.press('Enter');
    const n = reachable.user_ids.length;
    await page.getByRole('dialog', { name: `Send a reminder to ${n} ${n === 1 ? 'trainee' : 'trainees'}` }).waitFor();
    await tabTo(page, `Send reminder (${n} ${n === 1 ? 'trainee' : 'trainees'})`);
    await page.keyboard.press('Enter');
    await page.getByText(/^Reminders: /).waitFor();
    const nudges = async (id: string) =>
      (await api<{ emails: { kind: string }[] }>(e2e.baseUrl, admin, 'GET', `admin/users/${id}/emails`)).emails.filter(
        (m) => m.kind === 'nudge',
      ).length;
    expect(await nudges(ids.det)).toBe(1);
    expect(await nudges(ids.outside)).toBe(0);

    // Modules: read and play-tested, never edited; the report holds its units' trainees only.
    await tabTo(page, 'Modules', { back: true, max: 400 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Training Modules' }).waitFor();
    expect(await page.getByRole('button', { name: 'New Module +' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Archive|Customize)/ }).count()).toBe(0);
    await tabTo(page, `View ${base.game_title}`, { max: 200 });
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog', { name: `Module: ${base.game_title}` });
    await view.waitFor();
    expect(await view.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await view.getByLabel('Title').isDisabled()).toBe(true);
    await tabTo(page, 'Play-test', { max: 400 });
    await page.keyboard.press('Enter');
    await view.getByRole('region', { name: 'Game controls' }).getByRole('heading', { name: base.game_title }).waitFor();
    await tabTo(page, 'End the play-test', { back: true, max: 50 });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });
    await tabTo(page, `Download Report of ${base.game_title}`, { max: 200 });
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const report = await fs.promises.readFile(await (await download).path(), 'utf8');
    expect(report).toContain(people.det.email);
    expect(report).toContain(people.top.email);
    expect(report).not.toContain(people.outside.email);
    expect(report).not.toContain(people.manager.email);
    await context.close();
  }, 240_000);

  it("shows its read-only Modules, a module, the Audit screen's unit tree and a record at every size", async () => {
    const email = uniqueEmail('unit-sizes');
    const trainee = uniqueEmail('unit-sizes-trainee');
    for (const [who, last] of [
      [email, 'Sizes'],
      [trainee, 'Record'],
    ] as const)
      await inviteAndRegister(e2e.baseUrl, who, PASSWORD, { first_name: 'Lee', last_name: last, module: BASE });
    const admin = await apiLogin(e2e.baseUrl);
    const idOf = async (who: string) =>
      (await api<{ users: User[] }>(e2e.baseUrl, admin, 'GET', `admin/users?search=${encodeURIComponent(who)}`))
        .users[0]!.id;
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${await idOf(trainee)}`, { unit: '655 ISRW/Det 2' });
    await api(e2e.baseUrl, admin, 'POST', `admin/users/${await idOf(email)}`, {
      role: 'unit_admin',
      admin_units: ['655 ISRW'],
    });
    const sideways = (page: Page) =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    for (const [width, height] of [
      [390, 844],
      [1366, 768],
      [1920, 1080],
    ] as const) {
      const size = `${width}x${height}`;
      const { context, page } = await e2e.unitAdminPage({ email, password: PASSWORD }, { viewport: { width, height } });

      await page.goto('/modules');
      const table = page.getByRole('table', { name: 'Training Modules' });
      await table.waitFor();
      expect(await page.getByRole('button', { name: 'New Module +' }).count()).toBe(0);
      expect(await sideways(page), `Modules at ${size}`).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'unit-admin-modules');
      await table.getByRole('button', { name: 'View Ready Airman Training', exact: true }).click();
      const view = page.getByRole('dialog', { name: 'Module: Ready Airman Training' });
      await view.getByLabel('Title').waitFor();
      expect(await view.getByRole('button', { name: 'Save' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'unit-admin-module-view');
      await page.keyboard.press('Escape');
      await view.waitFor({ state: 'detached' });

      await page.goto('/audit');
      const unit = page.getByRole('combobox', { name: 'Unit' });
      await unit.click();
      // The tree of its units only: Det 2 indented under 655 ISRW, no other wing.
      const det2 = page.getByRole('option').filter({ hasText: 'Det 2' });
      await det2.waitFor();
      expect(await page.getByRole('option').filter({ hasText: '70 ISRW' }).count()).toBe(0);
      expect(await sideways(page), `Audit at ${size}`).toBe(0);
      await shot(page, 'unit-admin-audit');
      await det2.click();
      await page.waitForURL((url) => url.searchParams.get('unit') === '655 ISRW/Det 2');
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/admin');
      await page.getByRole('searchbox', { name: 'Search by player name' }).fill(trainee);
      const row = page.locator('tr', { hasText: trainee });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      await row.getByRole('button', { name: /^Actions for / }).click();
      await page.getByRole('menuitem', { name: 'View', exact: true }).click();
      const record = page.getByRole('dialog').getByRole('region', { name: 'Record' });
      await record.getByText('Ready Airman Training').first().waitFor();
      await record.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'unit-admin-record');
      await context.close();
    }
  }, 240_000);
});
