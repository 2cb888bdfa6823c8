/**
 * `npm run bench`: seeds 100,000 users (5 assignments each) on PostgreSQL and
 * on the embedded database, measures the SQL each route runs on its own (the
 * floor, floor.ts), starts the built server on each and measures the routes
 * with autocannon (-c 50) on loopback, sign-ins at a steady 50/s
 * (login-load.ts) and the CSV report. Prints a Markdown report; the figures go
 * into docs/benchmarks.md with the machine and date.
 *
 *   BENCH_USERS=100000 BENCH_DURATION=10 BENCH_WARMUP=2 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_TARGETS=postgres,pglite (either alone to measure one database)
 *   BENCH_PAIRS=5 (PostgreSQL: rounds of the users page and the bare page in turn, for their ratio; 0: none)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { NAME_ORDER_SQL } from '../../apps/server/src/db/schema.ts';
import { FIRST_NAMES, LAST_NAMES, seedBenchUsers, seedQuietly } from './seed-users.ts';
import { benchPgDatabase } from './bench-store.ts';
import { matchesSearch } from '../../apps/server/src/features/admin-users/list-users.ts';
import { matchesStatement } from '../../apps/server/src/features/admin-users/search-matches.ts';
import { floorCases, pgbenchFloor, pgliteFloor, type FloorCase } from './floor.ts';
import { loginLoad } from './login-load.ts';
import { downloadReport, login, startServer, stopServer } from './server.ts';
import { formatCpuSplit, startCpuSplit, type CpuSplit } from './cpu-split.ts';
import type { LoadOptions, LoadResult } from './load.ts';
import type { InviteResponse } from '@airman/contracts/api.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of the same load before each measured one, not counted: figures of a warm server (compiled code, kept matches), as in service. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ADMIN = { user_name: 'bench-admin@example.com', password: 'Bench-Admin-1!' };
const PASSWORD = 'Bench-User-1!';

interface Row {
  target: string;
  route: string;
  rps: number | string;
  p50: number | string;
  p99: number | string;
  /** CPU time a request by side (cpu-split.ts), when measured. */
  cpu?: string;
  note: string;
}
const rows: Row[] = [];
/** SQL-alone requests per second, by target and route. */
const floors = new Map<string, number>();

async function prepare(database: Database): Promise<FloorCase[]> {
  await seedQuietly(database, ADMIN.user_name, ADMIN.password);
  const t = Date.now();
  await seedBenchUsers(database, USERS, await hashPassword(PASSWORD));
  console.error(`  seeded ${USERS} users in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  const [admin] = await database.query<{ id: string; tv: number }>(
    'SELECT id, token_version AS tv FROM users WHERE user_name = $1',
    [ADMIN.user_name],
  );
  // The last user of page 999 (fewer pages in a small run): page 1,000 starts after it.
  const [deep] = await database.query<{ key: string; id: string }>(
    `SELECT ${NAME_ORDER_SQL} AS key, id FROM users ORDER BY ${NAME_ORDER_SQL}, id OFFSET $1 LIMIT 1`,
    [Math.max(0, Math.min(999 * 50, USERS) - 1)],
  );
  if (!admin || !deep) throw new Error('seeding failed');
  const smi = await database.query<{ id: string }>(
    "SELECT id FROM user_search WHERE haystack LIKE '%smi%' ORDER BY sort_key, id LIMIT 50",
  );
  // The matches statement exactly as the route builds it, for one of the names searched in turn.
  const matches = matchesStatement(database.db, matchesSearch('smith')).toSQL();
  return floorCases(database.kind, admin, deep.key, deep.id, { pageIds: smi.map((r) => r.id), matches });
}

/** The options of one load: as load.ts takes them, less what every round shares. */
type Load = Omit<LoadOptions, 'connections' | 'duration' | 'warmup'> & { connections?: number };

/**
 * One measured round against the server process `serverPid`, after its
 * warm-up, by a load generator in a process of its own (load.ts says why).
 */
async function runLoad(serverPid: number, load: Load): Promise<{ result: LoadResult; split: CpuSplit | undefined }> {
  const child = fork(path.join(import.meta.dirname, 'load.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    return await new Promise<{ result: LoadResult; split: CpuSplit | undefined }>((resolve, reject) => {
      let endSplit: ReturnType<typeof startCpuSplit>;
      child.on('message', (message: 'measuring' | LoadResult) => {
        if (message === 'measuring') endSplit = startCpuSplit(serverPid, child.pid as number);
        else resolve({ result: message, split: endSplit?.(message.requests) });
      });
      child.once('exit', (code) => reject(new Error(`load.ts exited (${code}) before its result`)));
      child.send({ connections: 50, duration: DURATION, warmup: WARMUP, ...load } satisfies LoadOptions);
    });
  } finally {
    if (child.connected) child.disconnect();
    await exited;
  }
}

/** A measured round, as a row of the report. */
async function cannon(target: string, serverPid: number, route: string, load: Load, note = ''): Promise<void> {
  const { result, split } = await runLoad(serverPid, load);
  rows.push({
    target,
    route,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    cpu: formatCpuSplit(split, target === 'PostgreSQL'),
    note: `${note}${result.errors ? ` ${result.errors} errors/non-2xx` : ''}`.trim(),
  });
}

async function measureTarget(target: string, env: NodeJS.ProcessEnv): Promise<void> {
  const { url, child } = await startServer(env);
  const measure = (route: string, load: Load, note?: string) => cannon(target, child.pid as number, route, load, note);
  try {
    const token = await login(url, ADMIN.user_name, ADMIN.password);
    const auth = { authorization: `Bearer ${token}` };
    await measure('GET /api/session', { url: `${url}/api/session`, headers: auth });

    const first = await fetch(`${url}/api/admin/users`, { headers: auth });
    if (first.status === 200) {
      await measure('GET /api/admin/users (first page)', { url: `${url}/api/admin/users`, headers: auth });
      await measure('GET /api/admin/users?search=smi', { url: `${url}/api/admin/users?search=smi`, headers: auth });
      await measure(
        'GET /api/admin/users?search=smi, one connection',
        { url: `${url}/api/admin/users?search=smi`, headers: auth, connections: 1 },
        'latency alone',
      );
      // 36 names of ~5,000 matches each: more than the 100,000 matches a server keeps, so
      // every request reads its term's matches again (features/admin-users/search-matches.ts). Not on the
      // embedded database, which keeps whole pages until users change (36 pages fit).
      const names = [...LAST_NAMES, ...FIRST_NAMES];
      if (target === 'PostgreSQL')
        await measure(
          'GET /api/admin/users?search=…, a term whose matches are not kept',
          {
            url: `${url}/api/admin/users`,
            headers: auth,
            paths: names.map((name) => `/api/admin/users?search=${name}`),
          },
          '36 names in turn, ~5,000 matches each',
        );
      // Walk 1,000 pages down the cursor chain, keeping every cursor.
      const cursors: string[] = [];
      let cursor: string | undefined = ((await first.json()) as { cursor?: string }).cursor;
      while (cursor && cursors.length < 999) {
        cursors.push(cursor);
        const res = await fetch(`${url}/api/admin/users?cursor=${encodeURIComponent(cursor)}`, { headers: auth });
        cursor = ((await res.json()) as { cursor?: string }).cursor;
      }
      const deep = cursors.at(-1);
      if (deep) {
        await measure('GET /api/admin/users (page 1,000)', {
          url: `${url}/api/admin/users?cursor=${encodeURIComponent(deep)}`,
          headers: auth,
        });
      }
      // Every request a different page, in turn: nothing is answered from memory twice in a row.
      await measure(
        'GET /api/admin/users, 1,000 pages in turn',
        {
          url: `${url}/api/admin/users`,
          headers: auth,
          paths: cursors.map((c) => `/api/admin/users?cursor=${encodeURIComponent(c)}`),
        },
        'no page twice within 999 requests',
      );
      await measureCsv(target, url, auth, child.pid as number);
    } else {
      rows.push({
        target,
        route: 'GET /api/admin/users',
        rps: '—',
        p50: '—',
        p99: '—',
        note: `not available (${first.status})`,
      });
    }

    // Sign-ins at a steady 50/s over many accounts, as in life (one account with
    // ten sign-ins in flight is throttled).
    const load = await loginLoad(url, 50, DURATION, (i) => ({
      user_name: `user${i % Math.min(USERS, 1000)}@bench.example.com`,
      password: PASSWORD,
    }));
    rows.push({
      target,
      route: 'POST /api/login, 50/s steady',
      rps: `${load.ok}/${load.sent} ok`,
      p50: load.p50.toFixed(0),
      p99: load.p99.toFixed(0),
      note: `p95 ${load.p95.toFixed(0)} ms; /api/health meanwhile p99 ${load.probeP99.toFixed(1)} ms, max ${load.probeMax.toFixed(1)} ms${load.probeFailures ? `, ${load.probeFailures} unanswered` : ''}`,
    });
    await measureInvite(target, url, auth, env.DATA_DIR);
  } finally {
    await stopServer(child);
  }
}

/**
 * A squadron's invite: 1,000 new addresses in one request, the most one takes,
 * each a pending user with the module and an e-mail queued in the database; then
 * the time until the queue has written every e-mail (to DATA_DIR/outbox: no SMTP_URL).
 */
async function measureInvite(
  target: string,
  url: string,
  auth: Record<string, string>,
  dataDir: string | undefined,
): Promise<void> {
  const emails = Array.from({ length: 1000 }, (_, i) => `invitee${i}@bench.example.com`);
  const outbox = dataDir ? path.join(dataDir, 'outbox') : undefined;
  const written = () => (outbox && fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0);
  const before = written();
  const t0 = performance.now();
  const res = await fetch(`${url}/api/admin/invite`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ emails, module: 'ready_airman_training' }),
  });
  const invited = res.ok ? ((await res.json()) as InviteResponse).invited.length : 0;
  const answered = performance.now() - t0;
  while (written() - before < invited && performance.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 50));
  const sent = written() - before;
  rows.push({
    target,
    route: 'PUT /api/admin/invite, 1,000 new addresses',
    rps: '—',
    p50: `answered ${answered.toFixed(0)} ms`,
    p99: sent >= invited ? `all e-mails written ${(performance.now() - t0).toFixed(0)} ms` : `${sent} e-mails in 60 s`,
    note: `${invited} invited (HTTP ${res.status})`,
  });
}

async function measureCsv(target: string, url: string, auth: Record<string, string>, pid: number): Promise<void> {
  const r = await downloadReport(url, auth, 'ready_airman_training', pid);
  if (typeof r === 'string') {
    rows.push({ target, route: 'CSV report', rps: '—', p50: '—', p99: '—', note: `not available: ${r}` });
    return;
  }
  rows.push({
    target,
    route: `CSV report (${r.rows} rows, ${(r.bytes / 1e6).toFixed(1)} MB)`,
    rps: '—',
    p50: `first byte ${r.firstByteMs.toFixed(0)} ms`,
    p99: `all ${r.totalMs.toFixed(0)} ms`,
    note: `server RSS +${(r.rssGrowthKiB / 1024).toFixed(1)} MiB`,
  });
}

/** The yardstick's server (bare.ts) on `databaseUrl`. */
function startBare(databaseUrl: string) {
  return startServer({ DATABASE_URL: databaseUrl }, ['--import', 'tsx', path.join(import.meta.dirname, 'bare.ts')]);
}

/** The yardstick, on the same database in the same run: bare.ts. */
async function measureBare(databaseUrl: string): Promise<void> {
  const { url, child } = await startBare(databaseUrl);
  const pid = child.pid as number;
  try {
    await cannon('PostgreSQL', pid, 'bare Fastify + pg page of 50, 8 columns (no authentication)', {
      url: `${url}/columns`,
    });
    await cannon('PostgreSQL', pid, 'bare Fastify + pg page of 50, stored JSON (no authentication)', {
      url: `${url}/json`,
    });
  } finally {
    await stopServer(child);
  }
}

/** Rounds of the users page and of the bare page in turn (BENCH_PAIRS of each). */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
/** Each pair's users page ÷ bare page, in the order measured. */
const pairRatios: { users: number; bare: number }[] = [];

/**
 * The users page against the bare page in alternating rounds, both servers up throughout, so that
 * what else the machine does weighs on both alike: measured minutes apart, the two rounds above
 * can differ by more than the target's margin on a quiet machine.
 */
async function measurePairs(databaseUrl: string): Promise<void> {
  const product = await startServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pairs-')),
  });
  const bare = await startBare(databaseUrl);
  try {
    const token = await login(product.url, ADMIN.user_name, ADMIN.password);
    for (let i = 0; i < PAIRS; i++) {
      const users = await runLoad(product.child.pid as number, {
        url: `${product.url}/api/admin/users`,
        headers: { authorization: `Bearer ${token}` },
      });
      const yardstick = await runLoad(bare.child.pid as number, { url: `${bare.url}/json` });
      pairRatios.push({ users: users.result.rps, bare: yardstick.result.rps });
    }
  } finally {
    await stopServer(product.child);
    await stopServer(bare.child);
  }
}

async function postgresTarget(): Promise<void> {
  const pgDatabase = await benchPgDatabase(`bench_${Date.now()}`);
  try {
    const database = await openDatabase({ url: pgDatabase.url });
    const cases = await prepare(database);
    await database.close();
    for (const c of cases) {
      const tps = pgbenchFloor(pgDatabase.url, c, DURATION);
      if (tps !== undefined) floors.set(`PostgreSQL|${c.route}`, tps);
    }
    await measureTarget('PostgreSQL', {
      DATABASE_URL: pgDatabase.url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')),
    });
    await measureBare(pgDatabase.url);
    if (PAIRS > 0) await measurePairs(pgDatabase.url);
  } finally {
    await pgDatabase.drop();
  }
}

async function pgliteTarget(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  try {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    const cases = await prepare(database);
    for (const c of cases)
      floors.set(`PGlite (embedded)|${c.route}`, await pgliteFloor(database, c, Math.min(DURATION, 5)));
    await database.close();
    await measureTarget('PGlite (embedded)', { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.error(
  `Benchmark: ${USERS} users × 5 assignments, autocannon -c 50 -d ${DURATION} after ${WARMUP} s of warm-up, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
);
const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');
if (targets.includes('postgres')) {
  console.error('PostgreSQL…');
  await postgresTarget();
}
if (targets.includes('pglite')) {
  console.error('PGlite…');
  await pgliteTarget();
}
console.log(
  '| database | route | req/s | p50 ms | p99 ms | SQL alone, req/s | route ÷ SQL | CPU µs a request | note |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const floor = floors.get(`${r.target}|${r.route}`);
  const ratio = floor && typeof r.rps === 'number' ? (r.rps / floor).toFixed(2) : '';
  console.log(
    `| ${r.target} | ${r.route} | ${r.rps} | ${r.p50} | ${r.p99} | ${floor ? Math.round(floor) : ''} | ${ratio} | ${r.cpu ?? ''} | ${r.note} |`,
  );
}
// The yardstick: the users page against the bare page with the same answer, in this run.
const page = rows.find((r) => r.target === 'PostgreSQL' && r.route === 'GET /api/admin/users (first page)');
const bare = rows.find(
  (r) => r.target === 'PostgreSQL' && r.route.startsWith('bare Fastify + pg page of 50, stored JSON'),
);
if (page && bare && typeof page.rps === 'number' && typeof bare.rps === 'number') {
  console.log(
    `\nPostgreSQL users page ÷ bare page with the same answer: ${(page.rps / bare.rps).toFixed(2)} (${page.rps} / ${bare.rps} req/s)`,
  );
}
if (pairRatios.length > 0) {
  const ratios = pairRatios.map((p) => p.users / p.bare);
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? 0;
  console.log(
    `PostgreSQL users page ÷ bare page, ${ratios.length} rounds of each in turn: median ${median.toFixed(2)} (` +
      pairRatios.map((p, i) => `${p.users} / ${p.bare} = ${(ratios[i] ?? 0).toFixed(2)}`).join('; ') +
      ')',
  );
}
