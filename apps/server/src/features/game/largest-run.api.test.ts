/**
 * The largest module the caps allow saves, and its longest run finishes with
 * its score stored (an integer column); anything larger is refused on saving.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { GAME_LOG_MAX, MODULE_MAX_ACTIONS, MODULE_MAX_DAYS, MODULE_MAX_GAUGES } from '@airman/contracts/constants.ts';
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import { largestModule, longestLog } from '@airman/engine/largest-module.ts';
import { maxPoints } from '@airman/engine/score.ts';
import { assignments } from '#db/schema.ts';
import { adminToken, describeApi } from '#test/harness.ts';

describeApi('the largest module', (ctx) => {
  it('saves, and its longest run finishes with every point stored', async () => {
    const admin = await adminToken(ctx);
    const saved = await ctx.request(admin, { method: 'POST', url: '/api/modules', payload: largestModule() });
    expect(saved.statusCode, saved.body).toBe(201);
    const module = saved.json<Module>();
    const user = await ctx.createUser();
    await ctx.database.db
      .insert(assignments)
      .values({ user_id: user.id, module_id: module.id, created_at: Date.now() });
    const run = await ctx.request(user.token, {
      method: 'POST',
      url: '/api/game/runs',
      payload: { module: module.id },
    });
    expect(run.statusCode, run.body).toBe(200);
    const { run_id, seed } = run.json<{ run_id: string; seed: number }>();
    const { log } = longestLog(module, seed);
    const finished = await ctx.request(user.token, {
      method: 'POST',
      url: `/api/game/runs/${run_id}/finish`,
      payload: { log },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({ outcome: 'complete', score: { points: maxPoints(module), stars: 3 } });
    const [kept] = await ctx.database.db
      .select({ points: assignments.run_score_points })
      .from(assignments)
      .where(and(eq(assignments.user_id, user.id), eq(assignments.module_id, module.id)));
    expect(kept?.points).toBe(maxPoints(module));
  });

  it('refuses a module over a cap, naming it, and a log longer than any run', async () => {
    const admin = await adminToken(ctx);
    const largest = largestModule();
    const overs: [Module, string][] = [
      [
        { ...largest, days: MODULE_MAX_DAYS + 1 },
        `Settings, Days: Must be a whole number from 1 to ${MODULE_MAX_DAYS}.`,
      ],
      [
        { ...largest, starting_gauges: { ...largest.starting_gauges, [`Gauge ${MODULE_MAX_GAUGES + 1}`]: 50 } },
        `Gauges: Can have at most ${MODULE_MAX_GAUGES} gauges.`,
      ],
      [
        { ...largest, actions: [...largest.actions, { ...largest.actions[0]!, name: 'One more' }] },
        `Actions: Can have at most ${MODULE_MAX_ACTIONS} actions.`,
      ],
    ];
    for (const [payload, message] of overs) {
      const res = await ctx.request(admin, { method: 'POST', url: '/api/modules', payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const user = await ctx.createUser();
    const log: GameCommand[] = Array.from({ length: GAME_LOG_MAX + 1 }, () => ({ end_day: true }));
    const res = await ctx.request(user.token, { method: 'POST', url: `/api/game/runs/none/finish`, payload: { log } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(`log: at most ${GAME_LOG_MAX} moves`);
  });
});
