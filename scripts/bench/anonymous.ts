/**
 * What anonymous clients can cost everyone else (part of `npm run bench`), on
 * the embedded database and on PostgreSQL:
 * - sign-ins at a steady rate, alone, while 32 anonymous clients post made-up
 *   invite codes to register and made-up tokens to reset as fast as they are
 *   answered, and while 8 anonymous clients post 1 MiB of JSON to sign-in as fast
 *   as they are answered (hammer.ts), each request from an address of its own, so no
 *   per-address throttle helps (BENCH_ANON_LOADS=codes,big chooses the loads);
 * - forgot-password's answer time for accounts that exist and addresses that
 *   do not, 200 of each, interleaved, each from its own address.
 * Prints a Markdown table for docs/benchmarks.md.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_TARGETS=postgres,pglite
 */
import crypto from 'node:crypto';
import { fork } from 'node:child_process';
import path from 'node:path';
import type { Database } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { ANONYMOUS_BURST, ANONYMOUS_PER_SECOND } from '../../apps/server/src/plugins/anonymous-gate.ts';
import { loginLoad, type LoginLoad } from './login-load.ts';
import { benchStore } from './bench-store.ts';
import { seedBenchUsers, seedQuietly } from './seed-users.ts';
import { startServer, stopServer } from './server.ts';
import type { HammerMode } from './hammer.ts';

const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const LOADS = (process.env.BENCH_ANON_LOADS ?? 'codes,big').split(',') as HammerMode[];
const LOAD_NAMES: Record<HammerMode, string> = {
  codes: '32 clients posting codes',
  big: '8 clients posting 1 MiB to sign-in',
};
const USERS = 500;
const PASSWORD = 'Bench-User-1!';
/** Sign-ins a second (BENCH_ANON_RATE: fewer on a machine too busy to serve 20 alone). */
const RATE = Number(process.env.BENCH_ANON_RATE ?? 20);
const SECONDS = 10;
const ROUNDS = 3;
const TRIES = 200;

const randomAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function prepare(database: Database): Promise<void> {
  await seedQuietly(database, 'bench-admin@example.com', 'Bench-Admin-1!');
  await seedBenchUsers(database, USERS, await hashPassword(PASSWORD));
  await database.close();
}

/** The anonymous clients of hammer.ts, in a process of their own, until stopped. */
function hammer(url: string, mode: HammerMode): { stop(): Promise<Record<number, number>> } {
  const child = fork(path.join(import.meta.dirname, 'hammer.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send({ url, mode });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('message', (statuses: Record<number, number>) => resolve(statuses));
        child.send('stop');
      }),
  };
}

async function forgotTimes(url: string, count: number, email: (i: number) => string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/api/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
      body: JSON.stringify({ user_name: email(i) }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`forgot answered ${res.status}`);
    times.push(performance.now() - t);
    // Within the rate the server grants such calls (plugins/anonymous-gate.ts).
    await new Promise((r) => setTimeout(r, 1000 / ANONYMOUS_PER_SECOND));
  }
  return times;
}

const ms = (n: number) => n.toFixed(2);
const account = (i: number) => ({ user_name: `user${i % USERS}@bench.example.com`, password: PASSWORD });

const FORGOT = process.env.BENCH_ANON_FORGOT !== '0';

console.log(
  '| database | load | sign-in p50 / p99 alone (ms, median of rounds) | p50 / p99 under the load (ms) | p99 ratio | anonymous requests (status × n; 0: connection closed) |',
);
console.log('|---|---|---|---|---|---|');
const forgotRows: string[] = [];
for (const target of TARGETS) {
  const store = await benchStore(target, 'bench-anon');
  await prepare(await store.open());
  const { url, child } = await startServer({ ...store.serverEnv, TRUST_PROXY: 'loopback' });
  try {
    // Warm-up; then rounds of sign-ins alone and under the hammer, one after the other, so that
    // a drift of the machine falls on both alike; each figure is the median of its rounds.
    await loginLoad(url, RATE, 2, account);
    for (const mode of LOADS) {
      const alone: LoginLoad[] = [];
      const loaded: LoginLoad[] = [];
      const statuses: Record<number, number> = {};
      for (let round = 0; round < ROUNDS; round++) {
        alone.push(await loginLoad(url, RATE, SECONDS, account));
        const h = hammer(url, mode);
        // Measured once the hammer's process has started and its clients are at it.
        await new Promise((r) => setTimeout(r, 3000));
        loaded.push(await loginLoad(url, RATE, SECONDS, (i) => account(i + 7)));
        for (const [status, n] of Object.entries(await h.stop()))
          statuses[Number(status)] = (statuses[Number(status)] ?? 0) + n;
      }
      const p = (loads: LoginLoad[], key: 'p50' | 'p99') => median(loads.map((l) => l[key]));
      const ok = (loads: LoginLoad[]) =>
        `${loads.reduce((n, l) => n + l.ok, 0)}/${loads.reduce((n, l) => n + l.sent, 0)} ok`;
      console.log(
        `| ${target} | ${LOAD_NAMES[mode]} | ${ms(p(alone, 'p50'))} / ${ms(p(alone, 'p99'))} (${ok(alone)}) | ${ms(p(loaded, 'p50'))} / ${ms(p(loaded, 'p99'))} (${ok(loaded)}) | ${(p(loaded, 'p99') / p(alone, 'p99')).toFixed(2)} | ${Object.entries(
          statuses,
        )
          .map(([s, n]) => `${s} × ${n}`)
          .join(', ')} |`,
      );
    }
    if (!FORGOT) continue;
    // The gate's burst fills again before forgot-password is timed.
    await new Promise((r) => setTimeout(r, (1000 * ANONYMOUS_BURST) / ANONYMOUS_PER_SECOND));
    // Interleaved halves, so a drift of the machine falls on both alike.
    const existing: number[] = [];
    const missing: number[] = [];
    const quarter = TRIES / 4;
    for (let round = 0; round < 4; round++) {
      // Each account and address asked about once: the throttle allows 3 in 15 minutes.
      existing.push(...(await forgotTimes(url, quarter, (i) => `user${round * quarter + i}@bench.example.com`)));
      missing.push(...(await forgotTimes(url, quarter, (i) => `nobody-${round}-${i}@bench.example.com`)));
    }
    const [e, m] = [median(existing), median(missing)];
    forgotRows.push(`| ${target} | ${ms(e)} / ${ms(m)} | ${ms(Math.abs(e - m))} |`);
  } finally {
    await stopServer(child);
    await store.drop();
  }
}
if (forgotRows.length > 0) {
  console.log('\n| database | forgot median: account / none (ms) | difference (ms) |');
  console.log('|---|---|---|');
  for (const row of forgotRows) console.log(row);
}
