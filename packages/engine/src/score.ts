/**
 * A run's score (docs/game-rules.md): points for objectives completed and for
 * each gauge that ends a day inside its healthy range; a completed run earns
 * 1–3 stars by its points (3 only with every ranged gauge in range on enough
 * days), a run not completed none.
 */
import type { RunScore } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import type { GameState } from './game-state.ts';

export const DEFAULT_OBJECTIVE_POINTS = 100;
export const DEFAULT_RANGE_DAY_POINTS = 10;
/** Without thresholds of its own, a module's stars need these shares of its most points. */
export const DEFAULT_STAR_SHARES = [0.6, 0.85] as const;

export function objectivePoints(module: Module): number {
  return module.scoring?.objective_points ?? DEFAULT_OBJECTIVE_POINTS;
}

export function rangeDayPoints(module: Module): number {
  return module.scoring?.range_day_points ?? DEFAULT_RANGE_DAY_POINTS;
}

/** The most points a run could score: every objective, every gauge in range every day. */
export function maxPoints(module: Module): number {
  const ranged = Object.keys(module.healthy_range ?? {}).filter((g) => Object.hasOwn(module.starting_gauges, g)).length;
  return module.objectives.length * objectivePoints(module) + module.days * ranged * rangeDayPoints(module);
}

/** Points a completed run needs for two and for three stars. */
export function starThresholds(module: Module): [number, number] {
  if (module.scoring?.stars) return [module.scoring.stars[0], module.scoring.stars[1]];
  const max = maxPoints(module);
  return [Math.ceil(max * DEFAULT_STAR_SHARES[0]), Math.ceil(max * DEFAULT_STAR_SHARES[1])];
}

/** Without a share of its own, each ranged gauge must end this percent of the days in range for 3 stars (4 of 7). */
export const DEFAULT_BALANCE_SHARE = 57;

/** The days each gauge with a healthy range must end inside it for 3 stars. */
export function balanceDays(module: Module): number {
  return Math.ceil((module.days * (module.scoring?.balance_share ?? DEFAULT_BALANCE_SHARE)) / 100);
}

/** The gauge with a healthy range that ended the fewest days in it, when fewer than 3 stars need (the first on a tie). */
export function unbalanced(state: GameState): { gauge: string; days: number } | undefined {
  const ranges = state.module.healthy_range ?? {};
  let worst: { gauge: string; days: number } | undefined;
  for (const gauge of Object.keys(state.module.starting_gauges)) {
    if (!Object.hasOwn(ranges, gauge)) continue;
    const days = Object.hasOwn(state.gaugeDays, gauge) ? (state.gaugeDays[gauge]?.in_range ?? 0) : 0;
    if (!worst || days < worst.days) worst = { gauge, days };
  }
  return worst && worst.days < balanceDays(state.module) ? worst : undefined;
}

export function points(state: GameState): number {
  const completed = Object.values(state.objectives).filter((s) => s === 'complete').length;
  return completed * objectivePoints(state.module) + state.rangeDays * rangeDayPoints(state.module);
}

export function score(state: GameState): RunScore {
  const p = points(state);
  if (state.outcome !== 'complete') return { points: p, stars: 0 };
  const [two, three] = starThresholds(state.module);
  // Three stars need balance too: every ranged gauge in its range on enough days.
  const stars = p >= three && !unbalanced(state) ? 3 : p >= two ? 2 : 1;
  return { points: p, stars };
}
