/**
 * The users page (GET admin/users, page 1, 50 connections) of two builds on one
 * PostgreSQL database, in alternating rounds so that a busy machine weighs on
 * both alike: `tsx scripts/bench/users-ab.ts <main.js of A> <main.js of B>`.
 *
 *   BENCH_USERS=20000 BENCH_DURATION=8 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import autocannon from 'autocannon';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { seedBenchUsers, seedQuietly } from './seed-users.ts';
import { benchPgDatabase } from './bench-store.ts';
import { login, startServer, stopServer } from './server.ts';

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ADMIN = { user_name: 'bench-admin@example.com', password: 'Bench-Admin-1!' };
const builds = process.argv.slice(2);
if (builds.length !== 2) throw new Error('usage: users-ab.ts <main.js of A> <main.js of B>');

const pgDatabase = await benchPgDatabase(`bench_ab_${Date.now()}`);
const database = await openDatabase({ url: pgDatabase.url });
await seedQuietly(database, ADMIN.user_name, ADMIN.password);
await seedBenchUsers(database, USERS, await hashPassword('Bench-User-1!'));
await database.close();

const results: Record<string, { rps: number; p99: number }[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const build of builds) {
    const server = await startServer({ DATABASE_URL: pgDatabase.url }, [build]);
    try {
      const auth = await login(server.url, ADMIN.user_name, ADMIN.password);
      const target = {
        url: `${server.url}/api/admin/users`,
        connections: CONNECTIONS,
        headers: { authorization: `Bearer ${auth}` },
      };
      await autocannon({ ...target, duration: 2 });
      const r = await autocannon({ ...target, duration: DURATION });
      if (r.non2xx > 0) throw new Error(`${build}: ${r.non2xx} answers were not 2xx (503: the server shed load)`);
      (results[build] ??= []).push({ rps: Math.round(r.requests.average), p99: r.latency.p99 });
    } finally {
      await stopServer(server.child);
    }
  }
}
for (const [build, rows] of Object.entries(results)) {
  console.log(`${build}: ${rows.map((r) => `${r.rps} req/s p99 ${r.p99} ms`).join(' · ')}`);
}
await pgDatabase.drop();
