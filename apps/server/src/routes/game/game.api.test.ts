import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { solve } from '@airman/engine/solver.ts';
import type { GameCommand } from '@airman/contracts/game.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { assignments, gameRuns, modules } from '../../db/schema.ts';
import { readyAirmanModule } from '../../seed/ready-airman-module.ts';
import { describeApi, type TestContext, type TestUser } from '../../../test/harness.ts';

const verdict = solve(readyAirmanModule);
if (verdict.winnable !== true) throw new Error('the seed module must be winnable');
const winningLine: GameCommand[] = verdict.line;
const idleWeek: GameCommand[] = Array.from({ length: 7 }, () => ({ end_day: true }));

async function assign(ctx: TestContext, user: TestUser, dueAt = 0): Promise<void> {
  await ctx.database.db.insert(assignments).values({ user_id: user.id, module_id: READY_AIRMAN_MODULE_ID, created_at: Date.now(), due_at: dueAt });
}

async function startRun(ctx: TestContext, user: TestUser) {
  const res = await ctx.request(user.token, { method: 'POST', url: '/api/game/runs', payload: { module: READY_AIRMAN_MODULE_ID } });
  expect(res.statusCode).toBe(200);
  return res.json<{ run_id: string; seed: number; log: GameCommand[] }>();
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
      expect.objectContaining({ module: READY_AIRMAN_MODULE_ID, title: 'Ready Airman Training', status: 'Past Due & Not Started', has_questionnaire: true }),
    ]);
  });

  it('starts a run only for an assigned module, marking it started and In Progress', async () => {
    const user = await ctx.createUser();
    const refused = await ctx.request(user.token, { method: 'POST', url: '/api/game/runs', payload: { module: READY_AIRMAN_MODULE_ID } });
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
    const answers = { before: { mental_1: 2, physical_2: 3 }, after: { mental_1: 4 } };
    const res = await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${run.run_id}/finish`, payload: { log: winningLine, answers } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'complete', game_status: 1 });
    const a = await assignmentOf(ctx, user);
    expect(a.completed_at).toBeGreaterThan(0);
    const [stored] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, run.run_id));
    expect(stored?.answers_before).toEqual(answers.before);
    expect(stored?.objectives_completed).toContain('Pass the PT test');
    const again = await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${run.run_id}/finish`, payload: { log: winningLine } });
    expect(again.statusCode).toBe(409);
  });

  it('keeps the latest finished run’s results on the assignment, for the report', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const failed = await startRun(ctx, user);
    await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${failed.run_id}/finish`, payload: { log: idleWeek } });
    const afterFailed = await assignmentOf(ctx, user);
    const [failedRun] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, failed.run_id));
    expect(afterFailed.run_final_gauges).toEqual(failedRun?.final_gauges);
    expect(afterFailed.run_answers_before).toBeNull();

    const won = await startRun(ctx, user);
    const answers = { before: { mental_1: 2 }, after: { mental_1: 5 } };
    await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${won.run_id}/finish`, payload: { log: winningLine, answers } });
    const [wonRun] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, won.run_id));
    const a = await assignmentOf(ctx, user);
    expect(a.run_final_gauges).toEqual(wonRun?.final_gauges);
    expect(a.run_final_gauges).not.toEqual(failedRun?.final_gauges);
    expect(a.run_objectives_completed).toEqual(wonRun?.objectives_completed);
    expect([a.run_answers_before, a.run_answers_after]).toEqual([answers.before, answers.after]);

    // A run quit is not finished: the results stay those of the won run.
    const quit = await startRun(ctx, user);
    await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${quit.run_id}/quit` });
    expect((await assignmentOf(ctx, user)).run_final_gauges).toEqual(wonRun?.final_gauges);
  });

  it('decides Failed for a do-nothing week, and Past Due when the due date has passed', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    const res = await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${run.run_id}/finish`, payload: { log: idleWeek } });
    expect(res.json()).toEqual({ outcome: 'failed', game_status: 2 });

    const late = await ctx.createUser();
    await assign(ctx, late, Date.now() - 60_000);
    const lateRun = await startRun(ctx, late);
    const lateRes = await ctx.request(late.token, { method: 'POST', url: `/api/game/runs/${lateRun.run_id}/finish`, payload: { log: idleWeek } });
    expect(lateRes.json()).toEqual({ outcome: 'failed', game_status: 3 });
  });

  it('refuses an illegal log with 422 and changes nothing', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    const res = await ctx.request(user.token, {
      method: 'POST',
      url: `/api/game/runs/${run.run_id}/finish`,
      payload: { log: [{ action: 'Take the PT test' }, ...idleWeek] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toContain('Requires item: Fitness plan');
    const [stored] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, run.run_id));
    expect(stored?.status).toBe('in_progress');
    const unfinished = await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${run.run_id}/finish`, payload: { log: idleWeek.slice(0, 3) } });
    expect(unfinished.statusCode).toBe(422);
  });

  it('refuses another user’s run as unknown', async () => {
    const owner = await ctx.createUser();
    const other = await ctx.createUser();
    await assign(ctx, owner);
    const run = await startRun(ctx, owner);
    for (const path of ['finish', 'quit', 'progress']) {
      const res = await ctx.request(other.token, { method: 'POST', url: `/api/game/runs/${run.run_id}/${path}`, payload: { log: idleWeek } });
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('keeps progress so a closed tab resumes the same run', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    const day1 = winningLine.slice(0, winningLine.findIndex((c) => 'end_day' in c) + 1);
    const saved = await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${run.run_id}/progress`, payload: { log: day1 } });
    expect(saved.statusCode).toBe(200);
    const resumed = await startRun(ctx, user);
    expect(resumed.run_id).toBe(run.run_id);
    expect(resumed.log).toEqual(day1);
  });

  it('quits: Quit unless already complete; archived modules cannot be started', async () => {
    const user = await ctx.createUser();
    await assign(ctx, user);
    const run = await startRun(ctx, user);
    expect((await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/${run.run_id}/quit` })).statusCode).toBe(200);
    expect((await assignmentOf(ctx, user)).game_status).toBe(4);

    await ctx.database.db.insert(modules).values({ id: 'old', game_title: 'Old', game_type: '', archived_at: Date.now(), content: { days: 1, daily_time_tokens: 1, starting_gauges: {}, objectives: [], actions: [] } });
    await ctx.database.db.insert(assignments).values({ user_id: user.id, module_id: 'old', created_at: Date.now() });
    const archived = await ctx.request(user.token, { method: 'POST', url: '/api/game/runs', payload: { module: 'old' } });
    expect(archived.statusCode).toBe(409);
  });

  it('refuses bad input and anonymous callers', async () => {
    const user = await ctx.createUser();
    expect((await ctx.request(undefined, { method: 'GET', url: '/api/game/assignments' })).statusCode).toBe(401);
    const bad = await ctx.request(user.token, { method: 'POST', url: '/api/game/runs', payload: { module: 5 } });
    expect(bad.statusCode).toBe(400);
    const badLog = await ctx.request(user.token, { method: 'POST', url: '/api/game/runs/x/finish', payload: { log: [{ jump: true }] } });
    expect(badLog.statusCode).toBe(400);
  });
});
