/**
 * The users page (GET admin/users, page 1, 50 connections) of two builds on one
 * PostgreSQL database, in alternating rounds so that a busy machine weighs on
 * both alike: `tsx scripts/bench/users-ab.ts <main.js of A> <main.js of B>`.
 *
 *   BENCH_USERS=20000 BENCH_DURATION=8 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { seed } from '../../apps/server/src/seed/seed.ts';
import { seedBenchUsers } from './seed-users.ts';
import { login, startServer, stopServer } from './server.ts';

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { user_name: 'bench-admin@example.com', password: 'Bench-Admin-1!' };
const builds = process.argv.slice(2);
if (builds.length !== 2) throw new Error('usage: users-ab.ts <main.js of A> <main.js of B>');

const name = `bench_ab_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });
await seed(database.db, {
  adminEmail: ADMIN.user_name,
  adminPassword: ADMIN.password,
  announce: () => undefined,
  log: { info: () => undefined } as never,
});
await seedBenchUsers(database, USERS, await hashPassword('Bench-User-1!'));
await database.close();

const results: Record<string, { rps: number; p99: number }[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const build of builds) {
    const server = await startServer({ DATABASE_URL: url.toString() }, [build]);
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
await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
await admin.end();
