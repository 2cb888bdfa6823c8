/**
 * GET admin/progress at 100,000 users × 5 assignments (seed-users.ts, then
 * spread-progress.ts: 12 units, 8 ranks, every status, cohort due dates), on
 * PostgreSQL and on the embedded database, through the built server: one
 * request at a time (an administrator opening the page), BENCH_PROGRESS_RUNS
 * (default 100) after 10 not counted, for each filter a page asks with.
 * Targets: p95 ≤ 100 ms on PostgreSQL, ≤ 300 ms on PGlite.
 *
 *   BENCH_USERS=100000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_TARGETS=postgres,pglite
 *
 * Against a database already seeded (seed-only.ts, then spreadProgress), without seeding:
 *   BENCH_PROGRESS_SEEDED=postgres://…/db  or  BENCH_PROGRESS_SEEDED=/path/to/DATA_DIR
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { seed } from '../../apps/server/src/seed/seed.ts';
import { seedBenchUsers } from './seed-users.ts';
import { spreadProgress } from './spread-progress.ts';
import { login, startServer, stopServer } from './server.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_PROGRESS_RUNS ?? 100);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { user_name: 'bench-admin@example.com', password: 'Bench-Admin-1!' };

const QUERIES: [string, string][] = [
  ['everything', ''],
  ['one module', 'module=ready_airman_training'],
  ['one unit', 'unit=4th%20FW'],
  ['one unit and rank', 'unit=4th%20FW&rank=SrA'],
  [
    'one module, unit and rank, a year of weeks',
    'module=bench_m2&unit=92nd%20ARW&rank=TSgt&from=2025-11-01&to=2026-10-31',
  ],
];

// The users list filtered and sorted (features/admin-users/filtered-users.ts): target p99 ≤ 50 ms on PostgreSQL.
const USERS_QUERIES: [string, string][] = [
  ['unit', 'unit=4th%20FW'],
  ['unit and rank order', 'unit=4th%20FW&sort=rank'],
  ['module past due', 'module=bench_m2&assignment_status=past_due'],
  ['role, sorted by last sign-in', 'role=user&sort=last_login'],
  ['unit, module complete, page 2', 'unit=92nd%20ARW&module=ready_airman_training&assignment_status=complete'],
];

const lines: string[] = [];
const userLines: string[] = [];

async function prepare(database: Database): Promise<void> {
  await seed(database.db, {
    adminEmail: ADMIN.user_name,
    adminPassword: ADMIN.password,
    announce: () => undefined,
    log: { info: () => undefined } as never,
  });
  let t = Date.now();
  await seedBenchUsers(database, USERS, await hashPassword('Bench-User-1!'));
  console.error(`  seeded ${USERS} users × 5 assignments in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  await spreadProgress(database);
  console.error(`  spread over units, ranks and statuses in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measure(target: string, env: NodeJS.ProcessEnv): Promise<void> {
  const { url, child } = await startServer(env);
  try {
    const headers = { authorization: `Bearer ${await login(url, ADMIN.user_name, ADMIN.password)}` };
    for (const [name, query] of QUERIES) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS + 10; i++) {
        const t0 = performance.now();
        const res = await fetch(`${url}/api/admin/progress?${query}`, { headers });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${body}`);
        if (i >= 10) times.push(performance.now() - t0);
        bytes = body.length;
      }
      times.sort((a, b) => a - b);
      lines.push(
        `| ${target} | ${name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${(times.at(-1) ?? 0).toFixed(1)} | ${(bytes / 1024).toFixed(1)} KiB |`,
      );
    }
    for (const [name, query] of USERS_QUERIES) {
      let path = `/api/admin/users?${query}`;
      if (name.endsWith('page 2')) {
        const first = (await (await fetch(`${url}${path}`, { headers })).json()) as { cursor?: string };
        if (first.cursor) path += `&cursor=${encodeURIComponent(first.cursor)}`;
      }
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < RUNS + 10; i++) {
        const t0 = performance.now();
        const res = await fetch(`${url}${path}`, { headers });
        const body = (await res.json()) as { count: number };
        if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
        if (i >= 10) times.push(performance.now() - t0);
        count = body.count;
      }
      times.sort((a, b) => a - b);
      userLines.push(
        `| ${target} | ${name} | ${count} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${percentile(times, 99).toFixed(1)} |`,
      );
    }
  } finally {
    await stopServer(child);
  }
}

async function postgresTarget(): Promise<void> {
  const name = `bench_progress_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: u.toString() });
    await prepare(database);
    await database.close();
    await measure('PostgreSQL', {
      DATABASE_URL: u.toString(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')),
    });
  } finally {
    const dropper = new pg.Client({ connectionString: PG_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
  }
}

async function pgliteTarget(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  try {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await prepare(database);
    await database.close();
    await measure('PGlite (embedded)', { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.error(
  `Progress: ${USERS} users × 5 assignments, ${RUNS} requests one at a time after 10, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
);
const seeded = process.env.BENCH_PROGRESS_SEEDED;
if (seeded) {
  if (/^postgres(ql)?:/.test(seeded))
    await measure('PostgreSQL', { DATABASE_URL: seeded, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')) });
  else await measure('PGlite (embedded)', { DATA_DIR: seeded });
} else {
  const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');
  if (targets.includes('postgres')) await postgresTarget();
  if (targets.includes('pglite')) await pgliteTarget();
}
console.log('| database | GET /api/admin/progress | p50 ms | p95 ms | max ms | answer |');
console.log('|---|---|---|---|---|---|');
for (const line of lines) console.log(line);
console.log('\n| database | GET /api/admin/users filtered | count | p50 ms | p95 ms | p99 ms |');
console.log('|---|---|---|---|---|---|');
for (const line of userLines) console.log(line);
