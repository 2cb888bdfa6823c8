/** The part of pa11y's API these tests use (pa11y ships no types of its own). */
declare module 'pa11y' {
  import type { Browser, LaunchOptions, Page, Viewport } from 'puppeteer';

  interface Pa11yIssue {
    code: string;
    type: 'error' | 'warning' | 'notice';
    message: string;
    selector: string;
    runner: string;
  }

  interface Pa11yOptions {
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    runners?: ('htmlcs' | 'axe')[];
    includeWarnings?: boolean;
    includeNotices?: boolean;
    timeout?: number;
    chromeLaunchConfig?: LaunchOptions;
    browser?: Browser;
    page?: Page;
    /** With `browser` and `page`: test the page as it is, without loading the URL. */
    ignoreUrl?: boolean;
    /** Set on the page before the test (default 1280×1024). */
    viewport?: Viewport;
    log?: { debug(message: string): void; error(message: string): void; info(message: string): void };
  }

  function pa11y(
    url: string,
    options?: Pa11yOptions,
  ): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
  export default pa11y;
}
