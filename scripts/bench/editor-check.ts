/**
 * The module editor's Check in headless Chromium: how long the balance over
 * 30 seeds (Web Workers, one per core up to 4) takes for ready_airman_training,
 * from the moment it starts to the figures on screen. Median of 5 openings.
 *   tsx scripts/bench/editor-check.ts   (needs a built product: npm run build)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminPage, launchChromium } from './chromium.ts';
import { startServer, stopServer } from './server.ts';

const ADMIN = { email: 'bench-editor@example.com', password: 'Bench-Editor-1!' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-editor-'));
const { url, child: server } = await startServer({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});

const browser = await launchChromium();
try {
  const page = await adminPage(browser, url, ADMIN);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${url}/modules`);
    const row = page.locator('tr', { hasText: 'Ready Airman Training' }).first();
    await row.getByRole('button', { name: /^Edit Ready Airman/ }).click();
    // The check starts after a short pause once the module is in the editor, and says so.
    await page.getByText('playing the module over many seeds…').waitFor({ timeout: 30_000 });
    const t0 = Date.now();
    const figures = page.getByText(/Over \d+ seeds, careful play wins/);
    await figures.waitFor({ timeout: 60_000 });
    times.push(Date.now() - t0);
    if (i === 0) console.log(`Balance: ${await figures.innerText()}`);
  }
  const median = [...times].sort((a, b) => a - b)[2] ?? 0;
  console.log(
    `| module editor's balance check, 30 seeds, ${cores} workers (median of 5) | ${median} ms (all: ${times.join(', ')}) | ≤ 2 s |`,
  );
} finally {
  await browser.close();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
