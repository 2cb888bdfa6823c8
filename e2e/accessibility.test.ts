import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, apiLogin, uniqueEmail } from './api.ts';
import { seriousViolations } from './axe.ts';
import { describeE2E, login } from './browser.ts';
import { TRAINEE_PASSWORD, registeredTrainee } from './game-helpers.ts';

describeE2E('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violation', (e2e) => {
  it('finds a violation where there is one (the check itself works)', async () => {
    const { context, page } = await e2e.newPage();
    await page.setContent('<html lang="en"><body><main><img src="data:,"><button></button></main></body></html>');
    const found = await seriousViolations(page);
    expect(found.some((v) => v.startsWith('image-alt'))).toBe(true);
    expect(found.some((v) => v.startsWith('button-name'))).toBe(true);
    // And in a part of the page alone, as the checks of a hovered element's container run.
    const inPart = await seriousViolations(page, page.locator('button').locator('xpath=..'));
    expect(inPart.some((v) => v.startsWith('button-name'))).toBe(true);
    await context.close();
  });

  it('on /login, with an error notice', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await login(page, 'nobody@example.com', 'Wrong-Password-1');
    await page.getByRole('alert').waitFor();
    // The button, disabled while signing in, fades back to its colour; check it once enabled.
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the skip link when it has the focus, and it moves the focus to the content', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await page.keyboard.press('Tab');
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.width > 20 && box.height > 10).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });

  it('names every page in its title, the heading first (WCAG 2.4.2), with one title element', async () => {
    async function expectTitles(page: Page, pages: [path: string, heading: string][]): Promise<void> {
      for (const [path, heading] of pages) {
        await page.goto(path);
        // The game's heading is for screen readers only: attached, not shown.
        await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ state: 'attached' });
        await expect.poll(() => page.title(), { message: path }).toBe(`${heading} – Ready Airman Training`);
        expect(await page.evaluate(() => document.querySelectorAll('title:not(svg title)').length), path).toBe(1);
      }
    }
    const visitor = await e2e.newPage();
    await expectTitles(visitor.page, [
      ['/login', 'Sign In'],
      ['/register', 'Register'],
      ['/register/not-a-real-code', 'Register'],
      ['/forgot-password', 'Forgot password'],
      ['/reset-password/not-a-real-token', 'Set a new password'],
      ['/login/trust#not-a-real-token', 'Sign in on this device'],
      ['/verify', 'Verify a certificate'],
    ]);
    await visitor.context.close();
    const admin = await e2e.adminPage();
    await expectTitles(admin.page, [
      ['/admin', 'Users'],
      ['/progress', 'Progress'],
      ['/modules', 'Training Modules'],
      ['/profile', 'User Settings'],
      ['/record', 'My record'],
      ['/no/such/page', 'Page not found'],
      ['/', 'Training game'],
    ]);
    await admin.context.close();
  });

  it('on /register and /register/{code}', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Lookup' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/register/not-a-real-code');
    await page.getByText('There is an issue with this invite code, please let your instructor know.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('on /profile', async () => {
    const page = await e2e.adminTab();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Password Reset' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describeE2E('axe-core on every screen and modal, hovered included', (e2e) => {
  /**
   * No serious or critical violation as the page is, then with the pointer on `hovered` (each in
   * turn). A hover restyles the element under the pointer and shows what it holds (a tooltip
   * beside an icon button, in the same container): axe checks that container again, not the rest
   * of the page, which is as it was just checked.
   */
  async function check(page: Page, where: string, hovered: Locator[] = []): Promise<void> {
    expect(await seriousViolations(page), where).toEqual([]);
    for (const [i, target] of hovered.entries()) {
      await target.hover();
      expect(await seriousViolations(page, target.locator('xpath=..')), `${where}, hovered ${i + 1}`).toEqual([]);
    }
  }

  it('on the game and the 404 page as a trainee', async () => {
    const trainee = await registeredTrainee(e2e.baseUrl);
    const { context, page } = await e2e.newPage();
    await login(page, trainee, TRAINEE_PASSWORD);
    await page.getByRole('button', { name: 'Fullscreen' }).waitFor();
    await check(page, '/', [page.getByRole('button', { name: 'Fullscreen' })]);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await check(page, '404');
    await page.goto('/record');
    await page.getByRole('heading', { name: 'My record' }).waitFor();
    await page.getByText('Loading your record…').waitFor({ state: 'detached' });
    await check(page, '/record');
    await context.close();
  });

  it('on the verify page, signed out', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/verify/AAAAAAAAAAAAAAAAAAAAAA');
    await page.getByText('No certificate has this code.').waitFor();
    await check(page, '/verify/{code}', [page.getByRole('button', { name: 'Verify' })]);
    await context.close();
  });

  it('on the admin screens and each of their modals', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('axe-modal');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [email] });
    const page = await e2e.adminTab();
    const modal = async (opener: Locator, name: string, ready?: Locator) => {
      await opener.click();
      const dialog = page.getByRole('dialog', { name, exact: true });
      await (ready ?? dialog).waitFor();
      await check(page, name, [
        dialog.getByRole('button', { name: 'Close' }).first(),
        dialog.getByRole('button').last(),
      ]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    };

    await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
    const row = page.locator('tr', { hasText: email });
    await check(page, '/admin', [row, page.getByRole('button', { name: 'Invite User +' })]);
    await modal(page.getByRole('button', { name: 'Invite User +' }), 'Invite Users');
    const actions = row.getByRole('button', { name: `Actions for ${email}` });
    await actions.click();
    // The row's actions menu open, then each modal it opens.
    await check(page, 'the row actions menu', [page.getByRole('menuitem', { name: 'View', exact: true })]);
    await modal(page.getByRole('menuitem', { name: 'View', exact: true }), 'User Management (autosaves)');
    await actions.click();
    await modal(page.getByRole('menuitem', { name: 'Delete', exact: true }), 'Confirm Deletion');

    await page.goto('/progress');
    await page.getByRole('heading', { name: 'By module', exact: true }).waitFor();
    await check(page, '/progress', [page.getByRole('button', { name: 'Clear filters' })]);

    await page.goto('/modules');
    const base = page.locator('tr').filter({ has: page.getByRole('button', { name: 'Edit Questionnaire JSON' }) });
    await base.waitFor();
    await check(page, '/modules', [base]);
    // The module editor as it opens, then (opened once: it takes seconds to draw) unlocked, an
    // action's, an event's and a choice's details open, rows hovered.
    await base.getByRole('button', { name: 'Edit Ready Airman Training', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Module: Ready Airman Training', exact: true });
    await editor.waitFor();
    await check(page, 'Edit Module: Ready Airman Training', [
      editor.getByRole('button', { name: 'Close' }).first(),
      editor.getByRole('button').last(),
    ]);
    await editor.getByText('Base module: locked against accidental edits').click();
    for (const table of ['.actions-table', '.events-table', '.choices-table']) {
      await editor.locator(`${table} .editor-table__expand-button`).first().click();
    }
    await check(page, 'the module editor, details open', [
      editor.locator('.actions-table > tbody > tr').first(),
      editor.locator('.editor-table__details').first(),
      editor.locator('.choices-table > tbody > tr').first(),
    ]);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await modal(page.getByRole('button', { name: 'New Module +' }), 'New Module');
    await modal(
      base.getByRole('button', { name: 'Edit JSON of Ready Airman Training', exact: true }),
      'Ready Airman Training',
      page.locator('.cm-content'),
    );
    await modal(
      page.getByRole('button', { name: 'Edit Questionnaire JSON' }),
      'Comprehensive Airman Fitness',
      page.locator('.cm-content'),
    );
    await page.close();
  }, 240_000);
});
