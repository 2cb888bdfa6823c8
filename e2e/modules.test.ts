import { expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
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
});
