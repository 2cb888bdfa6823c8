import { expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { api, apiLogin, uniqueEmail } from './api.ts';
import { describeE2E, login } from './browser.ts';

describeE2E('the Training Modules screen', (e2e) => {
  it('lists modules, locks the base module, copies it, and saves the copy', async () => {
    const { context, page } = await e2e.newPage();
    await login(page);
    await page.waitForURL('**/admin');
    await page.goto('/modules');
    await page.getByRole('heading', { name: 'Training Modules' }).waitFor();
    const row = page.locator('tr', { hasText: 'Ready Airman Training' }).first();
    await row.getByRole('button', { name: 'Edit Questionnaire JSON' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: /^Edit Ready Airman/ }).click();
    const title = page.getByLabel('Title');
    await title.waitFor();
    expect(await title.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).first().click();

    await row.getByRole('button', { name: /^Customize A Copy/ }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toMatch(/^Ready Airman Training Copy \d{4}-\d{2}-\d{2}$/);
    await page.getByText(/^This module can be won \(\d+ moves\)/).waitFor();
    await page.getByLabel('Title').fill('');
    await page.getByText('game_title: must not be empty').waitFor();
    await page.getByLabel('Title').fill('Ready Airman Training — Det 1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Module created').waitFor();
    await page.locator('tr', { hasText: 'Ready Airman Training — Det 1' }).waitFor();
    await context.close();
  });

  it('refuses invalid JSON with the spec alert, and edits the questionnaire', async () => {
    const { context, page } = await e2e.newPage();
    await login(page);
    await page.waitForURL('**/admin');
    await page.goto('/modules');
    const row = page.locator('tr', { hasText: 'Ready Airman Training' }).first();
    await row.getByRole('button', { name: /^Edit JSON/ }).click();
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('oops');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Error parsing module.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).first().click();

    await row.getByRole('button', { name: 'Edit Questionnaire JSON' }).click();
    await page.getByText('Comprehensive Airman Fitness', { exact: true }).first().waitFor();
    await page.locator('.cm-content').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Questionnaire updated').waitFor();
    await context.close();
  });

  it('archives a copy after confirmation, greys it under Show Archived, and downloads a report', async () => {
    const { context, page } = await e2e.newPage();
    await login(page);
    await page.waitForURL('**/admin');
    await page.goto('/modules');
    const base = page.locator('tr', { hasText: 'Ready Airman Training' }).first();
    await base.getByRole('button', { name: /^Customize A Copy/ }).click();
    await page.getByLabel('Title').fill('To be archived');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Module created').waitFor();
    const row = page.locator('tr', { hasText: 'To be archived' });
    expect(await base.getByRole('button', { name: /^Archive/ }).count()).toBe(0);
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

    const popup = page.waitForEvent('popup');
    await base.getByRole('button', { name: /^Download Report/ }).click();
    const win = await popup;
    const download = await win.waitForEvent('download');
    expect(download.suggestedFilename()).toMatch(/^Ready Airman Training \d{4}-\d{2}-\d{2}\.csv$/);
    await context.close();
  });

  it('creates a module from scratch: New Module + opens the editor on the default game record', async () => {
    const { context, page } = await e2e.newPage();
    await login(page);
    await page.waitForURL('**/admin');
    await page.goto('/modules');
    await page.getByRole('button', { name: 'New Module +' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Module' });
    await dialog.getByLabel('Title').waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('None');
    expect(await dialog.getByLabel('Description').inputValue()).toBe('');
    expect(await dialog.getByLabel('Days').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Daily time tokens').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Title').isDisabled()).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByText("Warning: game_title: 'None' is what the module pickers show for no module: give the module its own title").waitFor();
    await dialog.getByText('Warning: starting_gauges: no gauges: nothing can fail the run').waitFor();
    await dialog.getByText('This module can be won (1 moves). Show a winning line of play').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The server refuses an empty title: the spec's toast, and its reason in the editor.
    await dialog.getByLabel('Title').fill('');
    await dialog.getByText('game_title: must not be empty').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Error creating module').waitFor();
    await dialog.getByRole('alert').getByText('There was an error updating this module.').waitFor();
    // The toast over the modal's overlay (styled even though /login's styles were never loaded).
    expect(await seriousViolations(page)).toEqual([]);

    const title = `Night shift ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Add Gauge' }).click();
    await dialog.getByLabel('Gauge name').fill('alertness');
    await dialog.getByRole('button', { name: 'Add Objective' }).click();
    await dialog.getByLabel('Objective', { exact: true }).fill('Stay awake');
    await dialog.getByRole('button', { name: 'Add Action' }).click();
    await dialog.getByLabel('Name', { exact: true }).fill('Drink coffee');
    await dialog.getByLabel('Add a result for gauge').selectOption('alertness');
    await dialog.getByLabel('alertness change').fill('5');
    await dialog.getByRole('group', { name: 'Objectives removed' }).getByText('Stay awake').click();
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
    expect(await saved.getByLabel('Gauge name').inputValue()).toBe('alertness');
    expect(await saved.getByLabel('alertness change').inputValue()).toBe('5');
    expect(await saved.getByRole('group', { name: 'Objectives removed' }).getByLabel('Stay awake').isChecked()).toBe(true);
    expect(await saved.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await context.close();
  });

  it("starts both module pickers of the users screen on the default record's 'None'", async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('picker');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [email] });
    const { context, page } = await e2e.newPage();
    await login(page);
    await page.waitForURL('**/admin');

    await page.getByRole('button', { name: 'Invite User +' }).click();
    const invite = page.getByLabel('Module for all invitees (optional)');
    expect(await invite.inputValue()).toBe('');
    expect(await invite.locator('option:checked').textContent()).toBe('None');
    // The modal's own Close button (after the header's icon button, also named Close).
    await page.getByRole('dialog', { name: 'Invite Users' }).getByRole('button', { name: 'Close', exact: true }).last().click();
    await invite.waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
    await page.locator('tr', { hasText: email }).dblclick();
    const picker = page.getByLabel('Module', { exact: true });
    await picker.waitFor();
    expect(await picker.locator('option:checked').textContent()).toBe('None');
    expect(await page.getByRole('button', { name: 'Assign Module' }).isDisabled()).toBe(true);
    await picker.selectOption('ready_airman_training');
    expect(await page.getByRole('button', { name: 'Assign Module' }).isDisabled()).toBe(false);
    await picker.selectOption({ label: 'None' });
    expect(await page.getByRole('button', { name: 'Assign Module' }).isDisabled()).toBe(true);
    await context.close();
  });
});
