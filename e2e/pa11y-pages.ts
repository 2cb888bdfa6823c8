/**
 * pa11y (HTML_CodeSniffer, WCAG2AA) on Puppeteer over Debian's Chromium, for the e2e tests that
 * check a page with a second accessibility engine beside axe: e2e/pa11y.test.ts for the app's
 * routes and modals, e2e/followup.test.ts for the follow-up questionnaire (which needs a server
 * of its own). Puppeteer's own browser download is switched off (package.json allowScripts).
 */
import puppeteer, { type Browser, type BrowserContext, type LaunchOptions, type Page } from 'puppeteer';
import pa11y from 'pa11y';
import { TOKEN_STORAGE_KEY } from '../apps/web/src/lib/token-store.ts';
import { apiLogin } from './api.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser.ts';

const chromeLaunchConfig: LaunchOptions = { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS };
const silent = { debug() {}, error() {}, info() {} };

export const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

/**
 * A browser for pa11y against the server at `baseUrl`. Its pages report CSP violations and page
 * errors into `problems`, which the test checks after each case (`takeProblems`).
 */
export class Pa11yPages {
  private browser: Browser | undefined;
  private problems: string[] = [];

  constructor(private readonly baseUrl: () => string) {}

  async launch(): Promise<void> {
    this.browser = await puppeteer.launch(chromeLaunchConfig);
  }

  async close(): Promise<void> {
    await this.browser?.close();
  }

  /** What went wrong in any page since the last call: CSP violations and uncaught errors. */
  takeProblems(): string[] {
    const seen = this.problems;
    this.problems = [];
    return seen;
  }

  private get open(): Browser {
    if (!this.browser) throw new Error('Pa11yPages: launch() first');
    return this.browser;
  }

  /** A page in a context of its own (its own sign-in), watched for CSP violations and page errors. */
  async newPage(width = 1366, height = 768): Promise<{ context: BrowserContext; page: Page }> {
    const context = await this.open.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width, height });
    page.on('pageerror', (error) =>
      this.problems.push(`page error: ${error instanceof Error ? error.message : String(error)}`),
    );
    await page.exposeFunction('__reportViolation', (text: string) => void this.problems.push(text));
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

  go(page: Page, path: string) {
    return page.goto(new URL(path, this.baseUrl()).href);
  }

  /**
   * Signed in through the API, the token where the app keeps it (once per tab, as e2e.adminTab
   * does), then on `landing`: one page load, where the caller waits for what only a signed-in
   * user sees there. The sign-in form has tests of its own (e2e/login.test.ts).
   */
  async signIn(page: Page, email: string, password: string, landing: string): Promise<void> {
    const token = await apiLogin(this.baseUrl(), email, password);
    await page.evaluateOnNewDocument(
      (key, value) => {
        if (sessionStorage.getItem('e2e-signed-in') !== null) return;
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-signed-in', '1');
      },
      TOKEN_STORAGE_KEY,
      token,
    );
    await this.go(page, landing);
  }

  /** pa11y's errors on the page as it is now, once Carbon's transitions have settled (colours measured mid-fade are not the page's). */
  async errors(page: Page): Promise<string[]> {
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
      browser: this.open,
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
}
