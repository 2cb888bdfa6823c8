import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { plan } from '@airman/engine/play.ts';
import { assignments, gameRuns, modules } from '#db/schema.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { cafQuestionnaire } from '#seed/caf-questionnaire.ts';
import { describeApi, type TestContext, type TestUser } from '#test/harness.ts';
import { idleLine } from '#test/game-fixtures.ts';

/** The planner's best week for a run's seed (Complete, three stars on most seeds). */
const winningLine = (seed: number): GameCommand[] => plan(readyAirmanModule, seed).line;
/** The fewest-actions win for a run's seed: Complete, with fewer points. */
const hastyLine = (seed: number): GameCommand[] => plan(readyAirmanModule, seed, { goal: 'fewest_actions' }).line;

/** A complete questionnaire set: every statement answered with this value. */
const every = (value: number): Record<string, number> =>
  Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, value]));

/** A week of End Day, each event answered with its last choice: Failed, the goals left undone. */
const idleWeek = (seed: number): GameCommand[] => idleLine(readyAirmanModule, seed);

async function assign(ctx: TestContext, user: TestUser, dueAt = 0): Promise<void> {
  await ctx.database.db
    .insert(assignments)
    .values({ user_id: user.id, module_id: READY_AIRMAN_MODULE_ID, created_at: Date.now(), due_at: dueAt });
}

async function startRun(ctx: TestContext, user: TestUser) {
  const res = await ctx.request(user.token, {
    method: 'POST',
    url: '/api/game/runs',
    payload: { module: READY_AIRMAN_MODULE_ID },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{
    run_id: string;
    seed: number;
    log: GameCommand[];
    answers_before: Record<string, number> | null;
    answers_after: Record<string, number> | null;
    questionnaire: { before: boolean; after: boolean };
  }>();
}

/** Sends the run's finish as its player's client does; the answer as it came. */
function sendFinish(ctx: TestContext, user: TestUser, runId: string, payload: object) {
  return ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${runId}/finish`, payload });
}

async function assignmentOf(ctx: TestContext, user: TestUser) {
  const [a] = await ctx.database.db
    .select()
    .from(assignments)
    .where(and(eq(assignments.user_id, user.id), eq(assignments.module_id, READY_AIRMAN_MODULE_ID)));
  return a!;
}

describeApi('game API', (ctx) => {
  it('lists the caller’s live assignments with the status label', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user, Date.now() - 1000);
    const res = await ctx.request(user.token, { method: 'GET', url: '/api/game/assignments' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        module: READY_AIRMAN_MODULE_ID,
        title: 'Ready Airman Training',
        status: 'Past Due & Not Started',
        has_questionnaire: true,
      }),
    ]);
  });

  it('starts a run only for an assigned module, marking it started and In Progress', async () => {
    const user = await ctx.createUser();
    const refused = await ctx.request(user.token, {
      method: 'POST',
      url: '/api/game/runs',
      payload: { module: READY_AIRMAN_MODULE_ID },
    });
    expect(refused.statusCode).toBe(404);
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    expect(run.log).toEqual([]);
    const a = await assignmentOf(ctx, user);
    expect(a.started_at).toBeGreaterThan(0);
    expect(a.game_status).toBe(0);
  });

  it('accepts the solver’s winning line as Complete, with answers stored', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    const answers = { before: every(2), after: every(4) };
    const res = await sendFinish(ctx, user, run.run_id, { log: winningLine(run.seed), answers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'complete',
      game_status: 1,
      score: { points: expect.any(Number), stars: expect.any(Number) },
    });
    expect(res.json<{ score: { stars: number } }>().score.stars).toBeGreaterThanOrEqual(2);
    const a = await assignmentOf(ctx, user);
    expect(a.completed_at).toBeGreaterThan(0);
    const [stored] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, run.run_id));
    expect(stored?.answers_before).toEqual(answers.before);
    expect(stored?.objectives_completed).toContain('Pass the PT test');
    const again = await sendFinish(ctx, user, run.run_id, { log: winningLine(run.seed) });
    expect(again.statusCode).toBe(409);
  });

  it('keeps the latest finished run’s results on the assignment, for the report, with its first answers', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const failed = await startRun(ctx, user);
    await sendFinish(ctx, user, failed.run_id, { log: idleWeek(failed.seed), answers: { before: every(2) } });
    const afterFailed = await assignmentOf(ctx, user);
    const [failedRun] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, failed.run_id));
    expect(afterFailed.run_final_gauges).toEqual(failedRun?.final_gauges);
    expect([afterFailed.run_answers_before, afterFailed.run_answers_after]).toEqual([every(2), null]);

    // The replay asks no before-set: the report keeps the first run's, with this run's after-set.
    const won = await startRun(ctx, user);
    await sendFinish(ctx, user, won.run_id, { log: winningLine(won.seed), answers: { after: every(5) } });
    const [wonRun] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, won.run_id));
    const a = await assignmentOf(ctx, user);
    expect(a.run_final_gauges).toEqual(wonRun?.final_gauges);
    expect(a.run_final_gauges).not.toEqual(failedRun?.final_gauges);
    expect(a.run_objectives_completed).toEqual(wonRun?.objectives_completed);
    expect([a.run_answers_before, a.run_answers_after]).toEqual([every(2), every(5)]);

    // A run quit is not finished: the results stay those of the won run.
    const quit = await startRun(ctx, user);
    await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${quit.run_id}/quit` });
    expect((await assignmentOf(ctx, user)).run_final_gauges).toEqual(wonRun?.final_gauges);
  });

  it('decides Failed for a do-nothing week, and Past Due when the due date has passed', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    const res = await sendFinish(ctx, user, run.run_id, { log: idleWeek(run.seed), answers: { before: every(3) } });
    expect(res.json()).toEqual({ outcome: 'failed', game_status: 2, score: { points: expect.any(Number), stars: 0 } });

    const late = await ctx.createUser();
    await assign(ctx, late, Date.now() - 60_000);
    const lateRun = await startRun(ctx, late);
    const lateRes = await sendFinish(ctx, late, lateRun.run_id, {
      log: idleWeek(lateRun.seed),
      answers: { before: every(3) },
    });
    expect(lateRes.json()).toEqual({
      outcome: 'failed',
      game_status: 3,
      score: { points: expect.any(Number), stars: 0 },
    });
  });

  it('refuses an illegal log with 422 and changes nothing', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    const res = await sendFinish(ctx, user, run.run_id, {
      log: [{ action: 'Take the PT test' }, ...idleWeek(run.seed)],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toMatch(/Requires item: Fitness plan|Respond to '.*' first/);
    const [stored] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, run.run_id));
    expect(stored?.status).toBe('in_progress');
    const unfinished = await sendFinish(ctx, user, run.run_id, { log: idleWeek(run.seed).slice(0, 3) });
    expect(unfinished.statusCode).toBe(422);
  });

  it('refuses another user’s run as unknown', async () => {
    const owner = await ctx.createUser();
    const other = await ctx.createUser();
    await assign(ctx, owner);
    const run = await startRun(ctx, owner);
    for (const path of ['finish', 'quit', 'progress']) {
      const res = await ctx.request(other.token, {
        method: 'POST',
        url: `/api/game/runs/${run.run_id}/${path}`,
        payload: { log: idleWeek(run.seed) },
      });
      expect(res.statusCode, path).toBe(404);
    }
    const answers = await ctx.request(other.token, {
      method: 'POST',
      url: `/api/game/runs/${run.run_id}/answers`,
      payload: { before: { mental_1: 2 } },
    });
    expect(answers.statusCode).toBe(404);
  });

  it('keeps progress so a closed tab resumes the same run', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    const line = winningLine(run.seed);
    const day1 = line.slice(0, line.findIndex((c) => 'end_day' in c) + 1);
    const saved = await ctx.request(user.token, {
      method: 'POST',
      url: `/api/game/runs/${run.run_id}/progress`,
      payload: { log: day1 },
    });
    expect(saved.statusCode).toBe(200);
    const resumed = await startRun(ctx, user);
    expect(resumed.run_id).toBe(run.run_id);
    expect(resumed.log).toEqual(day1);
  });

  it('quits: Quit unless already complete; archived modules cannot be started', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    expect(
      (await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${run.run_id}/quit` })).statusCode,
    ).toBe(200);
    expect((await assignmentOf(ctx, user)).game_status).toBe(4);

    await ctx.database.db.insert(modules).values({
      id: 'old',
      game_title: 'Old',
      game_type: '',
      archived_at: Date.now(),
      content: { days: 1, daily_time_tokens: 1, starting_gauges: {}, objectives: [], actions: [] },
    });
    await ctx.database.db.insert(assignments).values({ user_id: user.id, module_id: 'old', created_at: Date.now() });
    const archived = await ctx.request(user.token, {
      method: 'POST',
      url: '/api/game/runs',
      payload: { module: 'old' },
    });
    expect(archived.statusCode).toBe(409);
  });

  it('refuses bad input and anonymous callers', async () => {
    const user = await ctx.createUser();
    expect((await ctx.request(undefined, { method: 'GET', url: '/api/game/assignments' })).statusCode).toBe(401);
    const bad = await ctx.request(user.token, { method: 'POST', url: '/api/game/runs', payload: { module: 5 } });
    expect(bad.statusCode).toBe(400);
    const badLog = await ctx.request(user.token, {
      method: 'POST',
      url: '/api/game/runs/x/finish',
      payload: { log: [{ jump: true }] },
    });
    expect(badLog.statusCode).toBe(400);
  });

  it('keeps the best run: a later lower or failed run never replaces a completed one’s results', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const finish = async (line: (seed: number) => GameCommand[], answers = {}) => {
      const run = await startRun(ctx, user);
      const res = await sendFinish(ctx, user, run.run_id, { log: line(run.seed), answers });
      expect(res.statusCode).toBe(200);
      return res.json<{ outcome: string; score: { points: number; stars: number } }>();
    };
    const best = await finish(winningLine, { before: every(2), after: every(4) });
    expect(best.outcome).toBe('complete');
    const kept = await assignmentOf(ctx, user);
    expect([kept.run_score_points, kept.run_stars]).toEqual([best.score.points, best.score.stars]);

    const failed = await finish(idleWeek);
    expect(failed.outcome).toBe('failed');
    const hasty = await finish(hastyLine);
    expect(hasty.outcome).toBe('complete');
    expect(hasty.score.points).toBeLessThan(best.score.points);
    const after = await assignmentOf(ctx, user);
    expect(after).toEqual(kept);
  });

  it('shows the kept run’s score and stars in the user’s JSON, as the user modal reads it', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const user = await ctx.createUser();
    await assign(ctx, user);
    const scoreOf = async () => {
      const res = await ctx.request(admin.token, { method: 'GET', url: `/api/admin/users/${user.id}` });
      expect(res.statusCode).toBe(200);
      return res.json<{ assignments: { score: unknown }[] }>().assignments[0]?.score;
    };
    expect(await scoreOf()).toBeNull();
    const finish = async (line: (seed: number) => GameCommand[], answers = {}) => {
      const run = await startRun(ctx, user);
      const res = await sendFinish(ctx, user, run.run_id, { log: line(run.seed), answers });
      expect(res.statusCode).toBe(200);
      return res.json<{ score: { points: number; stars: number } }>().score;
    };
    const best = await finish(winningLine, { before: every(2), after: every(4) });
    expect(best.stars).toBeGreaterThan(0);
    expect(await scoreOf()).toEqual(best);
    // Later failed and lower runs leave the kept one's score.
    await finish(idleWeek);
    await finish(hastyLine);
    expect(await scoreOf()).toEqual(best);
  });

  it('keeps each answer as it is given, across a reload, and refuses to finish on an incomplete set', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    expect([run.answers_before, run.answers_after, run.questionnaire]).toEqual([
      null,
      null,
      { before: true, after: true },
    ]);
    const answer = async (payload: object) =>
      ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${run.run_id}/answers`, payload });
    expect((await answer({ before: { mental_1: 2 } })).statusCode).toBe(200);
    expect((await answer({ before: { physical_2: 3 } })).statusCode).toBe(200);
    const bad = await answer({ before: { nope: 1 } });
    expect([bad.statusCode, bad.json<{ message: string }>().message]).toEqual([
      400,
      'answers.before.nope: unknown item',
    ]);
    expect((await answer({})).statusCode).toBe(400);

    // A reload: the same run, every answer given so far with it.
    const resumed = await startRun(ctx, user);
    expect([resumed.run_id, resumed.answers_before]).toEqual([run.run_id, { mental_1: 2, physical_2: 3 }]);

    const finish = (answers: object) => sendFinish(ctx, user, run.run_id, { log: winningLine(run.seed), answers });
    const partial = await finish({ after: every(5) });
    expect([partial.statusCode, partial.json<{ message: string }>().message]).toEqual([
      422,
      `answers.before: ${cafQuestionnaire.items.length - 2} of ${cafQuestionnaire.items.length} statements unanswered`,
    ]);
    const [kept] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, run.run_id));
    expect([kept?.status, kept?.answers_after]).toEqual(['in_progress', null]);
    expect((await answer({ before: every(1) })).statusCode).toBe(200);
    const partialAfter = await finish({ after: { mental_1: 5 } });
    expect(partialAfter.json<{ message: string }>().message).toBe(
      `answers.after: ${cafQuestionnaire.items.length - 1} of ${cafQuestionnaire.items.length} statements unanswered`,
    );
    expect((await finish({ after: every(5) })).statusCode).toBe(200);
    const a = await assignmentOf(ctx, user);
    expect([a.run_answers_before, a.run_answers_after]).toEqual([every(1), every(5)]);
  });

  it('asks the questionnaire before the first run and after the first completed run, never on a replay', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const first = await startRun(ctx, user);
    expect(first.questionnaire).toEqual({ before: true, after: true });
    const noBefore = await sendFinish(ctx, user, first.run_id, { log: idleWeek(first.seed) });
    expect([noBefore.statusCode, noBefore.json<{ message: string }>().message]).toEqual([
      422,
      'answers.before: this run asks the questionnaire before it',
    ]);
    const failed = await sendFinish(ctx, user, first.run_id, {
      log: idleWeek(first.seed),
      answers: { before: every(2) },
    });
    expect(failed.json<{ outcome: string }>().outcome).toBe('failed');

    // Failed: the next run asks nothing before, and the after-set once it completes.
    const second = await startRun(ctx, user);
    expect(second.questionnaire).toEqual({ before: false, after: true });
    const again = await ctx.request(user.token, {
      method: 'POST',
      url: `/api/game/runs/${second.run_id}/answers`,
      payload: { before: every(3) },
    });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([
      409,
      'This run asks no questionnaire before it: an earlier run answered it',
    ]);
    const finishSecond = (answers: object) =>
      sendFinish(ctx, user, second.run_id, { log: winningLine(second.seed), answers });
    expect((await finishSecond({})).json<{ message: string }>().message).toBe(
      'answers.after: this run asks the questionnaire after it',
    );
    expect((await finishSecond({ after: every(4) })).statusCode).toBe(200);

    // Completed once: a replay asks none, and the report keeps the first sets.
    const third = await startRun(ctx, user);
    expect(third.questionnaire).toEqual({ before: false, after: false });
    const replay = await sendFinish(ctx, user, third.run_id, { log: winningLine(third.seed) });
    expect(replay.statusCode).toBe(200);
    const a = await assignmentOf(ctx, user);
    expect([a.run_answers_before, a.run_answers_after]).toEqual([every(2), every(4)]);
  });

  it('keeps every move: a reload resumes mid-day, and a kept move is never taken back', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    const line = winningLine(run.seed);
    const progress = (log: GameCommand[]) =>
      ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${run.run_id}/progress`, payload: { log } });
    // Move by move, as the game saves them: two moves into day 1.
    for (let n = 1; n <= 2; n++) expect((await progress(line.slice(0, n))).statusCode).toBe(200);
    expect((await startRun(ctx, user)).log).toEqual(line.slice(0, 2));
    // Replaying the day from its start (a shorter or a different log) is refused, and changes nothing.
    const shorter = await progress(line.slice(0, 1));
    expect([shorter.statusCode, shorter.json<{ message: string }>().message]).toEqual([
      409,
      'This run has moved on since: reload it to continue from its latest move',
    ]);
    expect((await progress([{ end_day: true }])).statusCode).toBe(409);
    const finished = await sendFinish(ctx, user, run.run_id, {
      log: idleWeek(run.seed),
      answers: { before: every(2) },
    });
    expect(finished.statusCode).toBe(409);
    expect((await startRun(ctx, user)).log).toEqual(line.slice(0, 2));
  });
});

describeApi(
  'game API at human speed',
  (ctx) => {
    it('refuses a finished run whose moves came faster than a person can make them, and changes nothing', async () => {
      const user = await ctx.createUser();
      await assign(ctx, user);
      const run = await startRun(ctx, user);
      const res = await sendFinish(ctx, user, run.run_id, { log: winningLine(run.seed) });
      expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([
        422,
        'This run was finished faster than it can be played',
      ]);
      expect((await assignmentOf(ctx, user)).completed_at).toBe(0);
      const [stored] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, run.run_id));
      expect(stored?.status).toBe('in_progress');
    });
  },
  { minMsPerMove: 50 },
);
