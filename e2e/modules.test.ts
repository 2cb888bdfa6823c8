import fs from 'node:fs';
import { expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { api, apiLogin, passPtRun, smallModule, uniqueEmail } from './api.ts';
import { blankAction, type Module } from '@airman/contracts/module.ts';
import { validateStructure } from '@airman/engine/validate.ts';
import type { Locator, Page } from 'playwright-core';

/**
 * The JSON editor shows its text as an editor should (its styles applied under the CSP):
 * the first line within the window, in IBM Plex Mono.
 */
async function expectTextInFirstViewport(page: Page): Promise<void> {
  const first = page.locator('.cm-line').first();
  await first.waitFor();
  const box = await first.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
  expect(await page.locator('.cm-scroller').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
    /^"IBM Plex Mono"/,
  );
  // Our own Plex Mono face loads (a system monospace would leave this list empty).
  expect(await page.evaluate(async () => (await document.fonts.load('13px "IBM Plex Mono"')).length)).toBeGreaterThan(
    0,
  );
}
import { describeE2E, openUser } from './browser.ts';
import { checkbox, focused, tabTo } from './focus.ts';

const BASE_MODULE = 'ready_airman_training';

/** The text of what describes an element (its aria-describedby), in order. */
function describedBy(element: Locator): Promise<string> {
  return element.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/**
 * A copy of the base module made through the API (its Base Module column names the base), cut
 * down to a small module of its own: the editor draws and checks the base module's sixteen
 * actions and fourteen events for seconds on every open, which the tests of the editor's
 * behaviour do not need (the base module's own editor has tests here that open it).
 */
async function apiCopy(
  baseUrl: string,
  title: string,
  more: Partial<Module> = {},
): Promise<{ token: string; module: Module }> {
  const token = await apiLogin(baseUrl);
  const copy = smallModule(title, { game_type: BASE_MODULE, ...more });
  return { token, module: await api<Module>(baseUrl, token, 'POST', 'modules', copy) };
}

/**
 * Replaces the whole text of the open CodeMirror editor, inserted as one edit (no auto-closed
 * brackets). Keep it on one line: the browser's insertText turns a line's leading space into a
 * no-break space, which JSON does not allow.
 */
async function replaceJson(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

/** The base module's row: the only one with the questionnaire's button (copies made by other tests may come first). */
function baseModuleRow(page: Page) {
  return page.locator('tr').filter({ has: page.getByRole('button', { name: 'Edit Questionnaire JSON' }) });
}

describeE2E('the Training Modules screen', (e2e) => {
  it('lists modules, locks the base module until its toggle unlocks it, copies it, and saves the copy', async () => {
    const page = await e2e.adminTab('/modules');
    await page.getByRole('heading', { name: 'Training Modules' }).waitFor();
    const row = baseModuleRow(page);
    await row.getByRole('button', { name: 'Edit Questionnaire JSON' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: /^Edit Ready Airman/ }).click();
    const title = page.getByLabel('Title');
    await title.waitFor();
    expect(await title.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // Its toggle unlocks it; Save still waits for a change.
    await page.getByText('Base module: locked against accidental edits').click();
    expect(
      await page
        .getByRole('switch', { name: 'Base module: locked against accidental edits' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(await title.isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Close' }).first().click();
    await title.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: /^Customize A Copy/ }).click();
    await expect
      .poll(() => page.getByLabel('Title').inputValue())
      .toMatch(/^Ready Airman Training Copy \d{4}-\d{2}-\d{2}$/);
    await page.getByText(/^This module can be won \(\d+ moves\)/).waitFor();
    await page.getByLabel('Title').fill('');
    await page.getByText('Settings, Title: Must not be empty.').waitFor();
    await page.getByLabel('Title').fill('Ready Airman Training — Det 1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Module created').waitFor();
    const copy = page.locator('tr', { hasText: 'Ready Airman Training — Det 1' });
    await copy.waitFor();
    // The copy kept its base's game_type: its Base Module column names the base.
    expect(await copy.locator('td').nth(1).textContent()).toBe('Ready Airman Training');
    await page.close();
  });

  it('keeps a base module read-only in the JSON editor until its toggle unlocks it, refuses invalid JSON with the spec alert, and edits the questionnaire', async () => {
    const page = await e2e.adminTab('/modules');
    const row = baseModuleRow(page);
    // By its full name: a copy's row names its base too, in the Base Module column.
    await page.getByRole('button', { name: 'Edit JSON of Ready Airman Training', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ready Airman Training', exact: true });
    const editor = dialog.locator('.cm-content');
    await editor.waitFor();
    await expectTextInFirstViewport(page);
    expect(await editor.getAttribute('aria-readonly')).toBe('true');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' oops');
    // The end of the document is in view: nothing was typed there.
    expect(await editor.innerText()).not.toContain('oops');
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    const lock = dialog.getByText('Base module: locked against accidental edits');
    await lock.click();
    expect(
      await dialog
        .getByRole('switch', { name: 'Base module: locked against accidental edits' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(await editor.getAttribute('aria-readonly')).toBeNull();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('oops');
    expect(await save.isDisabled()).toBe(false);
    // Locked again: the edit stays in view, but it cannot be saved.
    await lock.click();
    expect(await save.isDisabled()).toBe(true);
    await lock.click();
    await save.click();
    await page.getByText('Error parsing module.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).first().click();
    // The edit was not saved: closing asks first.
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();

    await row.getByRole('button', { name: 'Edit Questionnaire JSON' }).click();
    await page.getByText('Comprehensive Airman Fitness', { exact: true }).first().waitFor();
    await page.locator('.cm-content').waitFor();
    await expectTextInFirstViewport(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Questionnaire updated').waitFor();
    await page.close();
  });

  it('archives and unarchives by keyboard, focus on a visible control after each, archived rows greyed', async () => {
    const title = `Round trip ${Date.now()}`;
    const { module } = await apiCopy(e2e.baseUrl, title);
    const { context, page } = await e2e.adminPage('/modules', { viewport: { width: 1366, height: 768 } });
    await page.getByRole('heading', { name: 'Training Modules' }).waitFor();
    const activeId = () => page.evaluate(() => document.activeElement?.id ?? '');
    const visible = () =>
      page.evaluate(() => {
        const box = document.activeElement?.getBoundingClientRect();
        return !!box && box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      });

    // As a person does, once the list has drawn its rows (a slow machine draws them after the heading).
    await page.getByRole('button', { name: `Customize A Copy of ${title}` }).waitFor();
    // A copy opens with Save disabled: nothing is changed yet (spec §4). The first Tab enters the page.
    await page.keyboard.press('Tab');
    await tabTo(page, `Customize A Copy of ${title}`, { max: 400 });
    await page.keyboard.press('Enter');
    const copy = page.getByRole('dialog', { name: /^New Module/ });
    await expect.poll(() => page.getByLabel('Title').inputValue()).toMatch(/ Copy \d{4}-\d{2}-\d{2}$/);
    expect(await copy.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await copy.waitFor({ state: 'detached' });

    await tabTo(page, `Archive ${title}`, { max: 400 });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Archive '${title}'?` });
    await confirm.waitFor();
    await tabTo(page, 'Archive');
    await page.keyboard.press('Enter');
    await page.getByText(`Module '${title}' archived`).waitFor();
    // The row is gone from the list: focus is on the toggle that shows it again.
    await expect.poll(activeId).toBe('show-archived');
    expect(await visible()).toBe(true);
    await page.keyboard.press('Space');
    const archived = page.locator('tr.is-archived', { hasText: title });
    await archived.waitFor();
    // Greyed: its name on a grey ground, unlike a live row's.
    const ground = (row: ReturnType<Page['locator']>) =>
      row
        .locator('td')
        .first()
        .evaluate((td) => getComputedStyle(td).backgroundColor);
    expect(await ground(archived)).not.toBe(await ground(baseModuleRow(page)));
    expect(await seriousViolations(page)).toEqual([]);

    await tabTo(page, `Unarchive ${title}`, { max: 400 });
    await page.keyboard.press('Enter');
    await page.getByText(`Module '${title}' unarchived`).waitFor();
    await archived.waitFor({ state: 'detached' });
    // The row stays, live: focus on its Archive button, where Unarchive was.
    await expect.poll(activeId).toBe(`archive-${module.id}`);
    expect(await visible()).toBe(true);
    expect((await focused(page)).lost).toBe(false);
    await context.close();
  });

  it("archives a copy after confirmation, greys it under Show Archived, and downloads a report dated in the browser's time zone", async () => {
    // A zone whose day is not UTC's now: UTC-11 is still on yesterday until 11:00 UTC,
    // UTC+14 already on tomorrow from 10:00 UTC.
    const timezoneId = new Date().getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const { module: live } = await apiCopy(e2e.baseUrl, `Stays live ${Date.now()}`);
    await apiCopy(e2e.baseUrl, 'To be archived');
    const { context, page } = await e2e.adminPage('/modules', { timezoneId });
    const base = baseModuleRow(page);
    const row = page.locator('tr', { hasText: 'To be archived' });
    await row.getByRole('button', { name: /^Archive/ }).waitFor();
    expect(await base.getByRole('button', { name: /^Archive/ }).count()).toBe(0);
    // A double-click on a live row opens its editor (whose code is loaded from then on).
    await page.locator('tr', { hasText: live.game_title }).locator('td').first().dblclick();
    await page.getByRole('dialog', { name: `Edit Module: ${live.game_title}` }).waitFor();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await row.getByRole('button', { name: /^Archive/ }).click();
    await page.getByRole('button', { name: 'Archive', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText("Module 'To be archived' archived").waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('Show Archived').click();
    const archived = page.locator('tr.is-archived', { hasText: 'To be archived' });
    await archived.waitFor();
    expect(await archived.getByRole('button', { name: /^Edit To be archived/ }).isDisabled()).toBe(true);
    // A double-click on the archived row opens nothing (the editor's code is loaded by now, so it
    // would render at once).
    await archived.locator('td').first().dblclick();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.getByRole('dialog').count()).toBe(0);

    const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const today = () => dayIn(timezoneId);
    const days = [today()];
    expect(days[0]).not.toBe(dayIn('UTC'));
    // In place: no window of its own (it used to leave a blank tab), and said once the file is there.
    const download = page.waitForEvent('download');
    await base.getByRole('button', { name: /^Download Report/ }).click();
    const file = await download;
    days.push(today());
    expect(days.map((d) => `Ready Airman Training ${d}.csv`)).toContain(file.suggestedFilename());
    expect((await fs.promises.readFile(await file.path(), 'utf8')).split('\n')[0]).toContain('Last Name');
    await page
      .getByRole('status')
      .filter({ hasText: `Report downloaded: ${file.suggestedFilename()}` })
      .waitFor();
    expect(context.pages()).toHaveLength(1);

    // A report the server cannot give says why, in the page (the connection dropped here).
    await page.route('**/api/admin/users?*', (route) => route.abort('connectionreset'));
    await base.getByRole('button', { name: /^Download Report/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Error downloading the report:' }).waitFor();
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });

  it('creates a module from scratch: New Module + opens the editor on the default game record', async () => {
    const page = await e2e.adminTab('/modules');
    await page.getByRole('button', { name: 'New Module +' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Module' });
    await dialog.getByLabel('Title').waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('None');
    expect(await dialog.getByLabel('Description').inputValue()).toBe('');
    expect(await dialog.getByLabel('Days').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Daily time tokens').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Title').isDisabled()).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog
      .getByText(
        'Warning: Settings, Title: “None” is what the module lists show for no module: give the module its own title.',
      )
      .waitFor();
    await dialog
      .getByText('Warning: Gauges: There are no gauges, so nothing can make a run fail. Add a gauge.')
      .waitFor();
    await dialog.getByText('This module can be won (1 move). Show a winning line of play').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // An empty title is an error: the field is marked, and Save waits with its reason beside it.
    await dialog.getByLabel('Title').fill('');
    await dialog.getByText('Settings, Title: Must not be empty.').waitFor();
    await expect.poll(() => dialog.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByText('Save is disabled until the error is fixed.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const title = `Night shift ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Add Gauge' }).click();
    await dialog.getByLabel('Gauge name, row 1').fill('alertness');
    await dialog.getByRole('button', { name: 'Add Objective' }).click();
    await dialog.getByLabel('Objective name, row 1').fill('Stay awake');
    await dialog.getByRole('button', { name: 'Add Action' }).click();
    await dialog.getByLabel('Action name, row 1').fill('Drink coffee');
    // A result column per gauge; the objectives the action changes are in its details.
    await dialog.getByLabel('alertness change, action Drink coffee').fill('5');
    await dialog.getByRole('button', { name: 'Details of action Drink coffee' }).click();
    await checkbox(dialog, 'Removed: Stay awake, action Drink coffee').click();
    await dialog.getByText('This module can be won (2 moves). Show a winning line of play').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Module created').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = page.locator('tr', { hasText: title });
    await row.waitFor();
    expect(await row.locator('td').nth(1).textContent()).toBe('—');
    await row.getByRole('button', { name: `Archive ${title}` }).waitFor();
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const saved = page.getByRole('dialog', { name: `Edit Module: ${title}` });
    expect(await saved.getByLabel('Gauge name, row 1').inputValue()).toBe('alertness');
    expect(await saved.getByLabel('alertness change, action Drink coffee').inputValue()).toBe('5');
    await saved.getByRole('button', { name: 'Details of action Drink coffee' }).click();
    expect(await saved.getByLabel('Removed: Stay awake, action Drink coffee').isChecked()).toBe(true);
    expect(await saved.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.close();
  });

  it("starts both module pickers of the users screen on the default record's 'None'", async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('picker');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [email] });
    const page = await e2e.adminTab();

    await page.getByRole('button', { name: 'Invite User +' }).click();
    const invite = page.getByLabel('Module for all invitees (optional)');
    expect(await invite.inputValue()).toBe('');
    expect(await invite.locator('option:checked').textContent()).toBe('None');
    // The modal's own Close button (after the header's icon button, also named Close).
    await page
      .getByRole('dialog', { name: 'Invite Users' })
      .getByRole('button', { name: 'Close', exact: true })
      .last()
      .click();
    await invite.waitFor({ state: 'hidden' });

    await openUser(page, email);
    const picker = page.getByLabel('Module', { exact: true });
    await picker.waitFor();
    expect(await picker.locator('option:checked').textContent()).toBe('None');
    expect(await page.getByRole('button', { name: 'Assign Module' }).isDisabled()).toBe(true);
    await picker.selectOption('ready_airman_training');
    expect(await page.getByRole('button', { name: 'Assign Module' }).isDisabled()).toBe(false);
    await picker.selectOption({ label: 'None' });
    expect(await page.getByRole('button', { name: 'Assign Module' }).isDisabled()).toBe(true);
    await page.close();
  });

  it("opens a copy's editor by double-click, reorders gauges, removes an action and saves: 'Module updated'", async () => {
    const { token, module } = await apiCopy(e2e.baseUrl, `Tables ${Date.now()}`, {
      actions: [passPtRun, blankAction('Rest')],
    });
    const page = await e2e.adminTab('/modules');
    const row = page.locator('tr', { hasText: module.game_title });
    await row.waitFor();
    expect(await row.locator('td').nth(1).textContent()).toBe('Ready Airman Training');
    expect(await row.getByRole('button', { name: 'Edit Questionnaire JSON' }).count()).toBe(0);
    await row.locator('td').first().dblclick();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${module.game_title}` });
    await dialog.getByLabel('Title').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Down gauge morale' }).click();
    await dialog.getByRole('button', { name: 'Remove action Rest' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Module updated').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const saved = await api<Module>(e2e.baseUrl, token, 'GET', `modules/${module.id}`);
    expect(Object.keys(saved.starting_gauges)).toEqual(['fitness', 'morale']);
    expect(saved.actions.map((a) => a.name)).toEqual(['Run']);
    await page.close();
  });

  it('shows gauges and objectives as tables, every field named after its row for a screen reader', async () => {
    const { module } = await apiCopy(e2e.baseUrl, `Groups ${Date.now()}`, { daily_change: { fitness: -5 } });
    const [objective] = module.objectives;
    if (!objective) throw new Error('the module has an objective');
    const page = await e2e.adminTab('/modules');
    await page
      .locator('tr', { hasText: module.game_title })
      .getByRole('button', { name: `Edit ${module.game_title}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${module.game_title}` });
    await dialog.getByLabel('Title').waitFor();
    const gauges = dialog.getByRole('table', { name: 'Gauges', exact: true });
    expect(await gauges.getByRole('columnheader').allTextContents()).toEqual([
      'Gauge',
      'Starting value',
      'Daily change',
      'Healthy from',
      'Healthy to',
      'Lesson when low',
      'Lesson when high',
      'Move or remove',
    ]);
    expect(await gauges.locator('tbody tr').count()).toBe(Object.keys(module.starting_gauges).length);
    const start = gauges.getByLabel('Starting value, gauge fitness', { exact: true });
    expect(await start.inputValue()).toBe(String(module.starting_gauges.fitness));
    expect(await gauges.getByLabel('Daily change, gauge fitness', { exact: true }).inputValue()).toBe(
      String(module.daily_change?.fitness),
    );
    const objectives = dialog.getByRole('table', { name: 'Objectives', exact: true });
    expect(await objectives.getByRole('columnheader').allTextContents()).toEqual([
      'Objective',
      'Active',
      'Hidden',
      'Move or remove',
    ]);
    const active = objectives.getByLabel(`Active, objective ${objective.name}`, { exact: true });
    expect(await active.isChecked()).toBe(objective.active);
    const actions = dialog.getByRole('table', { name: 'Actions', exact: true });
    const [action] = module.actions;
    if (!action) throw new Error('the module has an action');
    expect(await actions.getByLabel(`Token cost, action ${action.name}`, { exact: true }).inputValue()).toBe(
      String(action.token_cost),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('moves an action with its fields: its inventory text goes with it, and no other action gets it', async () => {
    const { token, module } = await apiCopy(e2e.baseUrl, `Moves ${Date.now()}`, {
      actions: [
        { ...blankAction('Plain'), results: { fitness: 5 } },
        { ...blankAction('Stocked'), results: { morale: 5 }, changes_inventory: { add: ['Badge', 'Map'], remove: [] } },
      ],
    });
    const page = await e2e.adminTab('/modules');
    await page
      .locator('tr', { hasText: module.game_title })
      .getByRole('button', { name: `Edit ${module.game_title}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${module.game_title}` });
    const added = (action: string) =>
      dialog.getByLabel(`Inventory added (comma-separated), action ${action}`, { exact: true });
    for (const action of ['Plain', 'Stocked']) {
      await dialog.getByRole('button', { name: `Details of action ${action}` }).click();
    }
    await added('Stocked').waitFor();
    await dialog.getByRole('button', { name: 'Up action Stocked' }).click();
    expect(await added('Stocked').inputValue()).toBe('Badge, Map');
    expect(await added('Plain').inputValue()).toBe('');
    // Leaving a field commits its text to its own action: Tab through both (Stocked's comes first now).
    await tabTo(page, 'Inventory added (comma-separated), action Stocked');
    await tabTo(page, 'Inventory added (comma-separated), action Plain');
    await page.keyboard.press('Tab');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Neither action passes PT, so the module cannot be won: Save asks first.
    await page
      .getByRole('dialog', { name: 'Save a module that cannot be won?' })
      .getByRole('button', { name: 'Save anyway' })
      .click();
    await page.getByText('Module updated').waitFor();
    const saved = await api<Module>(e2e.baseUrl, token, 'GET', `modules/${module.id}`);
    expect(saved.actions.map((a) => [a.name, a.changes_inventory.add])).toEqual([
      ['Stocked', ['Badge', 'Map']],
      ['Plain', []],
    ]);
    await page.close();
  });

  it('holds Save while a field has an error, says why beside it, goes there, and saves once it is fixed', async () => {
    const { module } = await apiCopy(e2e.baseUrl, `Held ${Date.now()}`);
    const page = await e2e.adminTab('/modules');
    await page
      .locator('tr', { hasText: module.game_title })
      .getByRole('button', { name: `Edit ${module.game_title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit Module: ${module.game_title}` });
    const days = dialog.getByLabel('Days', { exact: true });
    await days.fill('0');
    await dialog.getByText('Settings, Days: Must be a whole number from 1 to 60.').first().waitFor();
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    // The field is marked, described by the Check's own message.
    const message = validateStructure({ ...module, days: 0 }).find((p) => p.path.join('.') === 'days')?.message;
    expect(await days.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(days)).toBe(message);
    // Save says why it is disabled: the reason beside it, and the Check's sentence.
    expect(await describedBy(save)).toMatch(/^Save is disabled until the error is fixed\..*cannot be saved: 1 error/);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Go to the first error' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('module-days');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await expect.poll(() => save.isDisabled()).toBe(false);
    expect(await days.getAttribute('aria-invalid')).toBeNull();
    await dialog.getByText('Save is disabled until the error is fixed.').waitFor({ state: 'detached' });
    await save.click();
    await page.getByText('Module updated').waitFor();
    expect((await api<Module>(e2e.baseUrl, await apiLogin(e2e.baseUrl), 'GET', `modules/${module.id}`)).days).toBe(5);
    await page.close();
  });

  it("saves a module from the JSON editor: 'Module updated'", async () => {
    const { token, module } = await apiCopy(e2e.baseUrl, `Json ${Date.now()}`);
    const page = await e2e.adminTab('/modules');
    await page
      .locator('tr', { hasText: module.game_title })
      .getByRole('button', { name: /^Edit JSON/ })
      .click();
    await page.locator('.cm-content').waitFor();
    await replaceJson(page, JSON.stringify({ ...module, days: 3 }));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Module updated').waitFor();
    expect((await api<Module>(e2e.baseUrl, token, 'GET', `modules/${module.id}`)).days).toBe(3);
    await page.close();
  });

  it('searches the list by name, under the columns Name, Base Module and Actions', async () => {
    const { module } = await apiCopy(e2e.baseUrl, `Searchable ${Date.now()}`);
    const page = await e2e.adminTab('/modules');
    const table = page.getByRole('table', { name: 'Training Modules' });
    await table.locator('tr', { hasText: module.game_title }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Base Module', 'Actions']);
    await page.getByRole('searchbox', { name: 'Search modules' }).fill(module.game_title.toLowerCase());
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr td').first().textContent()).toBe(module.game_title);
    await page.close();
  });

  it('announces the Check as one short status sentence, not the whole section on every edit', async () => {
    const page = await e2e.adminTab('/modules');
    await page.getByRole('button', { name: 'New Module +' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Module' });
    const check = dialog.getByRole('region', { name: 'Check', exact: true });
    await check.waitFor();
    expect(await check.getAttribute('aria-live')).toBeNull();
    const status = check.getByRole('status');
    // The new module's two warnings, and the six balance targets it misses.
    await expect.poll(() => status.innerText()).toBe('No errors, 8 warnings. The module can be won.');
    await dialog.getByLabel('Title').fill('');
    await expect.poll(() => status.innerText()).toBe('The module cannot be saved: 1 error, no warnings.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('refuses to save two gauge rows with one name, which would become one gauge', async () => {
    const page = await e2e.adminTab('/modules');
    await page.getByRole('button', { name: 'New Module +' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Module' });
    await dialog.getByLabel('Title').fill('Twin gauges');
    await dialog.getByRole('button', { name: 'Add Gauge' }).click();
    await dialog.getByRole('button', { name: 'Add Gauge' }).click();
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(false);
    await dialog.getByLabel('Gauge name, row 2').fill('gauge');
    await dialog
      .getByText('Gauges: Two gauges are named “gauge” and only one would be saved: give each its own name.')
      .waitFor();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Gauge name, row 2').fill('morale');
    await dialog
      .getByText('Gauges: Two gauges are named “gauge” and only one would be saved: give each its own name.')
      .waitFor({ state: 'detached' });
    expect(await save.isDisabled()).toBe(false);
    await page.close();
  });

  it("sizes Carbon's buttons with its layout tokens ('New Module +' is 3rem high)", async () => {
    const page = await e2e.adminTab('/modules');
    const button = page.getByRole('button', { name: 'New Module +' });
    await button.waitFor();
    // Carbon's default (lg) button is 3rem high; without --cds-layout-size-height-* it shrinks to its text.
    expect((await button.boundingBox())?.height).toBe(48);
    await page.close();
  });

  it('shows an alert under the header when the screen code cannot be loaded, and a reload brings the screen back', async () => {
    const page = await e2e.adminTab();
    // As when the network has gone, or a newer version was deployed since the tab opened.
    const chunk = /\/assets\/modules-[^/]*\.js$/;
    await page.route(chunk, (route) => route.abort());
    await page.getByRole('link', { name: 'Module Editor' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be shown.' });
    await alert.waitFor();
    await page.getByRole('link', { name: 'User Admin' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await page.getByRole('heading', { name: 'Training Modules' }).waitFor();
    await page.close();
  });
});
