/**
 * xAPI statements against a real LRS (test/lrs.ts: the strict LRS of test/strict-lrs.ts,
 * which validates each statement against xAPI 1.0.3): a trainee's runs arrive as valid statements with
 * their score and success; an LRS down for a while gets every statement once it is
 * back; two workers on one queue send each statement once; a statement the LRS refuses
 * is kept, and the others of its batch still go.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { domainScores } from '@airman/contracts/questionnaire-score.ts';
import { maxPoints } from '@airman/engine/score.ts';
import { plan } from '@airman/engine/play.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { cafQuestionnaire } from '../seed/caf-questionnaire.ts';
import { idleLine, seedTrainee, startSeedRun } from '#test/game-fixtures.ts';
import { describeApi, type TestContext } from '#test/harness.ts';
import { LRS_KEY, LRS_SECRET, startTestLrs, type TestLrs } from '#test/lrs.ts';
import { createLrs } from './lrs.ts';
import { enqueueStatements, XapiWorker } from './outbox.ts';
import { domainScoresExtension, registration, StatementBuilder, VERBS, type RunFacts } from './statements.ts';

const PUBLIC_URL = 'https://train.example.mil';
let lrs: TestLrs;
beforeAll(async () => {
  lrs = await startTestLrs();
}, 180_000);
afterAll(async () => lrs?.close());

const every = (value: number): Record<string, number> =>
  Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, value]));

/** A week of End Day, each event answered with its last choice: Failed. */
const idleWeek = (seed: number): GameCommand[] => idleLine(readyAirmanModule, seed);

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function queued(ctx: TestContext, runIds: string[]): Promise<number> {
  const [row] = await ctx.database.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM xapi_outbox WHERE run_id = ANY($1) AND given_up_at = 0',
    [runIds],
  );
  return Number(row?.n ?? 0);
}

/** Statements of made-up finished runs, as the game queues them. */
function fakeRuns(count: number): { runIds: string[]; statements: ReturnType<StatementBuilder['all']>[] } {
  const builder = new StatementBuilder(PUBLIC_URL);
  const runIds: string[] = [];
  const statements = [];
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const facts: RunFacts = {
      run_id: crypto.randomUUID(),
      user_id: crypto.randomUUID(),
      module_id: READY_AIRMAN_MODULE_ID,
      module_title: 'Ready Airman Training',
      status: i % 2 === 0 ? 'complete' : 'failed',
      started_at: now - 600_000,
      finished_at: now,
      score_points: 40 + i,
      max_points: 200,
      answers_before: every(3),
      answers_after: every(4),
    };
    runIds.push(facts.run_id);
    statements.push(builder.all(facts, cafQuestionnaire));
  }
  return { runIds, statements };
}

async function enqueueRuns(ctx: TestContext, runs: ReturnType<typeof fakeRuns>): Promise<string[]> {
  await ctx.database.db.transaction(async (tx) => {
    for (const [i, runId] of runs.runIds.entries()) await enqueueStatements(tx, runId, runs.statements[i] ?? []);
  });
  return runs.statements.flat().map((s) => s.id);
}

/** How many times the LRS holds each of these ids. */
async function storedCounts(ids: string[]): Promise<Map<string, number>> {
  const wanted = new Set(ids);
  const counts = new Map<string, number>();
  for (const s of await lrs.stored()) if (wanted.has(s.id)) counts.set(s.id, (counts.get(s.id) ?? 0) + 1);
  return counts;
}

describeApi(
  'xAPI statements to an LRS',
  (ctx) => {
    it("sends a trainee's runs as valid statements, with the score and success the game gave", async () => {
      const user = await seedTrainee(ctx);
      const run = await startSeedRun(ctx, user);
      const answers = await ctx.request(user.token, {
        method: 'POST',
        url: `/api/game/runs/${run.run_id}/answers`,
        payload: { before: every(2) },
      });
      expect(answers.statusCode).toBe(200);
      const finish = await ctx.request(user.token, {
        method: 'POST',
        url: `/api/game/runs/${run.run_id}/finish`,
        payload: { log: plan(readyAirmanModule, run.seed).line, answers: { after: every(4) } },
      });
      expect(finish.statusCode).toBe(200);
      const { score } = finish.json<{ score: { points: number } }>();
      // A second run, quit.
      const second = await startSeedRun(ctx, user);
      expect(
        (await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${second.run_id}/quit` })).statusCode,
      ).toBe(200);

      await until(async () => (await queued(ctx, [run.run_id, second.run_id])) === 0, 'the queue to empty');
      const mine = (await lrs.stored()).filter(
        (s) =>
          (s as { context?: { registration?: string } }).context?.registration ===
          registration(user.id, READY_AIRMAN_MODULE_ID),
      ) as unknown as {
        id: string;
        actor: { account: { homePage: string; name: string } };
        verb: { id: string };
        object: { id: string };
        result?: {
          score?: { raw: number; min: number; max: number; scaled: number };
          success?: boolean;
          completion?: boolean;
          duration?: string;
          extensions?: Record<string, Record<string, number>>;
        };
      }[];
      const verbs = mine.map((s) => s.verb.id).sort();
      expect(verbs).toEqual(
        [
          VERBS.launched,
          VERBS.initialized,
          VERBS.answered,
          VERBS.answered,
          VERBS.completed,
          VERBS.passed,
          VERBS.terminated,
          VERBS.launched,
          VERBS.initialized,
          VERBS.abandoned,
        ].sort(),
      );
      expect(mine.map((s) => s.actor.account)).toEqual(mine.map(() => ({ homePage: PUBLIC_URL, name: user.id })));
      expect(new Set(mine.map((s) => s.object.id))).toEqual(
        new Set([
          `${PUBLIC_URL}/xapi/modules/${READY_AIRMAN_MODULE_ID}`,
          `${PUBLIC_URL}/xapi/modules/${READY_AIRMAN_MODULE_ID}/questionnaire/before`,
          `${PUBLIC_URL}/xapi/modules/${READY_AIRMAN_MODULE_ID}/questionnaire/after`,
        ]),
      );
      const passed = mine.find((s) => s.verb.id === VERBS.passed);
      const max = maxPoints(readyAirmanModule);
      expect(passed?.result).toEqual({
        score: { raw: score.points, min: 0, max, scaled: Math.round((score.points / max) * 10_000) / 10_000 },
        success: true,
        completion: true,
        duration: expect.stringMatching(/^PT(\d+H)?(\d+M)?[\d.]+S$/),
      });
      const before = mine.find((s) => s.object.id.endsWith('/questionnaire/before'));
      // The before-set's domain scores, as the report computes them.
      expect(before?.result?.extensions?.[domainScoresExtension(PUBLIC_URL)]).toEqual({
        ...domainScores(cafQuestionnaire, every(2)),
      });
      // Every request the LRS answered took its statements: none refused, none twice.
      const sent = lrs.requests.filter((r) => r.ids.some((id) => mine.some((s) => s.id === id)));
      expect(sent.every((r) => r.status === 200)).toBe(true);
    });

    it('exports as NDJSON the very statements the LRS holds, for admins only', async () => {
      const user = await seedTrainee(ctx);
      const run = await startSeedRun(ctx, user);
      await ctx.request(user.token, {
        method: 'POST',
        url: `/api/game/runs/${run.run_id}/finish`,
        payload: { log: idleWeek(run.seed), answers: { before: every(5) } },
      });
      await until(async () => (await queued(ctx, [run.run_id])) === 0, 'the queue to empty');
      const mine = (s: Record<string, unknown>) =>
        (s.context as { registration?: string } | undefined)?.registration ===
        registration(user.id, READY_AIRMAN_MODULE_ID);
      // What the LRS adds when it stores a statement.
      const asSent = ({ stored: _s, authority: _a, version: _v, ...rest }: Record<string, unknown>) => rest;
      const inLrs = (await lrs.stored()).filter(mine).map(asSent);
      expect(inLrs.length).toBe(6);

      const today = new Date().toISOString().slice(0, 10);
      const url = `/api/admin/reports/xapi?module=${READY_AIRMAN_MODULE_ID}&from=${today}&to=${today}`;
      const admin = await ctx.createUser({ role: 'admin' });
      const res = await ctx.request(admin.token, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      const lines = res.body.split('\n');
      expect(lines.pop()).toBe('');
      const exported = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter(mine);
      const byId = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.id).localeCompare(String(b.id));
      expect(exported.sort(byId)).toEqual(inLrs.sort(byId));

      // Runs that started before `from` are not in it.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const later = await ctx.request(admin.token, { method: 'GET', url: `/api/admin/reports/xapi?from=${tomorrow}` });
      expect([later.statusCode, later.body]).toEqual([200, '']);
      expect((await ctx.request(user.token, { method: 'GET', url })).statusCode).toBe(403);
      const bad = await ctx.request(admin.token, {
        method: 'GET',
        url: `/api/admin/reports/xapi?from=${tomorrow}&to=${today}`,
      });
      expect([bad.statusCode, bad.json<{ message: string }>().message]).toEqual([
        400,
        'from: from must not be after to',
      ]);
      const unknown = await ctx.request(admin.token, { method: 'GET', url: '/api/admin/reports/xapi?module=nope' });
      expect([unknown.statusCode, unknown.json<{ message: string }>().message]).toEqual([404, "No module 'nope'"]);
    });

    it('sends an answered follow-up questionnaire once, valid, and exports the very statement the LRS holds', async () => {
      const user = await seedTrainee(ctx);
      const completedAt = Date.now() - 30 * 86_400_000;
      await ctx.database.query(
        'INSERT INTO followups (user_id, module_id, completed_at, sent_at) VALUES ($1, $2, $3, $4)',
        [user.id, READY_AIRMAN_MODULE_ID, completedAt, Date.now()],
      );
      const answered = await ctx.request(user.token, {
        method: 'POST',
        url: `/api/followups/${READY_AIRMAN_MODULE_ID}`,
        payload: { answers: every(5) },
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const key = `followup:${user.id}:${READY_AIRMAN_MODULE_ID}:${completedAt}`;
      await until(async () => (await queued(ctx, [key])) === 0, 'the queue to empty');
      const mine = (s: Record<string, unknown>) =>
        (s.context as { registration?: string } | undefined)?.registration ===
        registration(user.id, READY_AIRMAN_MODULE_ID);
      const asSent = ({ stored: _s, authority: _a, version: _v, ...rest }: Record<string, unknown>) => rest;
      const inLrs = (await lrs.stored()).filter(mine).map(asSent);
      // One statement, accepted by the strict LRS (xAPI 1.0.3), with the follow-up's domain scores.
      expect(inLrs).toHaveLength(1);
      expect(inLrs[0]).toMatchObject({
        actor: { account: { homePage: PUBLIC_URL, name: user.id } },
        verb: { id: VERBS.answered },
        object: { id: `${PUBLIC_URL}/xapi/modules/${READY_AIRMAN_MODULE_ID}/questionnaire/followup` },
        result: {
          completion: true,
          extensions: { [domainScoresExtension(PUBLIC_URL)]: domainScores(cafQuestionnaire, every(5)) },
        },
      });
      const sent = lrs.requests.filter((r) => r.ids.includes(String(inLrs[0]?.id)));
      expect(sent.map((r) => r.status)).toEqual([200]);

      // The export holds it too, on the day it was answered (not the day of the completion it follows).
      const admin = await ctx.createUser({ role: 'admin' });
      const today = new Date().toISOString().slice(0, 10);
      const exported = async (query: string) => {
        const res = await ctx.request(admin.token, { method: 'GET', url: `/api/admin/reports/xapi?${query}` });
        expect(res.statusCode).toBe(200);
        return res.body
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .filter(mine);
      };
      expect(await exported(`module=${READY_AIRMAN_MODULE_ID}&from=${today}&to=${today}`)).toEqual(inLrs);
      expect(await exported(`from=${today}`)).toEqual(inLrs);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(await exported(`from=${tomorrow}`)).toEqual([]);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      expect(await exported(`to=${yesterday}`)).toEqual([]);
    });

    it('sends a failed run as failed, unsuccessful, with its score', async () => {
      const user = await seedTrainee(ctx);
      const run = await startSeedRun(ctx, user);
      await ctx.request(user.token, {
        method: 'POST',
        url: `/api/game/runs/${run.run_id}/answers`,
        payload: { before: every(3) },
      });
      const finish = await ctx.request(user.token, {
        method: 'POST',
        url: `/api/game/runs/${run.run_id}/finish`,
        payload: { log: idleWeek(run.seed) },
      });
      expect(finish.json<{ outcome: string }>().outcome).toBe('failed');
      await until(async () => (await queued(ctx, [run.run_id])) === 0, 'the queue to empty');
      const stored = (await lrs.stored()) as unknown as {
        verb: { id: string };
        context: { registration: string };
        result: { success: boolean; completion: boolean; score: { raw: number } };
      }[];
      const failed = stored.find(
        (s) => s.verb.id === VERBS.failed && s.context.registration === registration(user.id, READY_AIRMAN_MODULE_ID),
      );
      expect(failed?.result).toMatchObject({ success: false, completion: true });
      expect(failed?.result.score.raw).toBe(finish.json<{ score: { points: number } }>().score.points);
    });

    it('keeps every statement while the LRS is down, and sends each once when it is back', async () => {
      lrs.setDown(true);
      const runs = fakeRuns(50);
      const ids = await enqueueRuns(ctx, runs);
      try {
        // The app's worker tries, fails, and tries again after its backoff.
        await until(
          () => lrs.requests.filter((r) => r.status === 0 && r.ids.some((id) => ids.includes(id))).length >= 2,
          'two attempts while the LRS is down',
        );
        expect(await queued(ctx, runs.runIds)).toBe(ids.length);
      } finally {
        lrs.setDown(false);
      }
      await until(async () => (await queued(ctx, runs.runIds)) === 0, 'the queue to empty');
      const counts = await storedCounts(ids);
      expect(counts.size).toBe(ids.length);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      // Once the LRS was back, each statement went in one request that it took.
      const accepted = lrs.requests
        .filter((r) => r.status !== 0)
        .flatMap((r) => r.ids.filter((id) => ids.includes(id)));
      expect(accepted.length).toBe(ids.length);
      expect(new Set(accepted).size).toBe(ids.length);
    });

    it('sends each statement once when two workers drain one queue', async () => {
      const runs = fakeRuns(300);
      const ids = await enqueueRuns(ctx, runs);
      const worker = () =>
        new XapiWorker(
          ctx.database,
          createLrs({ endpoint: lrs.endpoint, key: LRS_KEY, secret: LRS_SECRET, version: '1.0.3' }),
          ctx.app.log,
          { claimMs: 60_000 },
        );
      // Beside the app's own worker, which polls too.
      await Promise.all([worker().deliverDue(), worker().deliverDue()]);
      await until(async () => (await queued(ctx, runs.runIds)) === 0, 'the queue to empty');
      const sent = lrs.requests.flatMap((r) => r.ids.filter((id) => ids.includes(id)));
      expect(sent.length).toBe(ids.length);
      expect(new Set(sent).size).toBe(ids.length);
      const counts = await storedCounts(ids);
      expect(counts.size).toBe(ids.length);
    });

    it('keeps a statement the LRS refuses, with its answer, and sends the rest of its batch', async () => {
      const runs = fakeRuns(3);
      const ids = runs.statements.flat().map((s) => s.id);
      const bad = runs.statements[1]?.[0];
      if (!bad) throw new Error('no statement');
      // Not a valid actor (an agent with no account): the LRS refuses the batch, then this one alone.
      delete (bad.actor as Partial<typeof bad.actor>).account;
      await enqueueRuns(ctx, runs);
      await until(async () => (await queued(ctx, runs.runIds)) === 0, 'the queue to settle');
      const [row] = await ctx.database.query<{ given_up_at: number | string; last_error: string }>(
        'SELECT given_up_at, last_error FROM xapi_outbox WHERE id = $1',
        [bad.id],
      );
      expect(Number(row?.given_up_at)).toBeGreaterThan(0);
      expect(row?.last_error).toMatch(/^400 /);
      const counts = await storedCounts(ids);
      expect(counts.size).toBe(ids.length - 1);
      expect(counts.has(bad.id)).toBe(false);
      await ctx.database.query('DELETE FROM xapi_outbox WHERE id = $1', [bad.id]);
    });
  },
  {
    env: () => ({
      PUBLIC_URL,
      LRS_ENDPOINT: lrs.endpoint,
      LRS_KEY,
      LRS_SECRET,
    }),
    xapiTiming: { backoffMs: 500, pollMs: 200 },
  },
);
