import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { blankAction, type Module } from '@airman/contracts/module.ts';
import { formatDueDate } from '@airman/contracts/due-date.ts';
import { playGreedy } from '@airman/engine/play.ts';
import { replay } from '@airman/engine/replay.ts';
import { api, apiLogin, inviteAndRegister, passPtRun, smallModule, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E } from './browser.ts';
import { arrowToOption, focused, tabTo } from './focus.ts';

const PASSWORD = 'Audited-Passw0rd!';

interface Run {
  run_id: string;
  seed: number;
  module: Module;
}

/** A small module of the admin's own, made through the API (its version 1). */
async function apiModule(baseUrl: string, admin: string, title: string): Promise<Module> {
  return api<Module>(
    baseUrl,
    admin,
    'POST',
    'modules',
    smallModule(title, { actions: [passPtRun, { ...blankAction('Rest'), results: { morale: 5 } }] }),
  );
}

/** The downloaded CSV of the Audit screen's current filters, by keyboard: Tab to Download CSV, Enter. */
async function downloadCsv(page: Page): Promise<string> {
  await tabTo(page, 'Download CSV');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  await page
    .getByRole('status')
    .filter({ hasText: `Audit log downloaded: ${file.suggestedFilename()}` })
    .waitFor();
  return fs.promises.readFile(await file.path(), 'utf8');
}

describeE2E('the Audit screen', (e2e) => {
  it('finds an invite, a due date, a module edit and a restore on the screen and in the CSV; the restored version plays as before', async () => {
    const { baseUrl } = e2e;
    const admin = await apiLogin(baseUrl);
    const title = `Audit drill ${Date.now()}`;
    const module = await apiModule(baseUrl, admin, title);
    // An invite with the module, registered; then its due date set.
    const email = uniqueEmail('audited');
    await inviteAndRegister(baseUrl, email, PASSWORD, {
      first_name: 'Audrey',
      last_name: 'Auditee',
      module: module.id,
    });
    const listed = await api<{ users: { id: string }[] }>(
      baseUrl,
      admin,
      'GET',
      `admin/users?search=${encodeURIComponent(email)}`,
    );
    const userId = listed.users[0]!.id;
    const due = Date.UTC(2031, 4, 17, 23);
    await api(baseUrl, admin, 'POST', `admin/users/${userId}`, { assignments: [{ key: module.id, due_at: due }] });

    // A run on version 1, played to its end and quit, so the next run starts afresh.
    const trainee = await apiLogin(baseUrl, email, PASSWORD);
    const first = await api<Run>(baseUrl, trainee, 'POST', 'game/runs', { module: module.id });
    const line = playGreedy(first.module, first.seed).line;
    await api(baseUrl, trainee, 'POST', `game/runs/${first.run_id}/progress`, { log: line });
    await api(baseUrl, trainee, 'POST', `game/runs/${first.run_id}/quit`);

    const { context, page } = await e2e.adminPage('/modules', {
      viewport: { width: 1366, height: 768 },
      acceptDownloads: true,
    });
    await page.getByRole('searchbox', { name: 'Search modules' }).fill(title);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editor = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    const days = editor.getByLabel('Days', { exact: true });
    await days.waitFor();
    // By keyboard: from the title (the first focus) to Days, one up, and back round to Save.
    await tabTo(page, 'Days');
    await page.keyboard.press('ArrowUp');
    expect(await days.inputValue()).toBe('4');
    await tabTo(page, 'Save', { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Module updated' }).waitFor();
    await editor.waitFor({ state: 'hidden' });

    // Versions: the edit against version 1, then version 1 restored, after a confirmation.
    await page.keyboard.press('Enter');
    await days.waitFor();
    expect(await days.inputValue()).toBe('4');
    await tabTo(page, 'Versions', { back: true });
    await page.keyboard.press('Enter');
    const versions = page.getByRole('dialog', { name: `Versions: ${title}` });
    await versions.getByText('From version 1 to version 2:').waitFor();
    const settings = versions.getByRole('region', { name: 'Settings' });
    expect(await settings.getByRole('listitem').allTextContents()).toEqual(['Changed: Days3 → 4', '3 → 4']);
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, 'Restore version 1');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
    await confirm.waitFor();
    await tabTo(page, 'Restore');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Version 1 restored as the newest version' }).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await versions.getByRole('cell', { name: '3 (current)' }).waitFor();
    // The focus is back on the control that opened the confirmation.
    await expect.poll(async () => (await focused(page)).name).toBe('Restore version 1');
    await versions.getByText('From version 2 to version 3:').waitFor();
    await page.keyboard.press('Escape');
    await versions.waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe('Versions');
    // The editor shows the restored module.
    expect(await days.inputValue()).toBe('3');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });

    // The restored version plays as version 1 did: the same module, the same engine state for the same moves.
    const second = await api<Run>(baseUrl, trainee, 'POST', 'game/runs', { module: module.id });
    expect(second.run_id).not.toBe(first.run_id);
    expect(second.module).toEqual(first.module);
    expect(replay(second.module, first.seed, line)).toEqual(replay(first.module, first.seed, line));
    await api(baseUrl, trainee, 'POST', `game/runs/${second.run_id}/progress`, {
      log: playGreedy(first.module, second.seed).line,
    });

    // The Audit screen, from the header, filtered to the module by keyboard.
    await tabTo(page, 'Audit', { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Audit', level: 1 }).waitFor();
    await tabTo(page, 'Target');
    await arrowToOption(page, 'module');
    await tabTo(page, 'Module');
    await arrowToOption(page, module.id);
    await page.waitForURL((url) => url.searchParams.get('target_id') === module.id);
    await page.getByRole('status').filter({ hasText: 'Showing 3 entries.' }).waitFor();
    const table = page.getByRole('table', { name: /^Audit entries 1 to 3/ });
    const row = (action: string) => table.getByRole('row').filter({ hasText: action });
    expect(await row('Module version restored').locator('li').allTextContents()).toEqual([
      'Settings › Days: 4 → 3',
      'Version: 2 → 3',
      'Restored from version: – → 1',
    ]);
    expect(await row('Module edited').locator('li').allTextContents()).toEqual([
      'Settings › Days: 3 → 4',
      'Version: 1 → 2',
    ]);
    await row('Module created (copy)').waitFor();
    expect(await table.textContent()).not.toContain('{');
    expect(await seriousViolations(page)).toEqual([]);
    const moduleCsv = await downloadCsv(page);
    const moduleLines = moduleCsv.trim().split('\n');
    expect(moduleLines[0]).toContain('Time (UTC)');
    expect(moduleLines.slice(1).map((l) => l.split(',')[3])).toEqual([
      'module.restore',
      'module.edit',
      'module.create',
    ]);

    // The user's History link opens the screen on the user's entries.
    await page.goto('/admin');
    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
    const userRow = page.locator('tr', { hasText: email });
    await userRow.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'View', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'User Management (autosaves)' });
    await modal.getByLabel('Email').waitFor();
    await tabTo(page, `History of ${email} on the Audit screen`, { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/audit' && url.searchParams.get('target_id') === userId);
    expect(await page.getByRole('combobox', { name: 'Target' }).inputValue()).toBe('user');
    expect(await page.getByRole('textbox', { name: 'User (e-mail or ID)' }).inputValue()).toBe(userId);
    const userTable = page.getByRole('table', { name: /^Audit entries 1 to/ });
    const dueRow = userTable.getByRole('row').filter({ hasText: 'Due date changed' });
    await dueRow.waitFor();
    expect(await dueRow.locator('li').allTextContents()).toEqual([
      `Module: ${title}`,
      `Due date: none → ${formatDueDate(due, 'en-US')}`,
    ]);
    const inviteRow = userTable.getByRole('row').filter({ hasText: 'Invited' });
    expect(await inviteRow.locator('li').allTextContents()).toContain(`E-mail: – → ${email}`);
    await userTable.getByRole('row').filter({ hasText: 'Registered' }).waitFor();
    const userCsv = await downloadCsv(page);
    const actions = userCsv
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[3]);
    expect(actions).toContain('user.invite');
    expect(actions).toContain('assignment.due_date');
    expect(userCsv).toContain(String(due));
    expect((await focused(page)).lost).toBe(false);
    await context.close();
  }, 120_000);

  it('pages by keyboard, keeping the focus on the paging button or its caption, and reads on a phone', async () => {
    const { baseUrl } = e2e;
    const admin = await apiLogin(baseUrl);
    const title = `Audit pages ${Date.now()}`;
    const module = await apiModule(baseUrl, admin, title);
    // 101 saves and the creation: two pages of 50 and one of 2.
    for (let i = 0; i < 101; i++)
      await api(baseUrl, admin, 'PUT', `modules/${module.id}`, {
        ...module,
        days: (i % 20) + 1,
      });
    const { context, page } = await e2e.adminPage('/admin', { viewport: { width: 390, height: 844 } });
    await page.goto(`/audit?target_kind=module&target_id=${encodeURIComponent(module.id)}`);
    await page.getByRole('status').filter({ hasText: 'Showing 50 entries, page 1.' }).waitFor();
    // The table scrolls in its own box; the page never sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    expect(await seriousViolations(page)).toEqual([]);

    const focusName = async () => (await focused(page)).name;
    await page.keyboard.press('Tab');
    await tabTo(page, 'Older entries');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Showing 50 entries, page 2.' }).waitFor();
    // More pages: the focus stays on the button.
    expect(await focusName()).toBe('Older entries');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Showing 2 entries, page 3.' }).waitFor();
    // The last page: Older entries is disabled, and the focus is on the table's caption.
    await expect.poll(focusName).toBe('Audit entries 101 to 102, newest first');
    expect(await page.getByRole('table').getByRole('row').filter({ hasText: 'Module created (copy)' }).count()).toBe(1);
    await tabTo(page, 'Newer entries');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Showing 50 entries, page 2.' }).waitFor();
    expect(await focusName()).toBe('Newer entries');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Showing 50 entries, page 1.' }).waitFor();
    await expect.poll(focusName).toBe('Audit entries 1 to 50, newest first');
    expect((await focused(page)).lost).toBe(false);
    await context.close();
  });
  it('asks before the editor’s History link leaves unsaved changes, then opens the module’s entries', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const title = `Audit leave ${Date.now()}`;
    const module = await apiModule(e2e.baseUrl, admin, title);
    const { context, page } = await e2e.adminPage('/modules', { viewport: { width: 1366, height: 768 } });
    await page.getByRole('searchbox', { name: 'Search modules' }).fill(title);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editor = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    const days = editor.getByLabel('Days', { exact: true });
    await days.waitFor();
    await tabTo(page, 'Days');
    await page.keyboard.press('ArrowUp');
    const link = `History of ${title} on the Audit screen`;
    await tabTo(page, link, { back: true });
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await ask.waitFor();
    // Keep editing: the edit and the page stay, the focus back on the link.
    await tabTo(page, 'Keep editing');
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).name).toBe(link);
    expect(await days.inputValue()).toBe('4');
    await page.keyboard.press('Enter');
    await ask.waitFor();
    await tabTo(page, 'Discard changes');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/audit' && url.searchParams.get('target_id') === module.id);
    await page.getByRole('status').filter({ hasText: 'Showing 1 entry.' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Module' }).inputValue()).toBe(module.id);
    expect((await focused(page)).lost).toBe(false);
    await context.close();
  });
});
