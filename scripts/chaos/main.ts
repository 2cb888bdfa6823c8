/**
 * `npm run chaos [-- --short]`: the built server under abrupt database cuts,
 * slow sockets and a killed process, on a fresh PostgreSQL database it creates
 * and drops (on the server of CHAOS_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres), loopback only. Each scenario's
 * figures go to stderr as it ends; the last line on stdout is one JSON object
 * of them all; the exit status is 1 when a target (targets.ts) is missed.
 * Needs `npm run build` first, and nginx.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCuts } from './cuts.ts';
import { runKilledServer } from './killed-server.ts';
import {
  createDatabase,
  dropDatabase,
  endAll,
  prepareDatabase,
  startAppServer,
  stopAppServer,
  type AppServer,
} from './servers.ts';
import { loginP95, runSlowSockets } from './slow-sockets.ts';
import { missedTargets } from './targets.ts';

const short = process.argv.includes('--short');
const PG_SERVER =
  process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const plan = short
  ? { cuts: 5, sockets: 50, loginSeconds: 4, loginRounds: 4, killSeconds: 6, limitS: 120 }
  : { cuts: 20, sockets: 200, loginSeconds: 10, loginRounds: 5, killSeconds: 15, limitS: 300 };
const RATE = 50;

const root = path.resolve(import.meta.dirname, '../..');
if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.error('chaos: no built server (apps/server/dist); run npm run build first');
  process.exit(2);
}

const started = performance.now();
const loadAtStart = os.loadavg()[0];
/** The figures of the scenarios that have ended, for a run that ends over its time. */
const sofar: Record<string, unknown> = {};
const say = (what: string, figures: object) => {
  Object.assign(sofar, figures);
  console.error(`chaos: ${what} (at ${Math.round((performance.now() - started) / 1000)} s) ${JSON.stringify(figures)}`);
};

const jwtSecret = crypto.randomBytes(32).toString('hex');
const dbName = `chaos_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-'));

async function measure(databaseUrl: string) {
  await prepareDatabase({ url: databaseUrl });

  const cuts = await runCuts({ databaseUrl, jwtSecret, cuts: plan.cuts, writers: 10, readers: 2, gapMs: 1000 });
  say('database cuts', cuts);

  const withServer = async <T>(env: NodeJS.ProcessEnv, work: (s: AppServer) => Promise<T>): Promise<T> => {
    const server = await startAppServer(env);
    try {
      return await work(server);
    } finally {
      await stopAppServer(server);
    }
  };
  const slow = await withServer(
    { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, DATA_DIR: path.join(dir, 'pg') },
    (s) =>
      runSlowSockets(s.url, s.port, {
        sockets: plan.sockets,
        rate: RATE,
        seconds: plan.loginSeconds,
        rounds: plan.loginRounds,
        trickleMs: 1000,
      }),
  );
  say('slow sockets', slow);

  const embeddedDir = path.join(dir, 'embedded');
  await prepareDatabase({ dataDir: path.join(embeddedDir, 'db') });
  const embedded = await withServer({ JWT_SECRET: jwtSecret, DATA_DIR: embeddedDir }, (s) =>
    loginP95(s.url, RATE, plan.loginSeconds),
  );
  say('sign-in on the embedded database', embedded);

  const killed = await runKilledServer({ databaseUrl, jwtSecret, clients: 6, seconds: plan.killSeconds });
  say('a server killed behind nginx', killed);

  // The headline figures first (a key spread again keeps its place), then the rest.
  const headline = {
    cuts: cuts.cuts,
    process_exits: cuts.process_exits,
    lost_writes: cuts.lost_writes,
    acked_then_missing: cuts.acked_then_missing,
    recover_p99_ms: cuts.recover_p99_ms,
    login_p99_idle_ms: slow.login_p99_idle_ms,
    login_p99_slow_sockets_ms: slow.login_p99_slow_sockets_ms,
    killed_server_errors_seen_by_clients: killed.killed_server_errors_seen_by_clients,
    login_p95_pg_ms: slow.login_p95_idle_ms,
    login_p95_embedded_ms: embedded.login_p95_embedded_ms,
  };
  return {
    ...headline,
    ...cuts,
    ...slow,
    ...embedded,
    ...killed,
    short,
    // The machine's load (1-minute average) at the start and the end: figures from a busy machine say little.
    load_average: [loadAtStart, os.loadavg()[0]].map((l) => Math.round((l ?? 0) * 10) / 10),
    seconds: Math.round((performance.now() - started) / 1000),
  };
}

const databaseUrl = await createDatabase(PG_SERVER, dbName);
// Bounded: a run that takes longer than this (a server that never answers) ends everything and fails.
const limit = setTimeout(() => {
  console.error(`chaos: over its time bound (${plan.limitS} s); ending it`);
  endAll();
  void dropDatabase(PG_SERVER, dbName)
    .catch(() => undefined)
    .finally(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      console.log(JSON.stringify({ ...sofar, short, missed: [`time: over ${plan.limitS} s`] }));
      process.exit(1);
    });
}, plan.limitS * 1000);
let figures: Awaited<ReturnType<typeof measure>> | undefined;
let failure: unknown;
try {
  figures = await measure(databaseUrl);
} catch (err) {
  failure = err;
} finally {
  // A scenario that failed may have left its processes behind.
  endAll();
  await dropDatabase(PG_SERVER, dbName);
  fs.rmSync(dir, { recursive: true, force: true });
}
clearTimeout(limit);
if (!figures) {
  console.error(failure);
  const why = failure instanceof Error ? failure.message : String(failure);
  console.log(JSON.stringify({ ...sofar, short, missed: [`error: ${why}`] }));
  process.exit(1);
}
const missed = missedTargets(figures, {
  latency: !short,
  exactlyOnce: !short,
  slowSocketsQuantile: short ? 'p95' : 'p99',
});
console.log(JSON.stringify({ ...figures, missed }));
process.exit(missed.length === 0 ? 0 : 1);
