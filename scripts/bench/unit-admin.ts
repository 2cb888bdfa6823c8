/**
 * A unit administrator's pages against a full administrator's, on the same data: 100,000 users in
 * 1,000 units three levels deep (10 wings of 10 groups of 10 squadrons, a user in each squadron's
 * tree by a hash of its number, about 100 a squadron), most of them invitees who have not signed
 * up yet (pending, their assignments not started, some past due), each with ready_airman_training
 * and on average 1.3 more modules, in every status (seed-progress.ts's statuses and dates).
 *
 * Three unit administrators: of a wing (about 10% of the users), of one of its groups (1%) and of
 * one of that group's squadrons (0.1%). Each of their pages is timed against the same page of the
 * full administrator, request by request in turn through the built server (one request at a time,
 * BENCH_UNIT_RUNS of each after 10 not counted), so the two share whatever else the machine does:
 * the users page (first page, a search, a unit filter: the unit one level under the scope) and the
 * progress page. It prints the medians and p95s and their ratios unit ÷ full, and exits non-zero
 * when a page's median ratio is above 1.5 (the target: "within 1.5× of a full admin's").
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_USERS=100000 BENCH_UNIT_RUNS=200
 *   BENCH_TARGETS=postgres,pglite (default postgres)
 *   BENCH_UNIT_SEEDED=postgres://…/db (a database this bench seeded and kept: BENCH_UNIT_KEEP=1)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { ASSIGNMENT_COLUMNS, BENCH_MODULES_CTE, KIND, USER_COLUMNS, named, seedValues } from './seed-progress.ts';
import { BENCH_MODULES, benchModules, seedQuietly } from './seed-users.ts';
import { login, startServer, stopServer } from './server.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_UNIT_RUNS ?? 200);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_UNIT_KEEP === '1';
const MAX_RATIO = 1.5;
const PASSWORD = 'Bench-Admin-1!';
const FULL_ADMIN = 'bench-admin@example.com';

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
const wing = (w: number) => `${ordinal(w)} Wing`;
const group = (w: number, g: number) => `${wing(w)}/${ordinal(w * 10 + g)} Group`;
const squadron = (w: number, g: number, s: number) => `${group(w, g)}/${ordinal((w * 10 + g) * 10 + s)} Squadron`;

/** The 1,000 squadrons (10 wings 1–10, their groups 0–9, their squadrons 0–9): every user is in one. */
export const SQUADRONS = Array.from({ length: 1000 }, (_, i) =>
  squadron(1 + Math.floor(i / 100), Math.floor(i / 10) % 10, i % 10),
);

/** The unit administrators: the scope each administers, and the unit its unit filter asks for (one level under). */
const UNIT_ADMINS = [
  { name: 'wing', email: 'wing-admin@example.com', scope: wing(3), filter: group(3, 4) },
  { name: 'group', email: 'group-admin@example.com', scope: group(3, 4), filter: squadron(3, 4, 5) },
  { name: 'squadron', email: 'squadron-admin@example.com', scope: squadron(3, 4, 5), filter: squadron(3, 4, 5) },
];

const SEARCH = 'smi';

/** Pending: about 60% of the users, invited and not signed up yet. */
const PENDING = `(hashtext(g || 'p')::bigint & 2147483647) % 100 < 60`;

/**
 * The users and their assignments, a batch of 20,000 users a statement, written once in their final
 * state through the schema's triggers (as seed-progress.ts does); then VACUUM (ANALYZE).
 */
export async function seedUnits(database: Database, count: number, passwordHash: string, now: number): Promise<void> {
  await benchModules(database, now);
  const users = `INSERT INTO users (${Object.keys(USER_COLUMNS).join(', ')}, password_hash, role, active_at, pending, invite_code, last_invite_at)
    SELECT ${Object.entries(USER_COLUMNS)
      .map(([column, value]) => (column === 'last_login_at' ? `CASE WHEN ${PENDING} THEN 0 ELSE ${value} END` : value))
      .join(', ')},
      CASE WHEN ${PENDING} THEN NULL ELSE :password::text END, 'user',
      CASE WHEN ${PENDING} THEN 0 ELSE ${USER_COLUMNS.created_at} END, ${PENDING},
      CASE WHEN ${PENDING} THEN 'invite-' || :prefix::text || g END, CASE WHEN ${PENDING} THEN :now::bigint - ${7 * 86_400_000} ELSE 0 END
    FROM generate_series(:first::int, :last::int) AS g`;
  // Everyone has ready_airman_training, two users in three each other module; an invitee's are not started.
  const assignments = `WITH ${BENCH_MODULES_CTE}
    INSERT INTO assignments (user_id, module_id, ${Object.keys(ASSIGNMENT_COLUMNS).join(', ')})
    SELECT ${USER_COLUMNS.id}, m.id, ${Object.values(ASSIGNMENT_COLUMNS).join(', ')}
    FROM m
      CROSS JOIN generate_series(:first::int, :last::int) AS g
      CROSS JOIN LATERAL (SELECT (hashtext(g || ':' || m.id)::bigint & 2147483647) % 100 AS h,
                                 (hashtext(m.id || ':' || g)::bigint & 2147483647) AS h2) s
      CROSS JOIN LATERAL (SELECT CASE WHEN ${PENDING} THEN 'n' ELSE ${KIND} END AS kind) k
    WHERE m.ord = 1 OR s.h2 % 3 <> 0
    ORDER BY g, m.ord`;
  const batch = 20_000;
  for (let first = 0; first < count; first += batch) {
    const values = {
      ...seedValues({ count, passwordHash, now, units: SQUADRONS }),
      modules: BENCH_MODULES.slice(0, 3),
      password: passwordHash,
      first,
      last: Math.min(count, first + batch) - 1,
    };
    for (const statement of [users, assignments]) {
      const { text, params } = named(statement, values);
      await database.query(text, params);
    }
  }
  for (const admin of UNIT_ADMINS) {
    await database.query(
      `INSERT INTO users (id, user_name, password_hash, first_name, last_name, unit, role, active_at, created_at)
       VALUES ($1, $2, $3, 'Unit', 'Admin', $4, 'unit_admin', $5, $5)`,
      [`admin-${admin.name}`, admin.email, passwordHash, admin.scope, now],
    );
    await database.query('INSERT INTO admin_units (user_id, unit) VALUES ($1, $2)', [
      `admin-${admin.name}`,
      admin.scope,
    ]);
  }
  await database.query('VACUUM (ANALYZE)');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Signs in once the server has settled (while its start holds the event loop it sheds load: 503). */
async function settledLogin(url: string, email: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    const token = await login(url, email, PASSWORD);
    if (token) return token;
    if (tries === 60) throw new Error(`${email}: no sign-in after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** One request's milliseconds; its answer's count of users (the users page) or of overdue rows (progress). */
async function once(url: string, path: string, token: string): Promise<{ ms: number; body: string }> {
  for (;;) {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (res.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body}`);
    return { ms, body };
  }
}

interface Row {
  admin: string;
  page: string;
  full: { p50: number; p95: number; count: number };
  unit: { p50: number; p95: number; count: number };
  load: string;
}

const countOf = (page: string, body: string) => {
  const json = JSON.parse(body) as { count?: number; units?: { assigned: number }[] };
  return page === 'progress' ? (json.units ?? []).reduce((sum, u) => sum + u.assigned, 0) : Number(json.count ?? 0);
};

/** Each unit administrator's pages and the full administrator's same pages, a request of each in turn. */
async function measure(target: string, env: NodeJS.ProcessEnv): Promise<Row[]> {
  const { url, child } = await startServer(env);
  const rows: Row[] = [];
  try {
    const full = await settledLogin(url, FULL_ADMIN);
    for (const admin of UNIT_ADMINS) {
      const token = await settledLogin(url, admin.email);
      const pages: [string, string][] = [
        ['users, first page', '/api/admin/users'],
        [`users, search '${SEARCH}'`, `/api/admin/users?search=${SEARCH}`],
        ['users, unit filter', `/api/admin/users?unit=${encodeURIComponent(admin.filter)}`],
        ['progress', '/api/admin/progress'],
      ];
      for (const [page, path] of pages) {
        const times = { full: [] as number[], unit: [] as number[] };
        const bodies = { full: '', unit: '' };
        for (let i = 0; i < RUNS + 10; i++) {
          // In turn, each first every other round: neither always follows the other.
          const order = i % 2 === 0 ? (['full', 'unit'] as const) : (['unit', 'full'] as const);
          for (const who of order) {
            const { ms, body } = await once(url, path, who === 'full' ? full : token);
            if (i >= 10) times[who].push(ms);
            bodies[who] = body;
          }
        }
        const stats = (who: 'full' | 'unit') => {
          const sorted = times[who].sort((a, b) => a - b);
          return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), count: countOf(page, bodies[who]) };
        };
        rows.push({
          admin: admin.name,
          page,
          full: stats('full'),
          unit: stats('unit'),
          load: os.loadavg()[0]!.toFixed(1),
        });
        const r = rows.at(-1)!;
        console.error(
          `  ${target} ${admin.name} ${page}: full ${r.full.p50.toFixed(1)} / ${r.full.p95.toFixed(1)} ms, unit ${r.unit.p50.toFixed(1)} / ${r.unit.p95.toFixed(1)} ms (${(r.unit.p50 / r.full.p50).toFixed(2)}×)`,
        );
      }
    }
  } finally {
    await stopServer(child);
  }
  return rows;
}

async function seeded(database: Database): Promise<void> {
  await seedQuietly(database, FULL_ADMIN, PASSWORD);
  const t = Date.now();
  await seedUnits(database, USERS, await hashPassword(PASSWORD), Date.now());
  console.error(
    `  seeded ${USERS} users in ${SQUADRONS.length} squadrons in ${((Date.now() - t) / 1000).toFixed(1)} s (load average ${os.loadavg()[0]?.toFixed(1)})`,
  );
}

async function postgresTarget(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-unit-'));
  const given = process.env.BENCH_UNIT_SEEDED;
  const name = `bench_unit_admin_${Date.now()}`;
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  const url = given ?? u.toString();
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    if (!given) {
      await admin.query(`CREATE DATABASE "${name}"`);
      const database = await openDatabase({ url });
      try {
        await seeded(database);
      } finally {
        await database.close();
      }
    }
    return await measure('PostgreSQL', { DATABASE_URL: url, DATA_DIR: dataDir });
  } finally {
    if (!given && !KEEP) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    else if (!given) console.error(`  kept ${url}`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pgliteTarget(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-unit-pglite-'));
  try {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      await seeded(database);
    } finally {
      await database.close();
    }
    return await measure('PGlite (embedded)', { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.error(
  `Unit administrator's pages: ${USERS} users in ${SQUADRONS.length} squadrons, ${RUNS} requests of each after 10, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
);
const results: [string, Row[]][] = [];
const targets = (process.env.BENCH_TARGETS ?? 'postgres').split(',');
if (targets.includes('postgres')) results.push(['PostgreSQL', await postgresTarget()]);
if (targets.includes('pglite')) results.push(['PGlite', await pgliteTarget()]);

console.log(
  '| database | unit admin of | page | users (unit / full) | full p50 ms | unit p50 ms | p50 ratio | full p95 ms | unit p95 ms | p95 ratio | load |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
const over: string[] = [];
for (const [target, rows] of results) {
  for (const r of rows) {
    const ratio = r.unit.p50 / r.full.p50;
    if (!(ratio <= MAX_RATIO)) over.push(`${target}, ${r.admin}, ${r.page}: ${ratio.toFixed(2)}×`);
    console.log(
      `| ${target} | ${r.admin} | ${r.page} | ${r.unit.count} / ${r.full.count} | ${r.full.p50.toFixed(1)} | ${r.unit.p50.toFixed(1)} | ${ratio.toFixed(2)} | ${r.full.p95.toFixed(1)} | ${r.unit.p95.toFixed(1)} | ${(r.unit.p95 / r.full.p95).toFixed(2)} | ${r.load} |`,
    );
  }
}
if (over.length) {
  console.error(
    `A unit administrator's page is slower than ${MAX_RATIO}× a full administrator's:\n  ${over.join('\n  ')}`,
  );
  process.exitCode = 1;
}
