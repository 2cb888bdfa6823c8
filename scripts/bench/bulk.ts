/**
 * Bulk actions and the invite from a file, through the built server, on the
 * embedded database and on PostgreSQL (part of `npm run bench`). A database of
 * BENCH_BULK_USERS users × 5 assignments (seed-users.ts); each bulk action on
 * 1,000 of them (target ≤ 2 s), three rounds, another 1,000 users a round; a
 * CSV of 5,000 new invitees with a module and a due date checked (target
 * ≤ 2 s) and applied (target ≤ 10 s), then applied again (all existing), and
 * 1,000 of the new invitees reinvited. Times are the client's, request to
 * answer. Prints a Markdown table for docs/benchmarks.md.
 *
 *   BENCH_BULK_USERS=10000 BENCH_TARGETS=pglite,postgres BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BulkUsersResponse } from '../../packages/contracts/src/bulk-users.ts';
import type { InviteFileReport } from '../../packages/contracts/src/invite-file.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { seedBenchUsers, seedQuietly } from './seed-users.ts';
import { benchPgDatabase } from './bench-store.ts';
import { login, startServer, stopServer } from './server.ts';

const USERS = Number(process.env.BENCH_BULK_USERS ?? 10_000);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const ADMIN = { user_name: 'bench-admin@example.com', password: 'Bench-Admin-1!' };
const SELECTED = 1000;
const ROUNDS = 3;
const FILE_ROWS = 5000;
const MODULE = 'bench_bulk';

const rows: string[] = [];

async function prepare(database: Database): Promise<void> {
  await seedQuietly(database, ADMIN.user_name, ADMIN.password);
  await seedBenchUsers(database, USERS, await hashPassword('Bench-User-1!'));
  await database.query(
    `INSERT INTO modules (id, game_title, game_type, content) SELECT $1::text, 'Bench bulk module', 'ready_airman_training', content FROM modules WHERE id = 'ready_airman_training'`,
    [MODULE],
  );
}

const ids = (round: number) =>
  Array.from({ length: SELECTED }, (_, i) => `u${String(round * SELECTED + i).padStart(7, '0')}`);

async function timed<T>(call: () => Promise<Response>): Promise<{ ms: number; body: T }> {
  let t0 = performance.now();
  let res = await call();
  // Shed while the server was busy with something else (its start's maintenance): asked again, timed from then.
  for (let tries = 0; res.status === 503 && tries < 20; tries++) {
    console.error(`  busy (503), asking again in ${res.headers.get('retry-after')} s`);
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
    t0 = performance.now();
    res = await call();
  }
  const body = (await res.json()) as T;
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return { ms, body };
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return times.length === 1
    ? `${Math.round(median)} ms`
    : `${Math.round(median)} ms (${Math.round(sorted[0] ?? 0)} – ${Math.round(sorted.at(-1) ?? 0)})`;
}

async function measure(target: string, env: NodeJS.ProcessEnv): Promise<void> {
  const { url, child } = await startServer(env);
  try {
    const auth = { authorization: `Bearer ${await login(url, ADMIN.user_name, ADMIN.password)}` };
    const bulk = (body: unknown) =>
      timed<BulkUsersResponse>(() =>
        fetch(`${url}/api/admin/users/bulk`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const times: Record<string, number[]> = { assign: [], due_date: [], unassign: [], deactivate: [] };
    const dueAt = Date.UTC(2031, 2, 14, 23);
    for (let round = 0; round < ROUNDS; round++) {
      const selected = ids(round);
      const steps: [keyof typeof times, unknown][] = [
        ['assign', { ids: selected, action: 'assign', module: MODULE, due_at: dueAt }],
        ['due_date', { ids: selected, action: 'due_date', module: MODULE, due_at: dueAt + 86_400_000 }],
        ['unassign', { ids: selected, action: 'unassign', module: MODULE }],
        ['deactivate', { ids: selected, action: 'deactivate' }],
      ];
      for (const [name, body] of steps) {
        console.error(`  ${target} round ${round} ${name}`);
        const { ms, body: answer } = await bulk(body);
        if (answer.done !== SELECTED) throw new Error(`${name}: ${answer.done} of ${SELECTED} done`);
        times[name]?.push(ms);
      }
    }
    for (const [name, list] of Object.entries(times))
      rows.push(
        `| ${target} | bulk ${name}, ${SELECTED.toLocaleString('en-US')} users (${ROUNDS} rounds) | ${summary(list)} | ≤ 2 s |`,
      );

    const tag = crypto.randomBytes(3).toString('hex');
    const csv = [
      'email,first_name,last_name,rank,unit,module,due',
      ...Array.from(
        { length: FILE_ROWS },
        (_, i) => `new${i}.${tag}@bench.example.com,First${i},Last${i},SrA,655 ISRW,Bench bulk module,2031-03-14`,
      ),
    ].join('\n');
    const send = (path: string) => () =>
      fetch(`${url}/api/admin/invite/${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: csv,
      });
    const checks: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { ms, body } = await timed<InviteFileReport>(send('file/check'));
      if (body.invitees.length !== FILE_ROWS)
        throw new Error(`check: ${body.invitees.length} of ${FILE_ROWS} to create`);
      checks.push(ms);
    }
    rows.push(
      `| ${target} | invite file, ${FILE_ROWS.toLocaleString('en-US')} rows checked (${ROUNDS} runs) | ${summary(checks)} | ≤ 2 s |`,
    );
    const applied = await timed<InviteFileReport>(send('file'));
    if (applied.body.invitees.length !== FILE_ROWS)
      throw new Error(`apply: ${applied.body.invitees.length} of ${FILE_ROWS} created`);
    rows.push(
      `| ${target} | invite file, ${FILE_ROWS.toLocaleString('en-US')} rows applied (users, assignments, e-mails queued) | ${summary([applied.ms])} | ≤ 10 s |`,
    );
    const again = await timed<InviteFileReport>(send('file'));
    if (again.body.existing.length !== FILE_ROWS)
      throw new Error(`apply again: ${again.body.existing.length} of ${FILE_ROWS} existing`);
    rows.push(`| ${target} | the same file applied again (all existing, nothing created) | ${summary([again.ms])} | |`);

    // The new invitees' ids, a page at a time, as the screen reads them.
    const invitees: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await (
        await fetch(
          `${url}/api/admin/users?status=pending&search=${tag}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          { headers: auth },
        )
      ).json()) as { users: { id: string }[]; cursor?: string };
      invitees.push(...page.users.map((u) => u.id));
      cursor = page.cursor;
    } while (cursor && invitees.length < SELECTED);
    const reinvite = await bulk({ ids: invitees.slice(0, SELECTED), action: 'reinvite' });
    if (reinvite.body.done !== SELECTED) throw new Error(`reinvite: ${reinvite.body.done} done`);
    rows.push(
      `| ${target} | bulk reinvite, ${SELECTED.toLocaleString('en-US')} pending invitees (e-mails queued) | ${summary([reinvite.ms])} | ≤ 2 s |`,
    );
  } finally {
    await stopServer(child);
  }
}

async function run(target: string): Promise<void> {
  if (target === 'postgres') {
    const pgDatabase = await benchPgDatabase(`bench_bulk_${crypto.randomBytes(4).toString('hex')}`);
    try {
      const database = await openDatabase({ url: pgDatabase.url });
      await prepare(database);
      await database.close();
      await measure('PostgreSQL', {
        DATABASE_URL: pgDatabase.url,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')),
      });
    } finally {
      await pgDatabase.drop();
    }
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-'));
  try {
    // The server keeps its embedded database in DATA_DIR/db.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await prepare(database);
    await database.close();
    await measure('PGlite (embedded)', { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const target of TARGETS) await run(target);
console.log(
  `\nBulk actions and the invite from a file: ${USERS.toLocaleString('en-US')} users × 5 assignments, built server, ${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}\n`,
);
console.log('| database | what | time, median (min – max) | target |');
console.log('|---|---|---|---|');
for (const row of rows) console.log(row);
