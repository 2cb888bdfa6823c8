/**
 * A run's transitions racing each other: finish and quit sent at once (and progress and quit)
 * leave one terminal status, the assignment that status's, and one terminal xAPI verb queued.
 * The statements wait in the queue: the LRS is never polled here.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { GAME_STATUS } from '@airman/contracts/status.ts';
import { plan } from '@airman/engine/play.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { assignments, gameRuns } from '#db/schema.ts';
import { cafQuestionnaire } from '#seed/caf-questionnaire.ts';
import { describeApi, type TestContext, type TestUser } from '#test/harness.ts';
import { seedTrainee, startSeedRun } from '#test/game-fixtures.ts';
import { VERBS } from '#xapi/statements.ts';

const every = (value: number): Record<string, number> =>
  Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, value]));

/** The verbs that end a run, by the status each stands for. */
const TERMINAL: Record<string, string> = {
  [VERBS.passed]: 'complete',
  [VERBS.failed]: 'failed',
  [VERBS.abandoned]: 'quit',
};

/** Tries per race: one interleaving is luck; a few find the window when there is one. */
const ROUNDS = 6;

describeApi(
  'run transitions that race',
  (ctx) => {
    const post = (user: TestUser, url: string, payload?: object) =>
      ctx.request(user.token, { method: 'POST', url, ...(payload ? { payload } : {}) });

    /** The run's status, its assignment's game status and the terminal verbs queued for it. */
    async function outcome(ctx: TestContext, user: TestUser, runId: string) {
      const [run] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, runId));
      const [a] = await ctx.database.db
        .select()
        .from(assignments)
        .where(and(eq(assignments.user_id, user.id), eq(assignments.module_id, READY_AIRMAN_MODULE_ID)));
      const rows = await ctx.database.query<{ statement: string }>(
        'SELECT statement FROM xapi_outbox WHERE run_id = $1',
        [runId],
      );
      const verbs = rows.map((r) => (JSON.parse(r.statement) as { verb: { id: string } }).verb.id);
      return { status: run?.status, gameStatus: a?.game_status, terminal: verbs.filter((v) => v in TERMINAL) };
    }

    it('ends a run once when finish and quit come at once', async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const user = await seedTrainee(ctx);
        const run = await startSeedRun(ctx, user);
        const [finish, quit] = await Promise.all([
          post(user, `/api/game/runs/${run.run_id}/finish`, {
            log: plan(readyAirmanModule, run.seed).line,
            answers: { before: every(3), after: every(4) },
          }),
          post(user, `/api/game/runs/${run.run_id}/quit`),
        ]);
        // One of the two ends the run; the other finds it over.
        expect([finish.statusCode, quit.statusCode].sort()).toEqual([200, 409]);
        const { status, gameStatus, terminal } = await outcome(ctx, user, run.run_id);
        const winner = finish.statusCode === 200 ? 'complete' : 'quit';
        expect(status).toBe(winner);
        expect(gameStatus).toBe(winner === 'complete' ? GAME_STATUS.COMPLETE : GAME_STATUS.QUIT);
        expect(terminal.map((v) => TERMINAL[v])).toEqual([winner]);
      }
    });

    it('never moves a run on once it is over, when its progress comes with the finish or the quit', async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const user = await seedTrainee(ctx);
        const run = await startSeedRun(ctx, user);
        const line = plan(readyAirmanModule, run.seed).line;
        const first: GameCommand[] = line.slice(0, 3);
        const [progress, finish] = await Promise.all([
          post(user, `/api/game/runs/${run.run_id}/progress`, { log: first }),
          post(user, `/api/game/runs/${run.run_id}/finish`, {
            log: line,
            answers: { before: every(3), after: every(4) },
          }),
        ]);
        expect(finish.statusCode).toBe(200);
        // Progress before the finish is kept, then extended; after it, refused.
        expect([200, 409]).toContain(progress.statusCode);
        const finished = await outcome(ctx, user, run.run_id);
        expect([finished.status, finished.terminal.map((v) => TERMINAL[v])]).toEqual(['complete', ['complete']]);
        const [kept] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, run.run_id));
        expect(kept?.log).toEqual(line);

        const second = await startSeedRun(ctx, user);
        const [moved, quit] = await Promise.all([
          post(user, `/api/game/runs/${second.run_id}/progress`, {
            log: plan(readyAirmanModule, second.seed).line.slice(0, 3),
          }),
          post(user, `/api/game/runs/${second.run_id}/quit`),
        ]);
        expect(quit.statusCode).toBe(200);
        expect([200, 409]).toContain(moved.statusCode);
        const quitted = await outcome(ctx, user, second.run_id);
        expect([quitted.status, quitted.terminal.map((v) => TERMINAL[v])]).toEqual(['quit', ['quit']]);
      }
    });
  },
  {
    // Statements are queued for this LRS and wait there: nothing polls the queue in these tests.
    env: { PUBLIC_URL: 'https://train.example.mil', LRS_ENDPOINT: 'http://127.0.0.1:9/xapi' },
    xapiTiming: { backoffMs: 3_600_000, pollMs: 3_600_000 },
  },
);
