/**
 * The game's performance on loopback in headless Chromium: navigation to the
 * fullscreen button, the game bundle's size, frames per second during play, and
 * the solver deciding ready_airman_training inside the page.
 *   tsx scripts/bench/game.ts   (needs a built product: npm run build)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'bench-game@example.com', password: 'Bench-Game-1!' };

const port = await new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as net.AddressInfo).port;
    s.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-game-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; i < 150 && !(await fetch(`${url}/api/health`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));

const bundle = fs.readFileSync(path.join(root, 'apps/web/dist/game/game.js'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${url}/profile`);
    await page.getByRole('heading', { name: 'User Settings' }).waitFor();
    const t0 = Date.now();
    await page.goto(url);
    await page.getByRole('button', { name: 'Fullscreen' }).waitFor();
    times.push(Date.now() - t0);
  }
  // Frames per second over 5 s of the running game (the first reading after the warm-up second).
  await page.waitForTimeout(1500);
  const fps: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.waitForTimeout(1000);
    fps.push(await page.evaluate(() => (window as unknown as { __gameFps: () => number }).__gameFps()));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(`| navigation to / → fullscreen button (median of 5, warm cache) | ${median(times)} ms (all: ${times.join(', ')}) |`);
  console.log(`| first visit, cold cache | see e2e: loading bar measured |`);
  console.log(`| game bundle | ${(bundle.length / 1024).toFixed(0)} KiB, ${(zlib.gzipSync(bundle, { level: 9 }).length / 1024).toFixed(0)} KiB gzip |`);
  console.log(`| frames per second during play (5 × 1 s) | ${fps.map((f) => f.toFixed(1)).join(', ')} |`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
