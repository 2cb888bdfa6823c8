/** `npm start` and `npm run serve` on the built product: a current build is run as it is, not rebuilt. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/test/free-port.ts';
import { waitForHealth } from '../apps/server/test/wait-for-health.ts';

const root = path.resolve(import.meta.dirname, '..');

async function run(mode: 'start' | 'serve') {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${mode}-`));
  const builtBefore = fs.statSync(path.join(root, 'apps/server/dist/main.js')).mtimeMs;
  const child = spawn(process.execPath, ['scripts/start.mjs', mode], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const started = Date.now();
  await waitForHealth(`http://127.0.0.1:${port}`, child, () => out);
  const tookMs = Date.now() - started;
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    out,
    tookMs,
    code,
    rebuilt: fs.statSync(path.join(root, 'apps/server/dist/main.js')).mtimeMs !== builtBefore,
  };
}

describe('npm start and npm run serve', () => {
  it('npm start runs a current build without building it again, and stops cleanly on SIGTERM', async () => {
    const { out, code, rebuilt } = await run('start');
    expect(out).toContain('The build is current: starting it.');
    expect(out).not.toContain('Building');
    expect(rebuilt).toBe(false);
    expect(code).toBe(0);
  });

  it('npm run serve runs the built product', async () => {
    const { out, code, rebuilt } = await run('serve');
    expect(out).toContain('Admin account created');
    expect(rebuilt).toBe(false);
    expect(code).toBe(0);
  });
});
