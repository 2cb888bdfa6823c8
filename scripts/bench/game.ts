/**
 * The game's performance on loopback in headless Chromium with software WebGL
 * (SwiftShader, as on a machine without a GPU): navigation to the fullscreen
 * button, the game bundle's size, and on the play screen of
 * ready_airman_training the work done over 5 s idle (the page's main-thread
 * task time, the GPU and renderer processes' CPU time) and the time from a
 * click to the next paint.
 *   tsx scripts/bench/game.ts   (needs a built product: npm run build)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { adminPage, launchChromium } from './chromium.ts';
import { startServer, stopServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'bench-game@example.com', password: 'Bench-Game-1!' };
const IDLE_MS = 5000;
const CLICKS = 15;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-game-'));
const { url, child: server } = await startServer({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});

async function call<T>(token: string, method: string, urlPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api/${urlPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

// The administrator plays too: the seed module assigned to them.
const { auth } = (await (
  await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: ADMIN.email, password: ADMIN.password }),
  })
).json()) as { auth: string };
const me = await call<{ id: string }>(auth, 'GET', 'session');
await call(auth, 'POST', `admin/users/${me.id}/assign`, { module: 'ready_airman_training' });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const bundle = fs.readFileSync(path.join(root, 'apps/web/dist/game/game.js'));
const browser = await launchChromium(['--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader']);

/** CPU seconds of the browser's GPU process and of the renderers, from the DevTools protocol. */
async function processCpu(): Promise<{ gpu: number; renderer: number; gpuProcesses: number }> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; cpuTime: number }[];
  };
  await session.detach();
  const sum = (type: string) =>
    processInfo.filter((p) => p.type.toLowerCase() === type).reduce((s, p) => s + p.cpuTime, 0);
  return {
    gpu: sum('gpu'),
    renderer: sum('renderer'),
    gpuProcesses: processInfo.filter((p) => p.type.toLowerCase() === 'gpu').length,
  };
}

async function toPlayScreen(page: Page): Promise<void> {
  const controls = page.getByRole('region', { name: 'Game controls' });
  await controls.getByRole('button', { name: /^Play Ready Airman Training/ }).click();
  await controls.getByRole('button', { name: 'Continue to the questionnaire' }).click();
  const groups = controls.locator('fieldset');
  await groups.first().waitFor();
  for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).locator('label').nth(3).click();
  await controls.getByRole('button', { name: 'Continue' }).click();
  await controls.locator('.game-play').waitFor();
}

try {
  const page = await adminPage(browser, url, ADMIN);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${url}/profile`);
    await page.getByRole('heading', { name: 'User Settings' }).waitFor();
    const t0 = Date.now();
    await page.goto(url);
    await page.getByRole('button', { name: 'Fullscreen' }).waitFor();
    times.push(Date.now() - t0);
  }
  await toPlayScreen(page);

  // Idle: nothing to draw while the player reads.
  await page.waitForTimeout(1500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskTime = async () =>
    ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.find(
      (m) => m.name === 'TaskDuration',
    )?.value ?? 0;
  const task0 = await taskTime();
  const cpu0 = await processCpu();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const seconds = (performance.now() - t0) / 1000;
  const task1 = await taskTime();
  const cpu1 = await processCpu();
  const share = (d: number) => `${((d / seconds) * 100).toFixed(2)} %`;

  // Click → next paint: the time from the click's event timestamp to the first
  // animation frame after the page handled it, plus the task after that frame (the paint).
  await page.evaluate(() => {
    const w = window as unknown as { __paints: number[] };
    w.__paints = [];
    window.addEventListener(
      'click',
      (e) => {
        const start = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.__paints.push(performance.now() - start)));
      },
      true,
    );
  });
  const controls = page.getByRole('region', { name: 'Game controls' });
  for (let i = 0; i < CLICKS; i++) {
    const choice = controls.locator('[data-key^="choice:"]:not([aria-disabled])').first();
    const action = controls.locator('[role="toolbar"] button:not([aria-disabled])').first();
    const target =
      (await choice.count()) > 0
        ? choice
        : (await action.count()) > 0
          ? action
          : controls.getByRole('button', { name: 'End Day' });
    if ((await target.count()) === 0) break;
    await target.click();
    await page.waitForTimeout(600);
    if ((await controls.locator('.game-play').count()) === 0) break;
  }
  const paints = await page.evaluate(() => (window as unknown as { __paints: number[] }).__paints);

  console.log(
    `| navigation to / → fullscreen button (median of 5, warm cache) | ${median(times)} ms (all: ${times.join(', ')}) |`,
  );
  console.log(
    `| game bundle | ${(bundle.length / 1024).toFixed(0)} KiB, ${(zlib.gzipSync(bundle, { level: 9 }).length / 1024).toFixed(1)} KiB gzip |`,
  );
  console.log(
    `| idle play screen, ${seconds.toFixed(1)} s: page main-thread task time | ${share(task1 - task0)} of a core |`,
  );
  console.log(
    `| idle play screen: GPU process CPU (${cpu1.gpuProcesses} GPU process) | ${share(cpu1.gpu - cpu0.gpu)} of a core |`,
  );
  console.log(`| idle play screen: renderer processes CPU | ${share(cpu1.renderer - cpu0.renderer)} of a core |`);
  console.log(
    `| click → next paint, median of ${paints.length} moves | ${median(paints).toFixed(1)} ms (min ${Math.min(...paints).toFixed(1)}, max ${Math.max(...paints).toFixed(1)}) |`,
  );
} finally {
  await browser.close();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
