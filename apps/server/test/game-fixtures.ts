/**
 * Modules and game lines the API tests share: a small module of their own to create, and the
 * line that plays a run to its end without doing anything.
 */
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import { pendingEvent, start } from '@airman/engine/game-state.ts';
import { apply } from '@airman/engine/rules.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { assignments } from '../src/db/schema.ts';
import { expect } from 'vitest';
import type { TestContext, TestUser } from './harness.ts';

/** A small module titled `title`: two gauges, one action, no events, objectives or questionnaire. */
export function smallModule(title: string): Module {
  const { daily_change: _d, healthy_range: _h, events: _e, scoring: _s, lessons: _l, ...base } = readyAirmanModule;
  const { later: _later, ...action } = readyAirmanModule.actions[0]!;
  return {
    ...base,
    id: '',
    game_type: '',
    game_title: title,
    starting_gauges: { focus: 50, morale: 40 },
    objectives: [],
    actions: [{ ...action, results: { focus: 1 } }],
  };
}

/** End Day until the run is over, each event answered with its last choice: the goals left undone. */
export function idleLine(module: Module, seed: number): GameCommand[] {
  const line: GameCommand[] = [];
  let state = start(module, seed);
  while (state.outcome === 'in_progress') {
    const event = pendingEvent(state);
    const command: GameCommand = event ? { choose: event.choices.length - 1 } : { end_day: true };
    const r = apply(state, command);
    if (!r.ok) throw new Error(r.error);
    line.push(command);
    state = r.state;
  }
  return line;
}

/** Assigns the seed module to `user` as of now, with no due date. */
export async function assignSeedModule(ctx: TestContext, user: TestUser): Promise<void> {
  await ctx.database.db
    .insert(assignments)
    .values({ user_id: user.id, module_id: READY_AIRMAN_MODULE_ID, created_at: Date.now() });
}

/** A new trainee assigned the seed module. */
export async function seedTrainee(ctx: TestContext): Promise<TestUser> {
  const user = await ctx.createUser();
  await assignSeedModule(ctx, user);
  return user;
}

/** Starts (or resumes) `user`'s run of the seed module, as the game does: the run as the server answers it. */
export async function startSeedRun<T = { run_id: string; seed: number }>(ctx: TestContext, user: TestUser): Promise<T> {
  const res = await ctx.request(user.token, {
    method: 'POST',
    url: '/api/game/runs',
    payload: { module: READY_AIRMAN_MODULE_ID },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
