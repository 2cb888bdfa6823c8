/**
 * What the debrief shows of a finished run, worked out from its moves: the
 * result's reason, the gauges at the end of each day, and the objectives done
 * and missed.
 */
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import { GAUGE_MIN } from '@airman/contracts/gauges.ts';
import { isGoal, start, visibleObjectives, type GameState } from '@airman/engine/game-state.ts';
import { apply } from '@airman/engine/rules.ts';
import { gaugeLabel } from './describe.ts';

export interface DayGauges {
  /** 0: the start of day 1; n: the end of day n. */
  day: number;
  gauges: Readonly<Record<string, number>>;
}

export interface Debrief {
  outcome: 'complete' | 'failed';
  /** 'Complete: every goal done in 7 days', 'Failed: Mental reached 0 on day 5'. */
  reason: string;
  days: DayGauges[];
  done: string[];
  missed: string[];
  state: GameState;
}

/** Replays a finished run's moves and describes how it ended. */
export function debrief(module: Module, seed: number, log: readonly GameCommand[]): Debrief {
  let state = start(module, seed);
  const days: DayGauges[] = [{ day: 0, gauges: state.gauges }];
  for (const command of log) {
    if ('end_day' in command) days.push({ day: state.day, gauges: state.gauges });
    const next = apply(state, command);
    if (!next.ok) break;
    state = next.state;
  }
  // A run lost during a day (or before it began) ends with that day's last gauges.
  if (state.outcome === 'failed' && days.at(-1)?.day !== state.day) days.push({ day: state.day, gauges: state.gauges });
  const visible = visibleObjectives(state);
  const done = visible.filter((o) => o.status === 'complete').map((o) => o.name);
  const missed = visible.filter((o) => o.status !== 'complete').map((o) => o.name);
  const outcome = state.outcome === 'complete' ? 'complete' : 'failed';
  return { outcome, reason: reason(state), days, done, missed, state };
}

function reason(state: GameState): string {
  const emptied = Object.entries(state.gauges)
    .filter(([, v]) => v <= GAUGE_MIN)
    .map(([g]) => gaugeLabel(g));
  if (emptied.length > 0) return `Failed: ${emptied.join(' and ')} reached 0 on day ${state.day}`;
  const goals = state.module.objectives.filter(isGoal);
  const unfinished = goals.filter((o) => state.objectives[o.name] !== 'complete').map((o) => o.name);
  const days = `${state.module.days} day${state.module.days === 1 ? '' : 's'}`;
  if (state.outcome === 'complete')
    return goals.length === 0 ? `Complete: all ${days} played` : `Complete: every goal done in ${days}`;
  if (unfinished.length > 0)
    return `Failed: ${unfinished.join(', ')} ${unfinished.length === 1 ? 'was' : 'were'} not done by day ${state.module.days}`;
  return 'Failed: the run did not finish';
}
