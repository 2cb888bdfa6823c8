/**
 * The module editor's balance check: EDITOR_BALANCE_SEEDS seeds split over a
 * few workers, merged into the figures `npm run balance` prints.
 */
import type { Module } from '@airman/contracts/module.ts';
import { mergeTallies, missedTargets, summarize, type Balance, type Tally } from '@airman/engine/balance.ts';

/** Seeds the editor plays: enough for a fair verdict, few enough to keep the Check short (docs/benchmarks.md). */
export const EDITOR_BALANCE_SEEDS = 30;

export interface BalanceJob {
  module: Module;
  from: number;
  to: number;
}

type Reply = { ok: true; tally: Tally } | { ok: false; error: string };

export interface BalanceRun {
  result: Promise<Balance>;
  /** Stops the workers (the module changed, or the editor closed). */
  cancel(): void;
}

export function runBalance(module: Module, seeds = EDITOR_BALANCE_SEEDS): BalanceRun {
  const count = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4, seeds));
  const workers = Array.from(
    { length: count },
    () => new Worker(new URL('./balance-worker.ts', import.meta.url), { type: 'module' }),
  );
  const cancel = () => workers.forEach((w) => w.terminate());
  const parts = workers.map(
    (worker, i) =>
      new Promise<Tally>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<Reply>) =>
          event.data.ok ? resolve(event.data.tally) : reject(new Error(event.data.error));
        worker.onerror = (event) => reject(new Error(event.message || 'The balance check stopped'));
        const job: BalanceJob = {
          module,
          from: Math.floor((seeds * i) / count),
          to: Math.floor((seeds * (i + 1)) / count),
        };
        worker.postMessage(job);
      }),
  );
  const result = Promise.all(parts)
    .then((tallies) => summarize(module, mergeTallies(tallies)))
    .finally(cancel);
  return { result, cancel };
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/**
 * The balance in one paragraph, then its verdict against the targets of
 * docs/game-rules.md in plain words (engine/balance.ts missedTargets).
 */
export function describeBalance(b: Balance): string {
  const missed = missedTargets(b);
  return (
    `Over ${b.seeds} seeds, careful play (goals first, then the lowest gauge, the first choice shown) wins ${percent(b.careful_win)} with 3 stars on ${percent(b.careful_stars_3)}; ` +
    `the planner wins ${percent(b.solver_win)} (3 stars on ${percent(b.solver_stars_3)}); ` +
    `random play wins ${percent(b.random_win)}, greedy play ${percent(b.greedy_win)}; ` +
    `a winning day holds ${b.median_decisions_per_day} decisions (median). ` +
    (missed.length === 0 ? 'It meets every balance target.' : `Against the targets: ${missed.join('; ')}.`)
  );
}
