/**
 * A second accessibility engine beside axe: pa11y itself, on its default
 * runner (HTML_CodeSniffer) and WCAG2AA, with no error on any route (signed
 * out, as an admin and as a trainee) nor with any admin modal open. pa11y
 * drives Puppeteer on Debian's Chromium (e2e/pa11y-pages.ts), so nothing is
 * fetched. Each page is brought to its state here and pa11y tests
 * it as it is (`ignoreUrl`), its warnings and notices left to a human's review.
 * The follow-up questionnaire, owed only thirty days after a completion, is checked
 * where its server is moved on in time: e2e/followup.test.ts.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Page } from 'puppeteer';
import { api, apiLogin, inviteCodeFromMail, uniqueEmail } from './api.ts';
import { describeE2E } from './browser.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants.ts';
import { TRAINEE_PASSWORD, registeredTrainee } from './game-helpers.ts';
import { aria, Pa11yPages } from './pa11y-pages.ts';

describeE2E('WCAG2AA by pa11y (HTML_CodeSniffer)', (e2e) => {
  const pages = new Pa11yPages(() => e2e.baseUrl);
  beforeAll(() => pages.launch());
  afterAll(() => pages.close());
  afterEach(() => expect(pages.takeProblems(), 'CSP violations and page errors').toEqual([]));
  const newPage = (width?: number, height?: number) => pages.newPage(width, height);
  const go = (page: Page, path: string) => pages.go(page, path);
  const signIn = (page: Page, email: string, password: string, landing: string) =>
    pages.signIn(page, email, password, landing);
  const errors = (page: Page) => pages.errors(page);

  it('finds an error where there is one (the check itself works)', async () => {
    const { context, page } = await newPage();
    await page.setContent(
      '<html lang="en"><head><title>t</title></head><body><main><img src="data:,"><a href="/x"></a></main></body></html>',
    );
    const found = await errors(page);
    expect(found.some((e) => e.includes('H37'))).toBe(true);
    await context.close();
  });

  it('finds no error on the anonymous routes, a real invite code and a bad one included', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const invitee = uniqueEmail('pa11y');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [invitee] });
    const { context, page } = await newPage();
    for (const [path, ready] of [
      ['/login', aria('Sign In', 'button')],
      ['/register', aria('Lookup', 'button')],
      [`/register/${inviteCodeFromMail(invitee)}`, aria('Register', 'button')],
      ['/register/not-a-real-code', '::-p-text(There is an issue with this invite code)'],
      ['/forgot-password', aria('Send Reset Link', 'button')],
      ['/login/trust#not-a-real-token', aria('Sign In on This Device', 'button')],
      ['/verify', aria('Verify', 'button')],
      ['/verify/AAAAAAAAAAAAAAAAAAAAAA', '::-p-text(No certificate has this code.)'],
    ] as const) {
      await go(page, path);
      await page.waitForSelector(ready);
      expect(await errors(page), path).toEqual([]);
    }
    await context.close();
  });

  it('finds no error on the game, as a trainee', async () => {
    const trainee = await registeredTrainee(e2e.baseUrl);
    const { context, page } = await newPage();
    await signIn(page, trainee, TRAINEE_PASSWORD, '/');
    await page.waitForSelector(aria('Fullscreen', 'button'));
    expect(await errors(page), '/').toEqual([]);
    await go(page, '/profile');
    await page.waitForSelector(aria('User Settings', 'heading'));
    expect(await errors(page), '/profile').toEqual([]);
    await go(page, '/record');
    await page.waitForSelector(aria('My record', 'heading'));
    await page.waitForFunction(() => !document.body.textContent?.includes('Loading your record'));
    expect(await errors(page), '/record').toEqual([]);
    await context.close();
  });

  it('finds no error on the admin routes, hovered rows included', async () => {
    const { context, page } = await newPage();
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, '/admin');
    const routes: [string, string][] = [
      ['/admin', 'table[aria-label="Users"] tbody tr'],
      ['/progress', aria('Progress', 'heading')],
      ['/modules', 'table[aria-label="Training Modules"] tbody tr'],
      ['/profile', aria('User Settings', 'heading')],
      ['/no/such/page', aria('Page not found', 'heading')],
    ];
    for (const [path, ready] of routes) {
      await go(page, path);
      await page.waitForSelector(ready);
      expect(await errors(page), path).toEqual([]);
      if (ready.endsWith('tbody tr')) {
        await page.hover(ready);
        expect(await errors(page), `${path}, a row hovered`).toEqual([]);
      }
    }
    await context.close();
  });

  it('finds no error on a phone, with the header menu closed and open', async () => {
    const { context, page } = await newPage(390, 844);
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, '/admin');
    await page.waitForSelector('table[aria-label="Users"] tbody tr');
    expect(await errors(page), 'menu closed').toEqual([]);
    await page.locator(aria('Menu', 'button')).click();
    await page.waitForSelector(aria('Module Editor', 'link'), { visible: true });
    expect(await errors(page), 'menu open').toEqual([]);
    await context.close();
  });

  it('finds no error with each admin modal open', async () => {
    const admin = await apiLogin(e2e.baseUrl);
    const email = uniqueEmail('pa11y-modal');
    await api(e2e.baseUrl, admin, 'PUT', 'admin/invite', { emails: [email] });
    const { context, page } = await newPage();
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, '/admin');

    /**
     * Opens a modal by its button, tests it, closes it with Escape, and waits until no modal is
     * open. The button is clicked as an element, not at a point of the screen: Puppeteer, unlike
     * Playwright, does not check what lies at the point it clicks.
     */
    const modal = async (opener: string, dialog: string, ready = `${dialog} .cds--modal-content`) => {
      const button = await page.waitForSelector(opener, { visible: true });
      await button?.evaluate((el) => (el as HTMLElement).click());
      await page.waitForSelector(ready).catch(async (error: unknown) => {
        // What was there instead, for whoever reads the failure.
        const seen = await page.evaluate(() => ({
          dialogs: Array.from(
            document.querySelectorAll('[role="dialog"]'),
            (d) => d.getAttribute('aria-label') ?? d.textContent?.slice(0, 60),
          ),
          focused: document.activeElement?.outerHTML.slice(0, 120),
        }));
        throw new Error(`${dialog} did not open: ${JSON.stringify(seen)}`, { cause: error });
      });
      expect(await errors(page), dialog).toEqual([]);
      await page.keyboard.press('Escape');
      await page.waitForSelector(dialog, { hidden: true });
      await page.waitForFunction(() => document.querySelector('.cds--modal.is-visible') === null);
    };
    const dialog = (name: string) => aria(name, 'dialog');

    await page.locator(aria('Search by player name', 'searchbox')).fill(email);
    await modal(aria('Invite User +', 'button'), dialog('Invite Users'));
    // Each from the row's actions menu, opened first (and checked open).
    const openActions = async () => {
      const actions = await page.waitForSelector(aria(`Actions for ${email}`, 'button'), { visible: true });
      await actions?.evaluate((el) => (el as HTMLElement).click());
      await page.waitForSelector(aria('View', 'menuitem'), { visible: true });
    };
    await openActions();
    expect(await errors(page), 'the row actions menu').toEqual([]);
    await modal(aria('View', 'menuitem'), dialog('User Management (autosaves)'));
    await openActions();
    await modal(aria('Delete', 'menuitem'), dialog('Confirm Deletion'));

    await go(page, '/modules');
    await page.waitForSelector('table[aria-label="Training Modules"] tbody tr');
    // The module editor as it opens, then (opened once: it takes seconds to draw) unlocked (its
    // fields enabled), an action's, an event's and a choice's details open.
    await page.locator(aria('Edit Ready Airman Training', 'button')).click();
    await page.waitForSelector(`${dialog('Edit Module: Ready Airman Training')} .cds--modal-content`);
    await page.waitForSelector('.actions-table');
    expect(await errors(page), 'Edit Module: Ready Airman Training').toEqual([]);
    await page.locator('::-p-text(Base module: locked against accidental edits)').click();
    // Each details button clicked as an element, once it is there (the choices' table is inside
    // the event's details), and its details waited for: as for the modals' openers above, nothing
    // waits on the editor's layout, which moves while the Check's balance arrives.
    for (const table of ['.actions-table', '.events-table', '.choices-table']) {
      const expand = await page.waitForSelector(`${table} .editor-table__expand-button`);
      await expand?.evaluate((el) => (el as HTMLElement).click());
      await page.waitForSelector(`${table} .editor-table__details`);
    }
    await page.waitForSelector('.choices-table .editor-table__details');
    expect(await errors(page), 'the module editor, details open').toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForSelector(dialog('Edit Module: Ready Airman Training'), { hidden: true });
    await modal(aria('New Module +', 'button'), dialog('New Module'));
    await modal(aria('Edit JSON of Ready Airman Training', 'button'), dialog('Ready Airman Training'), '.cm-content');
    await modal(aria('Edit Questionnaire JSON', 'button'), dialog('Comprehensive Airman Fitness'), '.cm-content');
    await context.close();
  }, 180_000);
});
