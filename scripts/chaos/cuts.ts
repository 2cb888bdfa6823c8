/**
 * Abrupt cuts of the server's PostgreSQL connections under load: writers and
 * readers call one server whose database connections pass through a relay
 * (relay.ts); every so often all of them are reset. If the process exits it is
 * counted and started again on the same port (the writers keep retrying), so
 * every cut is measured. Afterwards the database itself is asked what was stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { attempt, isOk, retryingWrite, type Answer, type Call } from './client.ts';
import { startRelay } from './relay.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminQuery,
  newModule,
  percentile,
  signIn,
  sleep,
  startAppServer,
  stopAppServer,
  WRITE_PREFIX,
  type AppServer,
} from './servers.ts';

export interface CutsOptions {
  /** The fresh database (its schema and seed in place). */
  databaseUrl: string;
  jwtSecret: string;
  cuts: number;
  writers: number;
  readers: number;
  /** Time between one cut's recovery and the next cut. */
  gapMs: number;
}

export interface CutsResult {
  cuts: number;
  /** Connections reset over all cuts. */
  connections_cut: number;
  process_exits: number;
  /** Why the process exited, the first time (its first line of output naming an error). */
  first_exit?: string;
  writes_intended: number;
  writes_acked: number;
  /** Writes that ended unanswered (their deadline passed) or with a status that is not retried, by their last status (0: no answer). */
  writes_failed: number;
  write_failures: Record<number, number>;
  write_retries: number;
  /** Acknowledged (2xx) but not in the database. */
  acked_then_missing: number;
  /** Intended but not in the database. */
  lost_writes: number;
  /** In the database more than once. */
  duplicate_writes: number;
  /** A retried invite whose final answer did not list its address as invited (the first attempt's answer lost). */
  retried_write_answered_differently: number;
  reads: number;
  reads_failed: number;
  /** From a cut to the end of the first successful request sent after it; p99 and worst over cuts. */
  recover_p99_ms: number;
  recover_max_ms: number;
}

/** Longest a write is retried, and longest a cut waits for a request to succeed. */
const WRITE_DEADLINE_MS = 30_000;
const RECOVERY_LIMIT_MS = 30_000;

interface Op {
  kind: 'module' | 'invite';
  name: string;
  acked: boolean;
  answeredDifferently: boolean;
}

export async function runCuts(options: CutsOptions): Promise<CutsResult> {
  const direct = new URL(options.databaseUrl);
  const relay = await startRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
  const throughRelay = new URL(options.databaseUrl);
  throughRelay.hostname = '127.0.0.1';
  throughRelay.port = String(relay.port);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-cuts-'));
  const env = { DATABASE_URL: throughRelay.toString(), JWT_SECRET: options.jwtSecret, DATA_DIR: dataDir };

  let server: AppServer = await startAppServer(env);
  const base = server.url;
  let running = true;
  let exits = 0;
  let firstExit: string | undefined;
  let restarting: Promise<void> = Promise.resolve();
  let restartFailed: unknown;
  const watch = (s: AppServer) =>
    // 'close': once its output is all read, too.
    s.child.once('close', (code, signal) => {
      if (!running) return;
      exits++;
      // Node's own report of what killed it (a line that begins with the error's name), not the
      // server's JSON log lines before it.
      const lines = s.output().split('\n');
      const report = lines.find((l) => /^\w*Error\b/.test(l)) ?? lines.filter((l) => l.trim()).at(-1) ?? '';
      firstExit ??= `${code ?? signal}: ${report.slice(0, 200)}`;
      // Started again on its port, so that the remaining cuts are measured too.
      restarting = startAppServer(env, s.port).then(
        (next) => {
          server = next;
          watch(next);
        },
        (err: unknown) => {
          restartFailed = err;
        },
      );
    });
  watch(server);

  const token = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const successes: Answer[] = [];
  const note = (a: Answer) => {
    if (isOk(a)) successes.push(a);
  };

  const ops: Op[] = [];
  let retries = 0;
  let failed = 0;
  const failures: Record<number, number> = {};
  const writer = async (w: number) => {
    for (let j = 0; running; j++) {
      const op: Op = {
        kind: j % 2 === 0 ? 'module' : 'invite',
        name: `${WRITE_PREFIX}w${w}-${j}`,
        acked: false,
        answeredDifferently: false,
      };
      ops.push(op);
      const email = `${op.name}@chaos.example.com`;
      const call: Call =
        op.kind === 'module'
          ? { method: 'POST', path: 'modules', body: newModule(op.name) }
          : { method: 'PUT', path: 'admin/invite', body: { emails: [email] } };
      const r = await retryingWrite(base, () => token, call, { deadlineMs: WRITE_DEADLINE_MS, onAnswer: note });
      op.acked = r.acked;
      retries += r.attempts.length - 1;
      if (!r.acked) {
        failed++;
        failures[r.last.status] = (failures[r.last.status] ?? 0) + 1;
      }
      if (r.acked && op.kind === 'invite' && r.attempts.length > 1) {
        const invited = (r.last.body as { invited?: unknown }).invited;
        op.answeredDifferently = !(Array.isArray(invited) && invited.includes(email));
      }
    }
  };
  let reads = 0;
  let readsFailed = 0;
  const reader = async (k: number) => {
    for (let j = 0; running; j++) {
      const a = await attempt(base, token, { method: 'GET', path: (j + k) % 2 ? 'modules' : 'admin/users' });
      reads++;
      if (isOk(a)) note(a);
      else readsFailed++;
      await sleep(50);
    }
  };
  const load = [
    ...Array.from({ length: options.writers }, (_, w) => writer(w)),
    ...Array.from({ length: options.readers }, (_, k) => reader(k)),
  ];

  const recoveries: number[] = [];
  let connectionsCut = 0;
  try {
    for (let c = 0; c < options.cuts; c++) {
      await sleep(options.gapMs);
      if (restartFailed) throw new Error('the server exited and could not be started again', { cause: restartFailed });
      // A cut needs connections to cut: the pool opens them as the load asks.
      for (let waited = 0; relay.open() === 0 && waited < 5000; waited += 10) await sleep(10);
      const at = performance.now();
      connectionsCut += relay.cut();
      let recovered: Answer | undefined;
      while (!(recovered = successes.find((s) => s.startedAt >= at)) && performance.now() - at < RECOVERY_LIMIT_MS) {
        await sleep(5);
      }
      recoveries.push(recovered ? recovered.endedAt - at : RECOVERY_LIMIT_MS);
      // Only what follows the next cut matters from now on.
      successes.length = 0;
    }
  } finally {
    running = false;
    await Promise.all(load);
    await restarting;
    await stopAppServer(server);
    await relay.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const stored = new Map<string, number>();
  for (const row of await adminQuery<{ name: string; n: number }>(
    options.databaseUrl,
    `SELECT game_title AS name, count(*)::int AS n FROM modules WHERE game_title LIKE $1 GROUP BY 1
     UNION ALL
     SELECT split_part(user_name, '@', 1), count(*)::int FROM users WHERE user_name LIKE $2 GROUP BY 1`,
    [`${WRITE_PREFIX}%`, `${WRITE_PREFIX}%@chaos.example.com`],
  )) {
    stored.set(row.name, (stored.get(row.name) ?? 0) + row.n);
  }
  const count = (op: Op) => stored.get(op.name) ?? 0;
  return {
    cuts: options.cuts,
    connections_cut: connectionsCut,
    process_exits: exits,
    ...(firstExit ? { first_exit: firstExit } : {}),
    writes_intended: ops.length,
    writes_acked: ops.filter((o) => o.acked).length,
    writes_failed: failed,
    write_failures: failures,
    write_retries: retries,
    acked_then_missing: ops.filter((o) => o.acked && count(o) === 0).length,
    lost_writes: ops.filter((o) => count(o) === 0).length,
    duplicate_writes: ops.filter((o) => count(o) > 1).length,
    retried_write_answered_differently: ops.filter((o) => o.answeredDifferently).length,
    reads,
    reads_failed: readsFailed,
    recover_p99_ms: Math.round(percentile(recoveries, 99)),
    recover_max_ms: Math.round(Math.max(0, ...recoveries)),
  };
}
