/**
 * Browser fixtures: Debian's Chromium driven by playwright-core. Without a
 * Chromium the suite is skipped, loudly, except where E2E_REQUIRED=1 (CI),
 * where that is a failure.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../apps/web/src/lib/token-store.ts';
import { apiLogin } from './api.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants.ts';
import { ourServer, type E2EServer } from './server.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM_PATH);

if (!hasChromium) {
  if (process.env.E2E_REQUIRED === '1') {
    throw new Error(`E2E_REQUIRED=1 but no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  }
  console.warn(`\n!!! No Chromium at ${CHROMIUM_PATH}: browser end-to-end tests are SKIPPED. !!!\n`);
}

/** Chromium's switches for every e2e browser (Playwright's and pa11y's). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Features Chromium starts for each window that no test uses: the address bar's pop-up is a web
 * page of its own, loaded in a renderer of its own for every browser context a test opens.
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

let disableFeatures: Promise<string> | undefined;

/**
 * The `--disable-features` switch for Playwright's launches: Chromium keeps only the last such
 * switch of its command line, and Playwright passes one of its own, so ours carries Playwright's
 * list too. That list is read once per worker from the command line of a browser Playwright
 * launched (/proc), which is then closed.
 */
function disableFeaturesSwitch(): Promise<string> {
  disableFeatures ??= (async () => {
    const probe = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
    try {
      const prefix = '--disable-features=';
      const own = childCommandLines()
        .flat()
        .find((arg) => arg.startsWith(prefix));
      const features = new Set([...(own?.slice(prefix.length).split(',') ?? []), ...UNUSED_FEATURES]);
      return prefix + [...features].filter(Boolean).join(',');
    } finally {
      await probe.close();
    }
  })();
  return disableFeatures;
}

/** The command lines of this process's children (Linux). */
function childCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command's name in parentheses: the state, then the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid) lines.push(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    } catch {
      // The process ended meanwhile.
    }
  }
  return lines;
}

/** Chromium as every Playwright test of the suite drives it. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, await disableFeaturesSwitch()],
  });
}

let launched: Promise<Browser> | undefined;

/**
 * The worker's one Chromium, launched by its first describe block and kept for the files after it
 * (the e2e project does not isolate its files), so no file waits for a browser to start. It goes
 * when the worker's process ends. One that has crashed or was closed is launched again.
 */
async function sharedBrowser(): Promise<Browser> {
  const current = await launched?.catch(() => undefined);
  if (current?.isConnected()) return current;
  launched = launchChromium();
  return launched;
}

export interface E2E {
  baseUrl: string;
  browser: Browser;
  /** A fresh, isolated browser context (own storage) with one page; `options` as Playwright's (a time zone, say). */
  newPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** newPage, signed in as the e2e admin, on `path`. */
  adminPage(
    path?: '/admin' | '/modules',
    options?: BrowserContextOptions,
  ): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * A tab signed in as the e2e admin, on `path`, in a browser context the block's tabs share: the
   * app's code is fetched once, then read from the context's cache, where a context of its own
   * fetches it all again (a second or so a page on a busy machine). For a test that needs nothing
   * of a context's own (a time zone, its other pages, its storage after the test); close the tab,
   * not the context, at its end. Each tab is signed in afresh, once, as it opens.
   */
  adminTab(path?: '/admin' | '/modules'): Promise<Page>;
  /** newPage, signed in as an administrator of units, on the users screen. */
  unitAdminPage(
    who: { email: string; password: string },
    options?: BrowserContextOptions,
  ): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * A describe block with a browser; skipped (loudly, above) when no Chromium exists. Its pages
 * go to the worker's server, or to the one `server` starts (a block that must stop and start
 * its server again, at the same address).
 */
export function describeE2E(name: string, suite: (e2e: E2E) => void, server?: () => Promise<E2EServer>): void {
  (hasChromium ? describe : describe.skip)(name, () => {
    const e2e = {} as E2E;
    // What went wrong in any page of the test: a CSP violation or an uncaught error fails it.
    let problems: string[] = [];
    // The pages the test opened: where a failed test was is printed (address, visible text).
    let pages: Page[] = [];
    beforeEach(({ onTestFailed }) => {
      pages = [];
      onTestFailed(async ({ task }) => {
        for (const page of pages) await describeFailedPage(page, task.name);
      });
    });
    afterEach(() => {
      const seen = problems;
      problems = [];
      expect(seen, 'CSP violations and page errors').toEqual([]);
    });
    /**
     * Signed in through the API, the token where the app keeps it: the page opens once, on
     * `path`. (The sign-in form has tests of its own, e2e/login.test.ts.)
     */
    async function signedInPage(
      email: string,
      password: string,
      path: string,
      options: BrowserContextOptions,
    ): Promise<{ context: BrowserContext; page: Page }> {
      const token = await apiLogin(e2e.baseUrl, email, password);
      const storageState = {
        cookies: [],
        origins: [{ origin: e2e.baseUrl, localStorage: [{ name: TOKEN_STORAGE_KEY, value: token }] }],
      };
      const opened = await e2e.newPage({ ...options, storageState });
      await opened.page.goto(path);
      await signedIn(opened.page);
      return opened;
    }
    /** The page is ready as after the sign-in form: the session read, the header's menu an administrator's. */
    async function signedIn(page: Page): Promise<void> {
      // Folded away on a phone, hence hidden ones too.
      await page
        .getByRole('navigation', { name: 'Main menu', includeHidden: true })
        .getByRole('link', { name: 'User Admin', includeHidden: true })
        .waitFor({ state: 'attached' });
    }
    /** The context the block's admin tabs share (e2e.adminTab). */
    let tabs: Promise<BrowserContext> | undefined;
    beforeAll(
      async () => {
        const browser = await sharedBrowser();
        const { baseUrl } = server ? await server() : ourServer();
        Object.assign(e2e, {
          baseUrl,
          browser,
          async newPage(options = {}) {
            const context = await watchedContext(options);
            return { context, page: await watchedPage(context) };
          },
          adminPage: (path = '/admin', options = {}) =>
            signedInPage(E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, path, options),
          async adminTab(path = '/admin') {
            const token = await apiLogin(baseUrl);
            tabs ??= watchedContext({});
            const page = await watchedPage(await tabs);
            // Once per tab (its session storage is its own): a test that signs out and reloads stays signed out.
            await page.addInitScript(
              ({ key, value }) => {
                if (sessionStorage.getItem('e2e-signed-in') !== null) return;
                localStorage.setItem(key, value);
                sessionStorage.setItem('e2e-signed-in', '1');
              },
              { key: TOKEN_STORAGE_KEY, value: token },
            );
            await page.goto(path);
            await signedIn(page);
            return page;
          },
          unitAdminPage: ({ email, password }, options = {}) => signedInPage(email, password, '/admin', options),
        } satisfies E2E);

        /** A context whose pages report CSP violations into the test's problems. */
        async function watchedContext(options: BrowserContextOptions): Promise<BrowserContext> {
          const context = await browser.newContext({ ...options, baseURL: baseUrl });
          await context.exposeBinding('__reportViolation', (_source, text: string) => void problems.push(text));
          await context.addInitScript(() => {
            document.addEventListener('securitypolicyviolation', (event) => {
              const report = (window as unknown as { __reportViolation(text: string): void }).__reportViolation;
              report(
                `CSP ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
              );
            });
          });
          return context;
        }

        /** A page of `context`, its uncaught errors the test's problems, described if the test fails. */
        async function watchedPage(context: BrowserContext): Promise<Page> {
          const page = await context.newPage();
          pages.push(page);
          page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
          return page;
        }
      },
      server ? 300_000 : undefined,
    );
    afterAll(async () => {
      // What the block left open goes with it; the browser stays for the worker's next file.
      tabs = undefined;
      await Promise.all(e2e.browser?.contexts().map((context) => context.close()) ?? []);
    });
    suite(e2e);
  });
}

/**
 * For a failed test: the page's address and the start of its visible text on the console, and
 * with E2E_ARTIFACTS=dir a screenshot there, so a CI log says what the browser showed.
 */
async function describeFailedPage(page: Page, testName: string): Promise<void> {
  if (page.isClosed()) return;
  try {
    const text = await page.evaluate(() => document.body?.innerText ?? '', undefined);
    console.error(`[e2e] "${testName}" failed at ${page.url()}; the page said:\n${text.slice(0, 1500)}`);
    const dir = process.env.E2E_ARTIFACTS;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-${Date.now()}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.error(`[e2e] screenshot: ${file}`);
    }
  } catch (error) {
    console.error(`[e2e] could not describe the page of "${testName}": ${String(error)}`);
  }
}

/** Signs in through the login form as a user would. */
export async function login(page: Page, email = E2E_ADMIN_EMAIL, password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
}

/** Fills in and sends the login form of the page already open. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** On the users screen: finds a user by e-mail and opens the user modal with a double-click. */
export async function openUser(page: Page, email: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search by player name' }).fill(email);
  // Once the list is the search's answer: a row double-clicked in the list before it would move
  // under the pointer between the two clicks when the answer arrives, and nothing would open.
  const rows = page.locator('table[aria-label="Users"] tbody tr');
  await expect
    .poll(
      async () => {
        const all = await rows.count();
        return all > 0 && all === (await rows.filter({ hasText: email }).count());
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.locator('tr', { hasText: email }).dblclick();
}

/** On the users screen: chooses `action` (View, Resend Invite, Delete, …) from a row's actions menu by mouse. */
export async function rowAction(row: Locator, action: string): Promise<void> {
  await row.getByRole('button', { name: /^Actions for / }).click();
  await row.page().getByRole('menuitem', { name: action, exact: true }).click();
}
