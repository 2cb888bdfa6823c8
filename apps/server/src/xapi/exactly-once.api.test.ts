/**
 * xAPI statements reach the LRS once by real server processes (the entry point built from
 * the current sources: test/server-build.ts) against a real LRS (test/lrs.ts): a process
 * killed with SIGKILL while the LRS is taking a batch loses nothing and doubles nothing once
 * it is started again, on PostgreSQL and on the embedded database; and two processes on one
 * PostgreSQL send each statement once.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { processTargets } from '#test/databases.ts';
import { LRS_KEY, LRS_SECRET, startTestLrs, type TestLrs } from '#test/lrs.ts';
import { exited, startServer as startBuiltServer, until, type ServerProcess } from '#test/server-process.ts';
import { cafQuestionnaire } from '../seed/caf-questionnaire.ts';
import { openDatabase, type DatabaseLocation } from '../db/database.ts';
import { enqueueStatements } from './outbox.ts';
import { StatementBuilder } from './statements.ts';

const PUBLIC_URL = 'https://train.example.mil';
const METRICS_TOKEN = 'metrics-token-0123456789';
/** Finished runs queued: six statements each. */
const RUNS = 400;

let lrs: TestLrs;
beforeAll(async () => {
  lrs = await startTestLrs();
}, 180_000);
afterAll(async () => lrs?.close());

function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  return startBuiltServer({
    DIGEST_CRON: 'off',
    PUBLIC_URL,
    METRICS_TOKEN,
    LRS_ENDPOINT: lrs.endpoint,
    LRS_KEY,
    LRS_SECRET,
    // A killed process's claimed statements are sent again after 3 s rather than a minute.
    LRS_CLAIM_S: '3',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Correct-Horse-9',
    ...env,
  });
}

/** The statements still queued, as the server's metrics say. */
async function queueDepth(s: ServerProcess): Promise<number> {
  const res = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const match = /\nairman_xapi_queue_depth (\d+)\n/.exec(await res.text());
  return match ? Number(match[1]) : Number.NaN;
}

/** Queues the statements of RUNS made-up finished runs; returns their ids. */
async function queueRuns(location: DatabaseLocation): Promise<string[]> {
  const builder = new StatementBuilder(PUBLIC_URL);
  const answers = Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, 3]));
  const now = Date.now();
  const database = await openDatabase(location);
  const ids: string[] = [];
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < RUNS; i++) {
      const runId = crypto.randomUUID();
      const statements = builder.all(
        {
          run_id: runId,
          user_id: crypto.randomUUID(),
          module_id: READY_AIRMAN_MODULE_ID,
          module_title: 'Ready Airman Training',
          status: i % 3 === 0 ? 'failed' : 'complete',
          started_at: now - 900_000,
          finished_at: now,
          score_points: i % 150,
          max_points: 150,
          answers_before: answers,
          answers_after: answers,
        },
        cafQuestionnaire,
      );
      ids.push(...statements.map((s) => s.id));
      await enqueueStatements(tx, runId, statements);
    }
  });
  await database.close();
  return ids;
}

/** How often the LRS holds each id of `ids`, and how often the relay carried each to it. */
async function tally(ids: string[]) {
  const wanted = new Set(ids);
  const stored = new Map<string, number>();
  for (const s of await lrs.stored()) if (wanted.has(s.id)) stored.set(s.id, (stored.get(s.id) ?? 0) + 1);
  const carried = new Map<string, number>();
  const refused = lrs.requests.filter((r) => r.status >= 400 && r.ids.some((id) => wanted.has(id)));
  for (const r of lrs.requests)
    if (r.status >= 200 && r.status < 300)
      for (const id of r.ids) if (wanted.has(id)) carried.set(id, (carried.get(id) ?? 0) + 1);
  return { stored, carried, refused };
}

for (const target of processTargets('xapi-once')) {
  describe(`xAPI statements sent once by real processes [${target.name}]`, () => {
    const servers: ServerProcess[] = [];
    afterAll(async () => {
      lrs.setDelay(0);
      await Promise.all(servers.map((s) => exited(s, 'SIGKILL')));
    });

    it('a process killed with SIGKILL while the LRS takes a batch loses and doubles nothing after a restart', async () => {
      const db = await target.location();
      try {
        const ids = await queueRuns(db.location);
        // The LRS stores each batch, then its answer is held: the kill comes between the two.
        lrs.setDelay(2_000);
        const first = await startServer(db.env);
        servers.push(first);
        await until(
          () => lrs.requests.some((r) => r.status === 200 && r.ids.some((id) => ids.includes(id))),
          90_000,
          () => `no batch stored yet\n${first.output()}`,
        );
        await exited(first, 'SIGKILL');
        lrs.setDelay(0);
        const atKill = (await tally(ids)).stored.size;
        expect(atKill).toBeGreaterThan(0);
        expect(atKill).toBeLessThan(ids.length);

        const second = await startServer(db.env);
        servers.push(second);
        await until(
          async () => (await queueDepth(second)) === 0,
          120_000,
          () => `statements still queued\n${second.output()}`,
        );
        await exited(second, 'SIGTERM');
        const t = await tally(ids);
        // Every statement stored, once; the batch the LRS took at the kill went again, identical
        // (same ids, same content), and the LRS took it without storing it twice or refusing it.
        expect(t.stored.size).toBe(ids.length);
        expect([...t.stored.values()].every((n) => n === 1)).toBe(true);
        expect(t.refused).toEqual([]);
        expect([...t.carried.values()].some((n) => n === 2)).toBe(true);
        expect([...t.carried.values()].every((n) => n <= 2)).toBe(true);
      } finally {
        await db.dispose();
      }
    }, 400_000);

    if (target.name === 'postgres') {
      it('two processes on one database send each statement once', async () => {
        const db = await target.location();
        try {
          const ids = await queueRuns(db.location);
          // Claims held a minute (the default): a batch still on its way is never the other's to take.
          const env = { ...db.env, LRS_CLAIM_S: '60' };
          const both = await Promise.all([startServer(env), startServer(env)]);
          servers.push(...both);
          await until(
            async () => (await queueDepth(both[0] as ServerProcess)) === 0,
            120_000,
            () => 'statements still queued',
          );
          await Promise.all(both.map((s) => exited(s, 'SIGTERM')));
          const t = await tally(ids);
          expect(t.stored.size).toBe(ids.length);
          expect(t.refused).toEqual([]);
          // Each statement went to the LRS in one request, from one of the two.
          expect(t.carried.size).toBe(ids.length);
          const twice = [...t.carried].filter(([, n]) => n > 1).map(([id]) => id);
          expect(twice, both.map((s) => s.output()).join('\n')).toEqual([]);
        } finally {
          await db.dispose();
        }
      }, 400_000);
    }
  });
}
