/**
 * GET admin/progress at 100,000 users × 5 assignments (seed-progress.ts: 12
 * units, 8 ranks, every status, cohort due dates, completions over 26 weeks,
 * questionnaire answers), on PostgreSQL and on the embedded database, through
 * the built server: one request at a time (an administrator opening the page),
 * BENCH_PROGRESS_RUNS (default 100) after 10 not counted, for each filter a
 * page asks with; then the filtered users list. Then a burst of
 * BENCH_PROGRESS_BURST (default 20,000) assignment updates as the application
 * writes them (progress-burst.ts), the progress tables' sizes before and
 * after it, and the progress page measured again.
 * Targets: p95 ≤ 100 ms on PostgreSQL, ≤ 300 ms on PGlite.
 *
 *   BENCH_USERS=100000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_TARGETS=postgres,pglite
 *
 * The seeded embedded database is kept under BENCH_CACHE_DIR (default
 * node_modules/.cache/airman-bench), keyed by the migrations, the seed's code,
 * PGlite's version, the number of users and the day (the statuses are relative
 * to it): a second run that day starts from a copy of it.
 *
 * Against a database already seeded (seedProgress), without seeding nor the burst:
 *   BENCH_PROGRESS_SEEDED=postgres://…/db  or  BENCH_PROGRESS_SEEDED=/path/to/DATA_DIR
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vacuumTables } from '../../apps/server/src/db/embedded-maintenance.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { seedProgress } from './seed-progress.ts';
import { burstOfUpdates, progressTableSizes } from './progress-burst.ts';
import { login, startServer, stopServer } from './server.ts';
import { seedQuietly } from './seed-users.ts';
import { benchPgDatabase } from './bench-store.ts';

const root = path.resolve(import.meta.dirname, '../..');
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_PROGRESS_RUNS ?? 100);
const BURST = Number(process.env.BENCH_PROGRESS_BURST ?? 20_000);
const CACHE_DIR = process.env.BENCH_CACHE_DIR ?? path.join(root, 'node_modules/.cache/airman-bench');
const ADMIN = { user_name: 'bench-admin@example.com', password: 'Bench-Admin-1!' };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const QUERIES: [string, string][] = [
  ['everything', ''],
  ['one module', 'module=ready_airman_training'],
  ['one unit', 'unit=4th%20FW'],
  ['one unit and rank', 'unit=4th%20FW&rank=SrA'],
  [
    'one module, unit and rank, a year of weeks',
    `module=bench_m2&unit=92nd%20ARW&rank=TSgt&from=${day(Date.now() - 364 * 86_400_000)}&to=${day(Date.now())}`,
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
const sizeLines: string[] = [];
const load = () => os.loadavg()[0]?.toFixed(1) ?? '';

async function prepare(database: Database): Promise<void> {
  await seedQuietly(database, ADMIN.user_name, ADMIN.password);
  const t = Date.now();
  await seedProgress(database, { count: USERS, passwordHash: await hashPassword('Bench-User-1!'), now: Date.now() });
  console.error(
    `  seeded ${USERS} users × 5 assignments in ${((Date.now() - t) / 1000).toFixed(1)} s (load average ${load()})`,
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Signs in once the server has settled: while its start still holds the event loop, it answers 503 (load shedding). */
async function settledLogin(url: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    const token = await login(url, ADMIN.user_name, ADMIN.password);
    if (token) return token;
    if (tries === 60) throw new Error('no sign-in after 60 s');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

interface Timed {
  /** Milliseconds of each request counted (after 10 not counted), in order. */
  times: number[];
  /** The last answer. */
  body: string;
  /** Answers of load shedding (503: the event loop was held longer than a second), each asked again a second later. */
  shed: number;
}

/** `RUNS` requests of a path, one at a time, after 10 not counted. */
async function timed(url: string, path: string, headers: Record<string, string>): Promise<Timed> {
  const result: Timed = { times: [], body: '', shed: 0 };
  for (let i = 0; i < RUNS + 10;) {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, { headers });
    const body = await res.text();
    if (res.status === 503) {
      result.shed++;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body}`);
    if (i >= 10) result.times.push(performance.now() - t0);
    result.body = body;
    i++;
  }
  result.times.sort((a, b) => a - b);
  return result;
}

const percentiles = (sorted: number[]) => [50, 95, 99].map((p) => percentile(sorted, p).toFixed(1)).join(' | ');

/**
 * Times each progress query and each users list query; after the burst, the unfiltered progress page
 * alone (before the embedded database's own maintenance, a minute after the server's start, vacuums).
 * The server plans no reminders nor digests (startServer).
 */
async function measure(target: string, env: NodeJS.ProcessEnv, all: boolean): Promise<void> {
  const { url, child } = await startServer(env);
  try {
    const headers = { authorization: `Bearer ${await settledLogin(url)}` };
    for (const [name, query] of all ? QUERIES : QUERIES.slice(0, 1)) {
      const { times, body, shed } = await timed(url, `/api/admin/progress?${query}`, headers);
      lines.push(
        `| ${target} | ${name} | ${percentiles(times)} | ${(times.at(-1) ?? 0).toFixed(1)} | ${(body.length / 1024).toFixed(1)} KiB | ${shed} | ${load()} |`,
      );
      console.error(lines.at(-1));
    }
    if (!all) return;
    for (const [name, query] of USERS_QUERIES) {
      let path = `/api/admin/users?${query}`;
      if (name.endsWith('page 2')) {
        const first = (await (await fetch(`${url}${path}`, { headers })).json()) as { cursor?: string };
        if (first.cursor) path += `&cursor=${encodeURIComponent(first.cursor)}`;
      }
      const { times, body, shed } = await timed(url, path, headers);
      const { count } = JSON.parse(body) as { count: number };
      userLines.push(`| ${target} | ${name} | ${count} | ${percentiles(times)} | ${shed} | ${load()} |`);
    }
  } finally {
    await stopServer(child);
  }
}

/** The burst of updates (progress-burst.ts), with the progress tables' sizes before and after it and what it wrote to them. */
async function burst(target: string, database: Database, concurrency: number): Promise<void> {
  const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KiB`;
  const n = (x: number) => x.toLocaleString('en-US');
  const before = await progressTableSizes(database);
  for (const size of before)
    sizeLines.push(
      `| ${target} | seeded | ${size.table} | ${n(size.rows)} | ${kib(size.heap)} | ${kib(size.total)} | |`,
    );
  const ms = await burstOfUpdates(database, BURST, concurrency);
  console.error(`  ${BURST} updates in ${(ms / 1000).toFixed(1)} s, ${concurrency} at a time (load average ${load()})`);
  // PostgreSQL reports a session's statistics within a second of its transactions.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const size of await progressTableSizes(database)) {
    const was = before.find((b) => b.table === size.table);
    const written = size.written - (was?.written ?? 0);
    const hot = size.hot - (was?.hot ?? 0);
    sizeLines.push(
      `| ${target} | after ${n(BURST)} updates (${(ms / 1000).toFixed(1)} s) | ${size.table} | ${n(size.rows)} | ${kib(size.heap)} | ${kib(size.total)} | ${n(written)} (${n(hot)}) |`,
    );
  }
}

async function postgresTarget(): Promise<void> {
  const pgDatabase = await benchPgDatabase(`bench_progress_${Date.now()}`);
  const env = { DATABASE_URL: pgDatabase.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')) };
  try {
    let database = await openDatabase({ url: pgDatabase.url });
    await prepare(database);
    await database.close();
    await measure('PostgreSQL', env, true);
    if (BURST > 0) {
      database = await openDatabase({ url: pgDatabase.url });
      await burst('PostgreSQL', database, 4);
      await database.close();
      await measure(`PostgreSQL, after ${BURST.toLocaleString('en-US')} updates`, env, false);
    }
  } finally {
    await pgDatabase.drop();
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}

/** What the seeded embedded database depends on: the schema, the seed and PGlite's own format. */
function seedKey(): string {
  const hash = crypto.createHash('sha256');
  const files = (dir: string, test: (file: string) => boolean) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter(test)
      .sort()
      .map((file) => path.join(root, dir, file));
  for (const file of [
    ...files('apps/server/drizzle', (f) => f.endsWith('.sql') || f.endsWith('_journal.json')),
    ...files('apps/server/sql', (f) => f.endsWith('.sql')),
    ...files('apps/server/src/seed', (f) => f.endsWith('.ts') && !f.includes('.test.')),
    path.join(root, 'apps/server/src/db/embedded-maintenance.ts'),
    path.join(root, 'scripts/bench/seed-progress.ts'),
    path.join(root, 'scripts/bench/seed-users.ts'),
    path.join(root, 'node_modules/@electric-sql/pglite/package.json'),
  ]) {
    hash.update(file).update(fs.readFileSync(file));
  }
  hash.update(`${USERS} ${day(Date.now())}`);
  return hash.digest('hex').slice(0, 16);
}

/** A DATA_DIR with the seeded embedded database: a copy of the one kept, seeded (and kept) first if there is none. */
async function seededPglite(): Promise<string> {
  const kept = path.join(CACHE_DIR, `progress-${seedKey()}`);
  if (!fs.existsSync(kept)) {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    // One kept database at a time: at 100,000 users it takes about 2 GB.
    for (const old of fs.readdirSync(CACHE_DIR).filter((f) => f.startsWith('progress-')))
      fs.rmSync(path.join(CACHE_DIR, old), { recursive: true, force: true });
    const partial = `${kept}.partial`;
    const database = await openDatabase({ dataDir: path.join(partial, 'db') });
    await prepare(database);
    await database.close();
    // The embedded server's own maintenance, as a server in service would have run it: without it the
    // first run, a minute after the server's start, analyzes every table while the requests are timed.
    const client = await PGlite.create(path.join(partial, 'db'), { extensions: { pg_trgm } });
    await vacuumTables(client, 0);
    await client.close();
    fs.renameSync(partial, kept);
  } else {
    console.error(`  the seeded database kept in ${kept}`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  fs.cpSync(kept, dataDir, { recursive: true });
  return dataDir;
}

async function pgliteTarget(): Promise<void> {
  const dataDir = await seededPglite();
  try {
    await measure('PGlite (embedded)', { DATA_DIR: dataDir }, true);
    if (BURST > 0) {
      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      await burst('PGlite (embedded)', database, 1);
      await database.close();
      await measure(`PGlite (embedded), after ${BURST.toLocaleString('en-US')} updates`, { DATA_DIR: dataDir }, false);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.error(
  `Progress: ${USERS} users × 5 assignments, ${RUNS} requests one at a time after 10, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
);
const seeded = process.env.BENCH_PROGRESS_SEEDED;
if (seeded) {
  if (/^postgres(ql)?:/.test(seeded)) {
    // The server's files (its signing secret, the mail outbox) in a directory of its own, removed after.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    try {
      await measure('PostgreSQL', { DATABASE_URL: seeded, DATA_DIR: dataDir }, true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } else await measure('PGlite (embedded)', { DATA_DIR: seeded }, true);
} else {
  const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');
  if (targets.includes('postgres')) await postgresTarget();
  if (targets.includes('pglite')) await pgliteTarget();
}
console.log(
  '| database | GET /api/admin/progress | p50 ms | p95 ms | p99 ms | max ms | answer | 503 (shed) | load average |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const line of lines) console.log(line);
console.log(
  '\n| database | GET /api/admin/users filtered | count | p50 ms | p95 ms | p99 ms | 503 (shed) | load average |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const line of userLines) console.log(line);
if (sizeLines.length) {
  console.log('\n| database | when | table | rows | table pages | with indexes | rows written (on their page) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const line of sizeLines) console.log(line);
}
