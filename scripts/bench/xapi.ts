/**
 * xAPI statements at scale, on the embedded database and on PostgreSQL: BENCH_XAPI_RUNS
 * finished runs (10,000) of the seed module, each with both questionnaire sets. Queues each
 * run's statements as its finish does (six each: launched, initialized, answered twice,
 * completed, passed or failed, terminated: seven a run),
 * then times the queue's delivery to a real LRS on loopback (the project's strict LRS, in
 * memory, a process of its own: apps/server/test/lrs.ts) by BENCH_XAPI_WORKERS workers (as
 * that many server processes would), and checks that the LRS holds each statement once.
 * Also times the same LRS taking the same statements straight from this process, so the
 * product's share of the time is apart from the LRS's own. Prints a Markdown table for
 * docs/benchmarks.md.
 *
 *   BENCH_XAPI_RUNS=10000 BENCH_XAPI_WORKERS=1 BENCH_TARGETS=pglite,postgres
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { maxPoints } from '@airman/engine/score.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { cafQuestionnaire } from '../../apps/server/src/seed/caf-questionnaire.ts';
import { createLrs } from '../../apps/server/src/xapi/lrs.ts';
import { enqueueStatements, XapiWorker } from '../../apps/server/src/xapi/outbox.ts';
import { StatementBuilder, type RunFacts } from '../../apps/server/src/xapi/statements.ts';
import { LRS_KEY, LRS_SECRET, startTestLrs, type TestLrs } from '../../apps/server/test/lrs.ts';
import { benchStore } from './bench-store.ts';
import { seedQuietly } from './seed-users.ts';

const RUNS = Number(process.env.BENCH_XAPI_RUNS ?? 10_000);
const WORKERS = Number(process.env.BENCH_XAPI_WORKERS ?? 1);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const PUBLIC_URL = 'https://train.example.mil';
const silentLog = {
  info: () => undefined,
  warn: (o: unknown, m: string) => console.error(m, o),
  error: (o: unknown) => console.error(o),
} as never;

const answers = Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, 3]));
const builder = new StatementBuilder(PUBLIC_URL);

function facts(i: number, now: number): RunFacts {
  return {
    run_id: `bench-run-${i}`,
    user_id: `bench-user-${i}`,
    module_id: READY_AIRMAN_MODULE_ID,
    module_title: readyAirmanModule.game_title,
    status: i % 4 === 0 ? 'failed' : 'complete',
    started_at: now - 900_000 + i,
    finished_at: now + i,
    score_points: i % 150,
    max_points: maxPoints(readyAirmanModule),
    answers_before: answers,
    answers_after: answers,
  };
}

/** Queues every run's statements, a transaction per run as the finish route does. */
async function queue(database: Database, now: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < RUNS; i++) {
    const f = facts(i, now);
    const statements = builder.all(f, cafQuestionnaire);
    count += statements.length;
    await database.db.transaction((tx) => enqueueStatements(tx, f.run_id, statements));
  }
  return count;
}

async function depth(database: Database): Promise<number> {
  const [row] = await database.query<{ n: number | string }>('SELECT count(*) AS n FROM xapi_outbox');
  return Number(row?.n ?? 0);
}

/** Statements the LRS holds (of this run of the bench: a fresh LRS), and how many it holds twice. */
async function storedOnce(lrs: TestLrs): Promise<{ stored: number; twice: number }> {
  const seen = new Map<string, number>();
  for (const s of await lrs.stored()) {
    seen.set(s.id, (seen.get(s.id) ?? 0) + 1);
  }
  return { stored: seen.size, twice: [...seen.values()].filter((n) => n > 1).length };
}

async function direct(lrs: TestLrs, now: number): Promise<number> {
  // Other statements (new ids) the same size: the LRS's own rate, nothing of ours in between.
  const client = createLrs({ endpoint: lrs.direct, key: LRS_KEY, secret: LRS_SECRET, version: '1.0.3' });
  const texts: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const s of builder.all(facts(RUNS + i, now), cafQuestionnaire)) texts.push(JSON.stringify(s));
  }
  const t0 = performance.now();
  for (let i = 0; i < texts.length; i += 500) {
    const batch = texts.slice(i, i + 500);
    // The LRS closes idle connections after 5 s: a request that meets one closing goes again.
    const answer = await client.post(batch).catch(() => client.post(batch));
    if (answer.status !== 200) throw new Error(`LRS: ${answer.status} ${answer.body}`);
  }
  return (performance.now() - t0) / 1000;
}

const rows: string[] = [];
for (const target of TARGETS) {
  const lrs = await startTestLrs();
  const store = await benchStore(target, 'bench-xapi');
  try {
    const database = await store.open();
    await seedQuietly(database, 'admin@example.com', 'Correct-Horse-9');
    const now = Date.now();
    let t0 = performance.now();
    const statements = await queue(database, now);
    const queueS = (performance.now() - t0) / 1000;
    console.error(`${target}: ${statements} statements of ${RUNS} runs queued in ${queueS.toFixed(1)} s`);
    const workers = Array.from(
      { length: WORKERS },
      () =>
        new XapiWorker(
          database,
          createLrs({ endpoint: lrs.direct, key: LRS_KEY, secret: LRS_SECRET, version: '1.0.3' }),
          silentLog,
          { claimMs: 120_000 },
        ),
    );
    t0 = performance.now();
    await Promise.all(workers.map((w) => w.deliverDue()));
    const sendS = (performance.now() - t0) / 1000;
    const left = await depth(database);
    const { stored, twice } = await storedOnce(lrs);
    await database.close();
    console.error(
      `${target}: delivered in ${sendS.toFixed(1)} s (${Math.round(statements / sendS)}/s), ` +
        `${left} left, ${stored} stored, ${twice} twice`,
    );
    const directS = await direct(lrs, now + 10_000_000);
    const rate = Math.round(statements / sendS);
    console.error(
      `${target}: ${RUNS} runs, ${statements} statements queued in ${queueS.toFixed(1)} s, ` +
        `delivered in ${sendS.toFixed(1)} s (${rate}/s), ${left} left, ${stored} stored, ${twice} twice; ` +
        `the LRS alone: ${directS.toFixed(1)} s`,
    );
    rows.push(
      `| ${target} | ${RUNS.toLocaleString('en-US')} | ${statements.toLocaleString('en-US')} | ${queueS.toFixed(1)} s | ${WORKERS} | ${sendS.toFixed(1)} s (${rate}/s) | ${directS.toFixed(1)} s | ${stored.toLocaleString('en-US')}, ${twice} twice, ${left} left |`,
    );
  } finally {
    await store.drop();
    await lrs.close();
  }
}
console.log(
  '| database | runs | statements | queued (a transaction a run) | workers | delivered to the LRS | the LRS alone, same statements | in the LRS |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) console.log(r);
