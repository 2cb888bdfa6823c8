/**
 * Where a run's points came from (docs/game-rules.md, "Score and stars"): each
 * objective done, and each ranged gauge's days ended inside its healthy range;
 * and how far the run is from its next star. Worked out by replaying the run's
 * moves, so the parts always add up to what score() gives the same run.
 */
import type { GameCommand, RunScore } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import { start, type Outcome } from './game-state.ts';
import { apply, rangesOf } from './rules.ts';
import { objectivePoints, rangeDayPoints, starThresholds } from './score.ts';

export interface ScoreBreakdown {
  /** Each objective done, in the module's order. */
  objectives: { name: string; points: number }[];
  /** Each gauge with a healthy range, in the module's order: the days it ended inside it. */
  gauges: { gauge: string; days: number; points: number }[];
  /** The sum of the parts: the run's points. */
  points: number;
}

/** The breakdown of the run a module, a seed and its moves make (the moves up to the first illegal one). */
export function scoreBreakdown(module: Module, seed: number, log: readonly GameCommand[]): ScoreBreakdown {
  const ranges = rangesOf(module).filter(([gauge]) => Object.hasOwn(module.starting_gauges, gauge));
  const days = new Map(ranges.map(([gauge]) => [gauge, 0]));
  let state = start(module, seed);
  for (const command of log) {
    const next = apply(state, command);
    if (!next.ok) break;
    // A day that ends scores each gauge inside its range as it stands before the night.
    if ('end_day' in command) {
      for (const [gauge, min, max] of ranges) {
        const value = state.gauges[gauge] ?? -1;
        if (value >= min && value <= max) days.set(gauge, (days.get(gauge) ?? 0) + 1);
      }
    }
    state = next.state;
  }
  const perObjective = objectivePoints(module);
  const perDay = rangeDayPoints(module);
  const objectives = module.objectives
    .filter((o) => state.objectives[o.name] === 'complete')
    .map((o) => ({ name: o.name, points: perObjective }));
  const gauges = ranges.map(([gauge]) => {
    const n = days.get(gauge) ?? 0;
    return { gauge, days: n, points: n * perDay };
  });
  const points = [...objectives, ...gauges].reduce((sum, part) => sum + part.points, 0);
  return { objectives, gauges, points };
}

/**
 * The next star a run could have earned and the points it fell short by: for a
 * completed run below 3 stars; undefined for a run with 3 stars or not completed
 * (no points earn stars without completion).
 */
export function starGap(
  module: Module,
  outcome: Outcome,
  score: RunScore,
): { stars: 2 | 3; short: number } | undefined {
  if (outcome !== 'complete' || score.stars >= 3) return undefined;
  const [two, three] = starThresholds(module);
  return score.stars < 2 ? { stars: 2, short: two - score.points } : { stars: 3, short: three - score.points };
}
