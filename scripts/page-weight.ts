/**
 * Page weight and time on a slow phone: the built product in headless Chromium with Lighthouse's
 * mobile conditions set through the DevTools protocol (the link at 1.6 Mb/s down, 750 Kb/s up,
 * 150 ms round trips; the CPU slowed 4×), each page loaded with a cold cache after sign-in, then
 * once more with the cache warm, then once without throttling (the same run's yardstick).
 *
 * Bytes are as encoded on the wire (Network.loadingFinished encodedDataLength: headers and
 * compressed bodies); the time is from navigation to the page's main control being usable.
 * It prints a table per page and fails when a page is over its byte budget, fetches a file twice,
 * or its warm visit moves more than WARM_BUDGET beyond the API's data. Times are reported with
 * their ratio to the unthrottled load; their targets are shown, not enforced (a shared machine
 * stretches them).
 *   tsx scripts/page-weight.ts [--short]   (needs a built product: npm run build; --short: CI's,
 *   the pages with a byte budget only)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { launchChromium } from './bench/chromium.ts';
import { TOKEN_STORAGE_KEY } from '../apps/web/src/lib/token-store.ts';
import { login, startServer, stopServer } from './bench/server.ts';

const KiB = 1024;
/** Lighthouse's mobile preset, as DevTools throttling takes it (bytes per second, milliseconds). */
const SLOW_LINK = {
  offline: false,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  latency: 150,
};
const CPU_SLOWDOWN = 4;
/** A warm visit: what may cross the wire besides the API's data (revalidated HTML, 304s). */
const WARM_BUDGET = 10 * KiB;
/** No request open for this long: the page has fetched what it fetches. */
const QUIET_MS = 500;
/**
 * --short (CI): the pages with a byte budget only, each loaded unthrottled, then cold and warm
 * throttled, once; the full run adds the pages that are reported only (the module editor).
 */
const SHORT = process.argv.includes('--short');
/** --waterfall: each cold throttled load's responses in the order they started, with when each started and ended. */
const WATERFALL = process.argv.includes('--waterfall');

const ADMIN = { email: 'page-weight-admin@example.com', password: 'Page-Weight-1!' };
const TRAINEE = { email: 'page-weight-trainee@example.com', password: 'Page-Weight-2!' };

interface Target {
  name: string;
  who: 'admin' | 'trainee';
  path: string;
  viewport: { width: number; height: number };
  /** The page's main control, usable: the moment the load is timed to. */
  ready(page: Page): Locator;
  /** A budget on the cold load's bytes; none: reported only. */
  budget?: number;
  /** The target time throttled (shown beside the time, not enforced). */
  targetMs?: number;
  /** A step after the page is usable, timed from its own start (the game's first screen after Play). */
  then?: { name: string; run(page: Page): Promise<void>; targetMs: number };
}

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const gameControls = (page: Page) => page.getByRole('region', { name: 'Game controls' });

const TARGETS: Target[] = [
  {
    name: "trainee's training list (/)",
    who: 'trainee',
    path: '/',
    viewport: PHONE,
    ready: (page) => gameControls(page).getByRole('button', { name: /^Play Ready Airman Training/ }),
    budget: 200 * KiB,
    targetMs: 2000,
    then: {
      name: "the game's first screen after Play",
      targetMs: 1000,
      run: async (page) => {
        await gameControls(page)
          .getByRole('button', { name: /^Play Ready Airman Training/ })
          .click();
        await usable(gameControls(page).getByRole('button', { name: 'Continue to the questionnaire' }));
      },
    },
  },
  {
    name: 'users list (/admin)',
    who: 'admin',
    path: '/admin',
    viewport: LAPTOP,
    ready: (page) => page.getByRole('table', { name: 'Users' }).locator('tbody tr').first(),
    budget: 250 * KiB,
    targetMs: 2500,
  },
  {
    name: 'progress (/progress)',
    who: 'admin',
    path: '/progress',
    viewport: LAPTOP,
    ready: (page) =>
      page
        .getByRole('table', { name: 'Assignments by module and status', exact: true })
        .getByRole('row', { name: /Ready Airman Training/ }),
    budget: 300 * KiB,
    targetMs: 3000,
  },
  {
    name: 'training modules (/modules), then its editor',
    who: 'admin',
    path: '/modules',
    viewport: LAPTOP,
    ready: (page) => page.getByRole('button', { name: /^Edit Ready Airman Training/ }),
    then: {
      name: 'the module editor open',
      targetMs: 2000,
      run: async (page) => {
        await page.getByRole('button', { name: /^Edit Ready Airman Training/ }).click();
        const dialog = page.getByRole('dialog', { name: /^Edit Module: / });
        await usable(dialog.getByRole('table', { name: 'Gauges', exact: true }));
      },
    },
  },
];

/** Waits until the control is shown; a button until it is enabled too. */
async function usable(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: 60_000 });
  const start = Date.now();
  while (!(await locator.isEnabled()) && Date.now() - start < 60_000) await new Promise((r) => setTimeout(r, 20));
}

interface Transfer {
  url: string;
  bytes: number;
  status: number;
  /** Answered from the browser's cache, without a request on the wire. */
  cached: boolean;
  /** Seconds on the browser's clock when it was asked for and when it had arrived. */
  sentAt: number;
  endedAt: number;
}

/**
 * Records each response's bytes on the wire, from the DevTools protocol, until stop() is called;
 * quiet() waits until no request has been open for QUIET_MS (Playwright's 'networkidle' may have
 * fired before the page was usable, while the CPU parsed a script, and then no longer waits).
 */
function recorder(cdp: CDPSession): { transfers: Transfer[]; quiet(): Promise<void>; stop(): void } {
  const pending = new Map<string, { url: string; status: number; cached: boolean }>();
  const open = new Set<string>();
  const sentAt = new Map<string, number>();
  let lastChange = Date.now();
  const sent = (e: { requestId: string; timestamp: number }) => {
    open.add(e.requestId);
    if (!sentAt.has(e.requestId)) sentAt.set(e.requestId, e.timestamp);
    lastChange = Date.now();
  };
  const ended = (e: { requestId: string }) => {
    open.delete(e.requestId);
    lastChange = Date.now();
  };
  const fromCache = new Set<string>();
  const transfers: Transfer[] = [];
  const served = (e: { requestId: string }) => {
    fromCache.add(e.requestId);
  };
  const received = (e: {
    requestId: string;
    response: { url: string; status: number; fromDiskCache?: boolean; fromPrefetchCache?: boolean };
  }) => {
    const cached = fromCache.has(e.requestId) || !!e.response.fromDiskCache || !!e.response.fromPrefetchCache;
    pending.set(e.requestId, { url: e.response.url, status: e.response.status, cached });
  };
  const finished = (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
    const r = pending.get(e.requestId);
    if (!r) return;
    pending.delete(e.requestId);
    const start = sentAt.get(e.requestId) ?? e.timestamp;
    if (!r.url.startsWith('data:'))
      transfers.push({ ...r, bytes: e.encodedDataLength, sentAt: start, endedAt: e.timestamp });
  };
  cdp.on('Network.requestWillBeSent', sent);
  cdp.on('Network.loadingFinished', ended);
  cdp.on('Network.loadingFailed', ended);
  cdp.on('Network.requestServedFromCache', served);
  cdp.on('Network.responseReceived', received);
  cdp.on('Network.loadingFinished', finished);
  return {
    transfers,
    async quiet() {
      const start = Date.now();
      while ((open.size > 0 || Date.now() - lastChange < QUIET_MS) && Date.now() - start < 60_000)
        await new Promise((r) => setTimeout(r, 50));
    },
    stop() {
      cdp.off('Network.requestWillBeSent', sent);
      cdp.off('Network.loadingFinished', ended);
      cdp.off('Network.loadingFailed', ended);
      cdp.off('Network.requestServedFromCache', served);
      cdp.off('Network.responseReceived', received);
      cdp.off('Network.loadingFinished', finished);
    },
  };
}

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
const sum = (ts: Transfer[]) => ts.reduce((s, t) => s + t.bytes, 0);
const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Load {
  ms: number;
  thenMs?: number;
  transfers: Transfer[];
}

async function load(
  browser: Browser,
  base: string,
  token: string,
  target: Target,
  throttled: boolean,
  warmToo: boolean,
): Promise<{ cold: Load; warm?: Load }> {
  const context = await browser.newContext({
    viewport: target.viewport,
    storageState: {
      cookies: [],
      origins: [{ origin: base, localStorage: [{ name: TOKEN_STORAGE_KEY, value: token }] }],
    },
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    const visit = async (): Promise<Load> => {
      const rec = recorder(cdp);
      const t0 = Date.now();
      await page.goto(base + target.path, { waitUntil: 'commit' });
      await usable(target.ready(page));
      const ms = Date.now() - t0;
      let thenMs: number | undefined;
      if (target.then) {
        const t1 = Date.now();
        await target.then.run(page);
        thenMs = Date.now() - t1;
      }
      // What the page still fetches once usable (a chart library, fonts) belongs to its weight.
      await rec.quiet();
      rec.stop();
      return { ms, thenMs, transfers: rec.transfers };
    };
    const cold = await visit();
    if (!warmToo) return { cold };
    await page.goto('about:blank');
    return { cold, warm: await visit() };
  } finally {
    await context.close();
  }
}

/** The responses in the order they were asked for: milliseconds from the first request to each one's start and end. */
function printWaterfall(transfers: Transfer[]): void {
  const sorted = [...transfers].sort((a, b) => a.sentAt - b.sentAt);
  const origin = sorted[0]?.sentAt ?? 0;
  const ms = (t: number) => String(Math.round((t - origin) * 1000)).padStart(6);
  console.log(`  ${'waterfall (ms from the first request)'.padEnd(56)} ${'start'.padStart(6)} ${'end'.padStart(6)}`);
  for (const t of sorted) {
    const url = new URL(t.url);
    console.log(`  ${(url.pathname + url.search).slice(0, 56).padEnd(56)} ${ms(t.sentAt)} ${ms(t.endedAt)}`);
  }
}

/** Files a load asked the server for more than once (API calls aside: a page may ask twice on purpose). */
function fetchedTwice(transfers: Transfer[]): string[] {
  const counts = new Map<string, number>();
  for (const t of transfers.filter((t) => !isApi(t.url) && !t.cached)) counts.set(t.url, (counts.get(t.url) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([url, n]) => `${new URL(url).pathname} ×${n}`);
}

async function inviteTrainee(base: string, adminToken: string, outbox: string): Promise<void> {
  const call = async (method: string, urlPath: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}/api/${urlPath}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${await res.text()}`);
  };
  await call('PUT', 'admin/invite', { emails: [TRAINEE.email], module: 'ready_airman_training' }, adminToken);
  // No SMTP_URL: the mail queue writes the invitation to DATA_DIR/outbox.
  let code: string | undefined;
  for (let i = 0; i < 600 && !code; i++) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const eml = fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
      if (eml.includes(TRAINEE.email)) code = /\/register\/([A-Za-z0-9_-]+)/.exec(eml)?.[1];
    }
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('the invitation was not written to the outbox within 60 s');
  await call('POST', `register/${code}`, {
    rank: 'AB',
    unit: '655 ISRW',
    first_name: 'Pat',
    last_name: 'Weight',
    password: TRAINEE.password,
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
const { url: base, child: server } = await startServer({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
const browser = await launchChromium();
const failures: string[] = [];
try {
  const adminToken = await login(base, ADMIN.email, ADMIN.password);
  await inviteTrainee(base, adminToken, path.join(dataDir, 'outbox'));
  const traineeToken = await login(base, TRAINEE.email, TRAINEE.password);
  const summary: string[] = [];
  for (const target of SHORT ? TARGETS.filter((t) => t.budget !== undefined) : TARGETS) {
    const token = target.who === 'admin' ? adminToken : traineeToken;
    const bare = await load(browser, base, token, target, false, false);
    const { cold, warm } = await load(browser, base, token, target, true, true);
    if (!warm) throw new Error('no warm visit');
    const files = cold.transfers.filter((t) => !isApi(t.url));
    const apiBytes = sum(cold.transfers.filter((t) => isApi(t.url)));
    const warmFiles = sum(warm.transfers.filter((t) => !isApi(t.url)));
    const twice = [...fetchedTwice(cold.transfers), ...fetchedTwice(warm.transfers).map((f) => `${f} (warm)`)];
    console.log(`\n${target.name} at ${target.viewport.width}×${target.viewport.height}`);
    console.log(`  ${'file'.padEnd(56)} ${'bytes'.padStart(10)}`);
    for (const t of [...files].sort((a, b) => b.bytes - a.bytes)) {
      const name = new URL(t.url).pathname + (t.cached ? ' (from the cache)' : '');
      console.log(`  ${name.slice(0, 56).padEnd(56)} ${kib(t.bytes).padStart(10)}`);
    }
    console.log(`  ${'API data'.padEnd(56)} ${kib(apiBytes).padStart(10)}`);
    const total = sum(cold.transfers);
    const overBudget = target.budget !== undefined && total > target.budget;
    const ratio = (ms: number, bareMs: number) => `${(ms / Math.max(1, bareMs)).toFixed(1)}×`;
    const lines = [
      `cold: ${kib(total)} in ${cold.transfers.length} responses` +
        (target.budget ? ` (budget ${kib(target.budget)})` : '') +
        `; usable in ${secs(cold.ms)}` +
        (target.targetMs ? ` (target ${secs(target.targetMs)})` : '') +
        `, ${ratio(cold.ms, bare.cold.ms)} the unthrottled ${secs(bare.cold.ms)}`,
    ];
    if (target.then && cold.thenMs !== undefined && bare.cold.thenMs !== undefined)
      lines.push(
        `${target.then.name}: ${secs(cold.thenMs)} more (target ${secs(target.then.targetMs)}), ` +
          `${ratio(cold.thenMs, bare.cold.thenMs)} the unthrottled ${secs(bare.cold.thenMs)}`,
      );
    lines.push(
      `warm: ${kib(warmFiles)} besides the API's data (budget ${kib(WARM_BUDGET)}); usable in ${secs(warm.ms)}`,
    );
    if (twice.length) lines.push(`fetched twice: ${twice.join(', ')}`);
    for (const l of lines) console.log(`  ${l}`);
    if (WATERFALL) printWaterfall(cold.transfers);
    if (overBudget) failures.push(`${target.name}: ${kib(total)} over its ${kib(target.budget ?? 0)}`);
    if (warmFiles > WARM_BUDGET) failures.push(`${target.name}: warm visit moved ${kib(warmFiles)} of files`);
    if (twice.length) failures.push(`${target.name}: fetched twice: ${twice.join(', ')}`);
    summary.push(
      `| ${target.name} | ${kib(total)}${target.budget ? ` / ${kib(target.budget)}` : ''} | ${secs(cold.ms)} (${ratio(cold.ms, bare.cold.ms)}) | ${kib(warmFiles)} |`,
    );
  }
  console.log('\n| page | cold bytes / budget | usable throttled (× unthrottled) | warm files |');
  console.log('| --- | --- | --- | --- |');
  for (const s of summary) console.log(s);
} finally {
  await browser.close();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length) {
  console.log(`\nFAIL\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nok: every page within its byte budget, no file fetched twice, warm visits small');
