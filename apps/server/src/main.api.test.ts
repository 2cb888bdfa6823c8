/**
 * The real entry point as `npm run build` bundles it (built from the current
 * sources by the tests' global setup: test/server-build.ts): first start seeds and prints the generated admin password once, SIGTERM shuts down
 * cleanly, and a restart on the same DATA_DIR keeps everything.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, startServer as start, type ServerProcess } from '../test/server-process.ts';

function stop(r: ServerProcess): Promise<number | null> {
  return new Promise((resolve) => {
    r.child.once('exit', (code) => resolve(code));
    r.child.kill('SIGTERM');
  });
}

/** Signs in as a client would: a 503 (a process just started, busy) is tried again after its Retry-After. */
async function login(url: string, user_name: string, password: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name, password }),
    });
    if (res.status !== 503 || attempt === 5) return res.status;
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
}

/** Until the process takes requests: /api/ready answers 503 with Retry-After while it sheds load. */
async function untilTakingRequests(url: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${url}/api/ready`);
    if (res.ok) return;
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
}

describe('npm start: first start, shutdown, restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // Two starts, each allowed 60 s by start().
  it('creates the admin once, shuts down on SIGTERM and keeps everything across a restart', async () => {
    const first = await start({ DATA_DIR: dataDir });
    const match = /Admin account created: admin@example\.com\s+Password \(shown once[^:]*\): (\S+)/.exec(
      first.output(),
    );
    expect(match, first.output()).not.toBeNull();
    const password = match![1]!;
    expect(await login(first.url, 'admin@example.com', password)).toBe(200);
    expect(await stop(first)).toBe(0);

    const second = await start({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('Admin account created');
    expect(await login(second.url, 'admin@example.com', password)).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
    expect(await stop(second)).toBe(0);
  }, 150_000);

  it('exits at the shutdown deadline when a request never ends', async () => {
    const running = await start({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_SECONDS: '2' });
    // Not while the process sheds load after its start: a 503 would end the request (and close its connection).
    await untilTakingRequests(running.url);
    // A body announced and never sent in full: the request stays in flight.
    const { port } = new URL(running.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user_name"',
    );
    socket.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const code = await stop(running);
    const took = Date.now() - started;
    socket.destroy();
    expect(code).toBe(1);
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(10_000);
    expect(running.output()).toContain('shutdown deadline passed');
  }, 90_000);

  it('refuses to start with a bad variable, naming it', async () => {
    const child = spawnServer({ PORT: 'eighty', DATA_DIR: dataDir });
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(err).toContain('PORT');
  });
});
