/**
 * Where a run's points came from (docs/game-rules.md, "Score and stars"): each
 * objective done, and each ranged gauge's days ended inside its healthy range;
 * and how far the run is from its next star. Read from the run's state, which
 * counts each gauge's days as the day ends, so the parts add up to what score()
 * gives the same run.
 */
import type { RunScore } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import type { GameState, Outcome } from './game-state.ts';
import { rangesOf } from './rules.ts';
import { objectivePoints, rangeDayPoints, starThresholds } from './score.ts';

export interface ScoreBreakdown {
  /** Each objective done, in the module's order. */
  objectives: { name: string; points: number }[];
  /** Each gauge with a healthy range, in the module's order: the days it ended inside it. */
  gauges: { gauge: string; days: number; points: number }[];
  /** The sum of the parts: the run's points. */
  points: number;
}

/** The breakdown of a run's points as they stand (its state keeps each gauge's days in range). */
export function scoreBreakdown(state: GameState): ScoreBreakdown {
  const { module } = state;
  const perObjective = objectivePoints(module);
  const perDay = rangeDayPoints(module);
  const objectives = module.objectives
    .filter((o) => state.objectives[o.name] === 'complete')
    .map((o) => ({ name: o.name, points: perObjective }));
  const gauges = rangesOf(module)
    .filter(([gauge]) => Object.hasOwn(module.starting_gauges, gauge))
    .map(([gauge]) => {
      const days = Object.hasOwn(state.gaugeDays, gauge) ? (state.gaugeDays[gauge]?.in_range ?? 0) : 0;
      return { gauge, days, points: days * perDay };
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
