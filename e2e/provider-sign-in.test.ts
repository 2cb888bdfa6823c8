/**
 * Sign-in through the unit's identity provider, in the browser: a real
 * OpenID Connect provider (oidc-provider, apps/server/test/oidc-provider.ts)
 * in this process and the built product started with it configured. The
 * login form's button → the provider's login and consent pages → back to the
 * login page, which trades its one-time code for a session → the trainee
 * plays; a refusal lands on the login page saying why; the code in another
 * browser signs nobody in; an administrator's first provider sign-in asks the
 * account's password once; the administrator unlinks the provider in the
 * user modal after confirming.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import pa11y from 'pa11y';
import puppeteer from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ERROR_MESSAGES } from '@airman/contracts/sign-in-errors.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { spawnTiedNode } from '../apps/server/test/tied-node.ts';
import { waitForHealth } from '../apps/server/test/wait-for-health.ts';
import { startTestProvider, type TestProvider } from '../apps/server/test/oidc-provider.ts';
import { api, apiLogin, uniqueEmail } from './api.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, hasChromium, launchChromium, openUser } from './browser.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants.ts';
import { seriousViolations } from './axe.ts';
import { VIEWPORTS } from './game-helpers.ts';

const root = path.resolve(import.meta.dirname, '..');

(hasChromium ? describe : describe.skip)('sign-in through the identity provider', () => {
  let provider: TestProvider;
  let server: ChildProcess | undefined;
  let browser: Browser;
  let base = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-oidc-'));

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startTestProvider(base);
    const child = spawnTiedNode([path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        ADMIN_EMAIL: E2E_ADMIN_EMAIL,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        DIGEST_CRON: 'off',
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Test Wing ID',
      },
    });
    server = child;
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    // A fresh embedded database migrates first: on a busy machine that takes more than a minute.
    await waitForHealth(base, child, () => out, 240_000);
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    if (server) await new Promise((r) => server?.once('exit', r));
    await provider?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function newPage(viewport: { width: number; height: number } = VIEWPORTS[1]): Promise<Page> {
    const context = await browser.newContext({ baseURL: base, viewport });
    return context.newPage();
  }

  /** On the provider's pages: signs in as `subject` (any password) and consents. */
  async function passProvider(page: Page, subject: string): Promise<void> {
    await page.waitForURL((u) => u.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(subject);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it(
    'signs an invited trainee in through the provider, who then plays; sign-out ends the provider session',
    {
      timeout: 180_000,
    },
    async () => {
      const email = uniqueEmail('provider-trainee');
      const admin = await apiLogin(base);
      await api(base, admin, 'PUT', 'admin/invite', { emails: [email], module: 'ready_airman_training' });
      provider.people.set('trainee-1', { email, email_verified: true, given_name: 'Ida', family_name: 'Provider' });

      const page = await newPage();
      await page.goto('/login');
      const button = page.getByRole('link', { name: 'Sign in with Test Wing ID' });
      await button.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await button.click();
      await passProvider(page, 'trainee-1');
      await page.waitForURL((u) => u.origin === base && u.pathname === '/');
      expect(page.url()).not.toContain('provider_code');
      // Rank and unit are asked on the first visit, as registration asks them.
      await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // The form reads at every size: nothing scrolls sideways.
      const opened = page.viewportSize();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(sideways, `the profile form scrolls sideways at ${viewport.width}px`).toBe(false);
        if (process.env.GAME_SHOTS) {
          await page.screenshot({ path: path.join(process.env.GAME_SHOTS, `provider-profile-${viewport.width}.png`) });
        }
      }
      if (opened) await page.setViewportSize(opened);
      await page.getByLabel('Unit').fill('655 ISRW');
      await page.getByRole('combobox', { name: 'Rank' }).fill('Senior Air');
      await page.getByRole('option', { name: 'Senior Airman (SrA, E-4)' }).click();
      await page.getByRole('button', { name: 'Save' }).click();

      const controls = page.getByRole('region', { name: 'Game controls' });
      await controls
        .getByRole('button', { name: /^Play Ready Airman Training/ })
        .first()
        .click();
      await controls.getByRole('button', { name: 'Continue to the questionnaire' }).click();
      await controls.getByText('Comprehensive Airman Fitness (before the run)').waitFor();

      // The administrator sees how this trainee signs in, and unlinks the provider.
      const adminPage = await newPage();
      await adminPage.goto('/login');
      await adminPage.getByLabel('E-mail').fill(E2E_ADMIN_EMAIL);
      await adminPage.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
      await adminPage.getByRole('button', { name: 'Sign In' }).click();
      await adminPage.waitForURL((u) => u.pathname === '/admin');
      await openUser(adminPage, email);
      const dialog = adminPage.getByRole('dialog');
      await expect.poll(() => dialog.getByTestId('sign-in-method').textContent()).toBe('Identity provider');
      await dialog.getByRole('button', { name: 'Unlink identity provider' }).click();
      // Asked first, in a dialog over the user modal.
      const confirm = adminPage.getByRole('dialog', { name: 'Unlink the identity provider?' });
      await confirm.getByRole('button', { name: 'Unlink' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect
        .poll(() => dialog.getByTestId('sign-in-method').textContent())
        .toBe('None (no password and no identity provider)');
      await dialog.getByRole('status').filter({ hasText: 'Identity provider unlinked.' }).waitFor();
      // The button is gone; focus is on what replaced it, not on the page.
      expect(await adminPage.evaluate(() => document.activeElement?.textContent)).toBe('Identity provider unlinked.');

      // Signing out also signs out at the provider (RP-initiated logout), which asks first.
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Log Out' }).click();
      await page.waitForURL((u) => u.origin === provider.issuer && u.pathname === '/session/end');
      await page.getByRole('button', { name: 'Yes, sign me out' }).click();
      await page.waitForURL((u) => u.origin === base && u.pathname === '/login');
    },
  );

  it('signs nobody in when the login address with its code is opened in another browser', async () => {
    const email = uniqueEmail('provider-stolen');
    const admin = await apiLogin(base);
    await api(base, admin, 'PUT', 'admin/invite', { emails: [email] });
    provider.people.set('trainee-3', { email, email_verified: true, given_name: 'Ada', family_name: 'Other' });
    const page = await newPage();
    // Where the callback sends this browser; the login page here never gets to use it.
    let landing = '';
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/oidc/callback') landing = response.headers().location ?? '';
    });
    await page.route('**/api/oidc/session', (route) => route.abort());
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Test Wing ID' }).click();
    await passProvider(page, 'trainee-3');
    await expect.poll(() => landing).toMatch(/\/login#provider_code=/);
    const elsewhere = await newPage();
    await elsewhere.goto(landing);
    await elsewhere.getByRole('alert').filter({ hasText: SIGN_IN_ERROR_MESSAGES.handoff }).waitFor();
    expect(await elsewhere.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    expect(new URL(elsewhere.url()).hash).toBe('');
  });

  it("asks an administrator's password once, on the first sign-in through the provider", async () => {
    provider.people.set('admin-2', { email: E2E_ADMIN_EMAIL, email_verified: true });
    const page = await newPage(VIEWPORTS[0]);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Test Wing ID' }).click();
    await passProvider(page, 'admin-2');
    await page.getByRole('heading', { name: 'Confirm your account' }).waitFor();
    const field = page.getByLabel('Password', { exact: true });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways, `the password step scrolls sideways at ${viewport.width}px`).toBe(false);
      if (process.env.GAME_SHOTS) {
        await page.screenshot({ path: path.join(process.env.GAME_SHOTS, `provider-password-${viewport.width}.png`) });
      }
    }
    await field.fill('not the password');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong password. Nothing was linked.' }).waitFor();
    await field.fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
  });

  it('refuses an unverified e-mail with a page that says so, and signs nobody in', async () => {
    const email = uniqueEmail('provider-unverified');
    const admin = await apiLogin(base);
    await api(base, admin, 'PUT', 'admin/invite', { emails: [email] });
    provider.people.set('trainee-2', { email, email_verified: false });
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Test Wing ID' }).click();
    await passProvider(page, 'trainee-2');
    await page.waitForURL((u) => u.origin === base && u.pathname === '/login');
    await page.getByRole('alert').filter({ hasText: SIGN_IN_ERROR_MESSAGES.unverified }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lays the login page with its button out at every size', async () => {
    for (const viewport of VIEWPORTS) {
      const page = await newPage(viewport);
      await page.goto('/login?sign_in_error=provider_down');
      await page.getByRole('link', { name: 'Sign in with Test Wing ID' }).waitFor();
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways, `${viewport.width}px scrolls sideways`).toBe(false);
      if (process.env.GAME_SHOTS) {
        await page.screenshot({ path: path.join(process.env.GAME_SHOTS, `provider-login-${viewport.width}.png`) });
      }
      await page.context().close();
    }
  });

  it('has no WCAG2AA error by pa11y on the login page with the button and a refusal', async () => {
    const pBrowser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
    try {
      const page = await pBrowser.newPage();
      await page.setViewport({ width: 1366, height: 768 });
      await page.goto(`${base}/login?sign_in_error=unverified`);
      await page.waitForSelector('::-p-aria([name="Sign in with Test Wing ID"][role="link"])');
      const result = await pa11y(page.url(), {
        browser: pBrowser,
        page,
        ignoreUrl: true,
        viewport: { width: 1366, height: 768 },
        standard: 'WCAG2AA',
        runners: ['htmlcs'],
        timeout: 60_000,
        log: { debug() {}, error() {}, info() {} },
      });
      expect(result.issues.filter((i) => i.type === 'error').map((i) => `${i.code}: ${i.message}`)).toEqual([]);
    } finally {
      await pBrowser.close();
    }
  });
});
