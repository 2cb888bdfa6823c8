/**
 * A module's balance over many seeds: how often random clicking, greedy play
 * and the planner win, how many stars the planner earns, how many stars the
 * fewest-actions win earns, and how many decisions a good day holds.
 */
import type { Module } from '@airman/contracts/module.ts';
import { plan, playGreedy, playRandom, type PlanOptions, type Played } from './play.ts';
import { score } from './score.ts';

export interface Balance {
  module: string;
  seeds: number;
  random_win: number;
  greedy_win: number;
  solver_win: number;
  solver_stars_3: number;
  /** The most stars any seed's fewest-actions win earns (0 when no such win was found). */
  min_win_stars: number;
  median_decisions_per_day: number;
}

export interface BalanceOptions {
  /** Random runs per seed (more runs, a finer rate). */
  randomRuns?: number;
  planner?: PlanOptions;
}

/** What playing a range of seeds counted; tallies of several ranges add up (mergeTallies). */
export interface Tally {
  seeds: number;
  randomRuns: number;
  randomWins: number;
  greedyWins: number;
  solverWins: number;
  threeStars: number;
  minWinStars: number;
  /** Decisions on each day of every planner win. */
  decisions: number[];
}

/** Player decisions (actions and event choices, not End Day) on each day of a line. */
export function decisionsPerDay(played: Played): number[] {
  const days: number[] = [0];
  for (const command of played.line) {
    if ('end_day' in command) days.push(0);
    else days[days.length - 1]! += 1;
  }
  // The last End Day ends the run and opens no day.
  if (days.length > 1 && days[days.length - 1] === 0) days.pop();
  return days;
}

/** Plays seeds `from` … `to`−1 every way. */
export function tally(module: Module, from: number, to: number, options: BalanceOptions = {}): Tally {
  const randomRuns = options.randomRuns ?? 1;
  const t: Tally = {
    seeds: 0,
    randomRuns: 0,
    randomWins: 0,
    greedyWins: 0,
    solverWins: 0,
    threeStars: 0,
    minWinStars: 0,
    decisions: [],
  };
  for (let seed = from; seed < to; seed++) {
    t.seeds += 1;
    for (let r = 0; r < randomRuns; r++) {
      t.randomRuns += 1;
      if (playRandom(module, seed + r * 1_000_003).state.outcome === 'complete') t.randomWins += 1;
    }
    if (playGreedy(module, seed).state.outcome === 'complete') t.greedyWins += 1;
    const best = plan(module, seed, options.planner);
    if (best.state.outcome === 'complete') {
      t.solverWins += 1;
      if (score(best.state).stars === 3) t.threeStars += 1;
      t.decisions.push(...decisionsPerDay(best));
    }
    const fewest = plan(module, seed, { ...options.planner, goal: 'fewest_actions' });
    if (fewest.state.outcome === 'complete') t.minWinStars = Math.max(t.minWinStars, score(fewest.state).stars);
  }
  return t;
}

export function mergeTallies(tallies: readonly Tally[]): Tally {
  return tallies.reduce(
    (a, b) => ({
      seeds: a.seeds + b.seeds,
      randomRuns: a.randomRuns + b.randomRuns,
      randomWins: a.randomWins + b.randomWins,
      greedyWins: a.greedyWins + b.greedyWins,
      solverWins: a.solverWins + b.solverWins,
      threeStars: a.threeStars + b.threeStars,
      minWinStars: Math.max(a.minWinStars, b.minWinStars),
      decisions: [...a.decisions, ...b.decisions],
    }),
    {
      seeds: 0,
      randomRuns: 0,
      randomWins: 0,
      greedyWins: 0,
      solverWins: 0,
      threeStars: 0,
      minWinStars: 0,
      decisions: [],
    },
  );
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const rate = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 1000);

export function summarize(moduleId: string, t: Tally): Balance {
  return {
    module: moduleId,
    seeds: t.seeds,
    random_win: rate(t.randomWins, t.randomRuns),
    greedy_win: rate(t.greedyWins, t.seeds),
    solver_win: rate(t.solverWins, t.seeds),
    solver_stars_3: rate(t.threeStars, t.seeds),
    min_win_stars: t.minWinStars,
    median_decisions_per_day: median(t.decisions),
  };
}

/** The balance of seeds 0 … seeds−1, in this thread. */
export function balance(module: Module, seeds: number, options: BalanceOptions = {}): Balance {
  return summarize(module.id, tally(module, 0, seeds, options));
}

/** The balance a module should meet; each failed target, in words. */
export const BALANCE_TARGETS = {
  random_win: 0.05,
  greedy_win: 0.3,
  solver_win: 0.95,
  solver_stars_3: 0.5,
  min_win_stars: 1,
  median_decisions_per_day: 3,
} as const;

export function missedTargets(b: Balance): string[] {
  const t = BALANCE_TARGETS;
  const missed: string[] = [];
  if (b.random_win > t.random_win) missed.push(`random play wins ${b.random_win}, more than ${t.random_win}`);
  if (b.greedy_win > t.greedy_win) missed.push(`greedy play wins ${b.greedy_win}, more than ${t.greedy_win}`);
  if (b.solver_win < t.solver_win) missed.push(`the planner wins ${b.solver_win}, less than ${t.solver_win}`);
  if (b.solver_stars_3 < t.solver_stars_3)
    missed.push(`the planner earns 3 stars on ${b.solver_stars_3}, less than ${t.solver_stars_3}`);
  if (b.min_win_stars > t.min_win_stars)
    missed.push(`the fewest-actions win earns ${b.min_win_stars} stars, more than ${t.min_win_stars}`);
  if (b.median_decisions_per_day < t.median_decisions_per_day) {
    missed.push(
      `a winning day holds ${b.median_decisions_per_day} decisions (median), fewer than ${t.median_decisions_per_day}`,
    );
  }
  return missed;
}
