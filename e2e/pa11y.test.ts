/**
 * A second accessibility engine beside axe: pa11y itself, on its default
 * runner (HTML_CodeSniffer) and WCAG2AA, with no error on any route (signed
 * out, as an admin and as a trainee) nor with any admin modal open. pa11y
 * drives Puppeteer on Debian's Chromium (`chromeLaunchConfig.executablePath`);
 * Puppeteer's own browser download is switched off (package.json allowScripts),
 * so nothing is fetched. Each page is brought to its state here and pa11y tests
 * it as it is (`ignoreUrl`), its warnings and notices left to a human's review.
 *
 * The file runs on a server of its own (e2e/own-server.ts): the follow-up questionnaire is owed
 * only thirty days after a completion, so its test moves one into the past and starts the server
 * again, as e2e/followup.test.ts does. It is the file's last test.
 */
import puppeteer, { type Browser, type BrowserContext, type LaunchOptions, type Page } from 'puppeteer';
import pa11y from 'pa11y';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import { plan } from '@airman/engine/play.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { api, apiLogin, inviteCodeFromMail, mailTo, uniqueEmail } from './api.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, describeE2E } from './browser.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants.ts';
import { TRAINEE_PASSWORD, registeredTrainee } from './game-helpers.ts';
import { OwnServer } from './own-server.ts';

const DAY = 86_400_000;
const own = new OwnServer();

const chromeLaunchConfig: LaunchOptions = { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS };
const silent = { debug() {}, error() {}, info() {} };

describeE2E(
  'WCAG2AA by pa11y (HTML_CodeSniffer)',
  (e2e) => {
    let browser: Browser;
    // What went wrong in any page of the test: a CSP violation or an uncaught error fails it.
    let problems: string[] = [];

    beforeAll(async () => {
      browser = await puppeteer.launch(chromeLaunchConfig);
    });
    afterAll(async () => {
      await browser?.close();
      await own.stop();
    });
    afterEach(() => {
      const seen = problems;
      problems = [];
      expect(seen, 'CSP violations and page errors').toEqual([]);
    });

    /** A page in a context of its own (its own sign-in), watched for CSP violations and page errors. */
    async function newPage(width = 1366, height = 768): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      page.on('pageerror', (error) =>
        problems.push(`page error: ${error instanceof Error ? error.message : String(error)}`),
      );
      await page.exposeFunction('__reportViolation', (text: string) => void problems.push(text));
      await page.evaluateOnNewDocument(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportViolation(text: string): void }).__reportViolation;
          report(
            `CSP ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      return { context, page };
    }

    const go = (page: Page, path: string) => page.goto(new URL(path, e2e.baseUrl).href);

    async function signIn(page: Page, email: string, password: string, landing: string): Promise<void> {
      await go(page, '/login');
      await page.locator('#login-email').fill(email);
      await page.locator('#login-password').fill(password);
      await page.locator('::-p-aria([name="Sign In"][role="button"])').click();
      await page.waitForFunction((path) => location.pathname === path, {}, landing);
    }

    /** pa11y's errors on the page as it is now, once Carbon's transitions have settled (colours measured mid-fade are not the page's). */
    async function errors(page: Page): Promise<string[]> {
      const settled = () =>
        page.waitForFunction(() =>
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
        );
      await settled();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await settled();
      const result = await pa11y(page.url(), {
        browser,
        page,
        ignoreUrl: true,
        // pa11y sets its own viewport (1280×1024) unless given one: the page's, so a phone stays a phone.
        viewport: page.viewport() ?? undefined,
        standard: 'WCAG2AA',
        runners: ['htmlcs'],
        timeout: 60_000,
        log: silent,
      });
      return result.issues
        .filter((issue) => issue.type === 'error')
        .map((issue) => `${issue.code}: ${issue.message} at ${issue.selector}`);
    }

    const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

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
      await modal(aria('Edit Ready Airman Training', 'button'), dialog('Edit Module: Ready Airman Training'));
      // The module editor unlocked (its fields enabled), an action's, an event's and a choice's details open.
      await page.locator(aria('Edit Ready Airman Training', 'button')).click();
      await page.waitForSelector('.actions-table');
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

    it('finds no error on the follow-up questionnaire, asked and answered, at 1366 and on a phone', async () => {
      const base = e2e.baseUrl;
      const module = readyAirmanModule.id;
      const trainee = await registeredTrainee(base);
      const auth = await apiLogin(base, trainee, TRAINEE_PASSWORD);
      const run = await api<{ run_id: string; seed: number }>(base, auth, 'POST', 'game/runs', { module });
      const log = plan(readyAirmanModule, run.seed).line as GameCommand[];
      // Played at a person's pace (the server refuses a run faster than 50 ms a move).
      await new Promise((resolve) => setTimeout(resolve, log.length * 50 + 200));
      const questionnaire = await api<Questionnaire>(base, auth, 'GET', 'modules/questionnaire');
      const all = (value: number) => Object.fromEntries(questionnaire.items.map((i) => [i.id, value]));
      const finished = await api<{ outcome: string }>(base, auth, 'POST', `game/runs/${run.run_id}/finish`, {
        log,
        answers: { before: all(2), after: all(4) },
      });
      expect(finished.outcome).toBe('complete');
      // Thirty days pass; the scheduler owes the follow-up and e-mails it.
      await own.restartAfter(async (database) => {
        await database.query(
          `UPDATE assignments SET completed_at = completed_at - $1, started_at = started_at - $1
         WHERE module_id = $2 AND user_id = (SELECT id FROM users WHERE user_name = $3)`,
          [30 * DAY, module, trainee],
        );
      });
      await expect
        .poll(() => mailTo(trainee).filter((m) => m.includes(`/followup/${module}`)).length, { timeout: 30_000 })
        .toBe(1);

      const { context, page } = await newPage();
      await signIn(page, trainee, TRAINEE_PASSWORD, '/');
      await go(page, `/followup/${module}`);
      await page.waitForSelector(aria('Send my answers', 'button'));
      expect(await errors(page), '/followup').toEqual([]);
      await page.setViewport({ width: 390, height: 844 });
      expect(await errors(page), '/followup at 390×844').toEqual([]);

      // Answered: the page says so.
      await api(base, auth, 'POST', `followups/${module}`, { answers: all(5) });
      await go(page, `/followup/${module}`);
      await page.waitForSelector('::-p-text(You have answered this questionnaire.)');
      expect(await errors(page), '/followup answered').toEqual([]);
      await context.close();
    }, 300_000);
  },
  own.start,
);
