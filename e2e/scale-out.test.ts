/**
 * Scale-out with real parts: two server processes (the built product) on one
 * PostgreSQL database behind Debian's nginx (installed by .ci/run). An
 * administrator signs in through nginx in the browser, plays a run, downloads
 * the module's report and logs out, while requests land on both processes;
 * mid-way one process is killed, and all the user sees is one call retried.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import { plan } from '@airman/engine/play.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { spawnTiedNode } from '../apps/server/test/tied-node.ts';
import { waitForHealth } from '../apps/server/test/wait-for-health.ts';
import { describeE2E, submitLogin } from './browser.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './constants.ts';
import { NGINX, nginxConfig } from '../scripts/nginx.ts';

const root = path.resolve(import.meta.dirname, '..');
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const ready = Boolean(NGINX && DATABASE_URL);
if (!ready) {
  const why = !NGINX ? 'no nginx (apt-get install -y nginx-light; .ci/run does it)' : 'no TEST_DATABASE_URL';
  if (process.env.E2E_REQUIRED) throw new Error(`the scale-out e2e test cannot run: ${why}`);
  console.warn(`\n  SKIPPED: the scale-out e2e test (${why})\n`);
}

describeE2E('two servers on one PostgreSQL behind nginx', (e2e) => {
  const dbName = `scale_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));
  const servers: { port: number; child: ChildProcess }[] = [];
  let nginx: ChildProcess | undefined;

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    nginx?.kill('SIGQUIT');
    if (ready) {
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!ready)(
    'signs in, plays a run, downloads the report and logs out across both, one killed mid-way',
    async () => {
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${dbName}"`);
      await admin.end();
      const dbUrl = new URL(DATABASE_URL as string);
      dbUrl.pathname = `/${dbName}`;

      const listen = await freePort();
      const base = `http://127.0.0.1:${listen}`;
      const jwtSecret = crypto.randomBytes(32).toString('hex');
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const child = spawnTiedNode([path.join(root, 'apps/server/dist/main.js')], {
          cwd: root,
          env: {
            PATH: process.env.PATH,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: path.join(dir, `server-${i}`),
            DATABASE_URL: dbUrl.toString(),
            // Shared by every process: a token one signed is accepted by the other.
            JWT_SECRET: jwtSecret,
            ADMIN_EMAIL: E2E_ADMIN_EMAIL,
            ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
            PUBLIC_URL: base,
            TRUST_PROXY: 'loopback',
            LOG_LEVEL: 'warn',
          },
        });
        let out = '';
        child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
        await waitForHealth(`http://127.0.0.1:${port}`, child, () => out);
        servers.push({ port, child });
      }
      const confFile = path.join(dir, 'nginx.conf');
      fs.writeFileSync(
        confFile,
        nginxConfig(
          dir,
          listen,
          servers.map((s) => s.port),
          { showUpstream: true },
        ),
      );
      const test = spawnSync(NGINX as string, ['-t', '-c', confFile, '-p', dir], { encoding: 'utf8' });
      expect(test.status, test.stderr).toBe(0);
      nginx = spawn(NGINX as string, ['-c', confFile, '-p', dir], { stdio: 'ignore' });
      await waitForHealth(base, nginx);

      // Every answer through nginx: which process gave it.
      const answeredBy = new Set<string>();
      const note = (upstream: string | null | undefined) =>
        upstream && answeredBy.add(upstream.split(',').pop()!.trim());
      let retried = 0;
      /** The API through nginx as a client would call it: a call that fails with 502 or 503 is tried once more. */
      const call = async <T>(token: string, method: string, url: string, body?: unknown): Promise<T> => {
        for (let attempt = 0; ; attempt++) {
          const res = await fetch(`${base}/api/${url}`, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? null : JSON.stringify(body),
          });
          note(res.headers.get('x-upstream'));
          if ((res.status === 502 || res.status === 503) && attempt === 0) {
            retried++;
            continue;
          }
          expect(res.status, `${method} ${url}: ${await res.clone().text()}`).toBe(200);
          return (await res.json()) as T;
        }
      };

      // Signs in through nginx in the browser.
      const { context, page } = await e2e.newPage();
      page.on('response', (r) => note(r.headers()['x-upstream']));
      await page.goto(`${base}/login`);
      await submitLogin(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      await page.waitForURL('**/admin');
      await page.getByRole('searchbox', { name: 'Search by player name' }).waitFor();

      // Plays a run of the seed module, assigned to themself, keeping progress after each day.
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_name: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD }),
      });
      note(login.headers.get('x-upstream'));
      const { auth } = (await login.json()) as { auth: string };
      const me = await call<{ id: string }>(auth, 'GET', 'session');
      await call(auth, 'POST', `admin/users/${me.id}/assign`, { module: 'ready_airman_training' });
      const run = await call<{ run_id: string; seed: number }>(auth, 'POST', 'game/runs', {
        module: 'ready_airman_training',
      });
      const started = Date.now();
      const line = plan(readyAirmanModule, run.seed).line as GameCommand[];
      const log: GameCommand[] = [];
      let days = 0;
      for (const command of line) {
        log.push(command);
        if (!('end_day' in command)) continue;
        await call(auth, 'POST', `game/runs/${run.run_id}/progress`, { log });
        days++;
        if (days === 3) {
          // Both processes have answered by now; then one dies without warning.
          expect(answeredBy.size).toBe(2);
          servers[0]?.child.kill('SIGKILL');
          await new Promise((resolve) => servers[0]?.child.once('exit', resolve));
        }
      }
      expect(days).toBeGreaterThan(3);
      // A run cannot be finished faster than its moves can be played (MIN_MS_PER_MOVE).
      const moves = log.filter((c) => !('end_day' in c)).length;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, moves * 50 + 100 - (Date.now() - started))));
      // The assignment's first run, completed: it carries both questionnaire sets, complete.
      const questionnaire = await call<{ items: { id: string }[] }>(auth, 'GET', 'modules/questionnaire');
      const agree = Object.fromEntries(questionnaire.items.map((i) => [i.id, 4]));
      const finished = await call<{ outcome: string }>(auth, 'POST', `game/runs/${run.run_id}/finish`, {
        log,
        answers: { before: agree, after: agree },
      });
      expect(finished.outcome).toBe('complete');

      // Downloads the report.
      const { token } = await call<{ token: string }>(auth, 'POST', 'admin/reports/token', {
        module: 'ready_airman_training',
      });
      const report = await fetch(`${base}/api/admin/users?csv=1&module=ready_airman_training&token=${token}`);
      note(report.headers.get('x-upstream'));
      expect(report.status).toBe(200);
      const row = (await report.text()).split('\r\n').find((l) => l.includes(E2E_ADMIN_EMAIL));
      expect(row).toContain(',Complete,');

      // Logs out in the browser, served by the process left.
      await page.getByRole('button', { name: 'Log Out' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await context.close();

      expect([...answeredBy].sort()).toEqual(servers.map((s) => `127.0.0.1:${s.port}`).sort());
      // At most the one call in flight when the process died was tried again.
      expect(retried).toBeLessThanOrEqual(1);
    },
    180_000,
  );
});
