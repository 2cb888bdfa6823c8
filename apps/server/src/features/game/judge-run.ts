/** The server's verdict on a run: replay the player's log with the engine; never trust a claimed outcome. */
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import type { RunScore } from '@airman/contracts/game.ts';
import { replay } from '@airman/engine/replay.ts';
import { score } from '@airman/engine/score.ts';

export type Judgement =
  | { ok: false; error: string; index: number }
  | {
      ok: true;
      outcome: 'in_progress' | 'complete' | 'failed';
      gauges: Record<string, number>;
      objectivesCompleted: string[];
      /** Per gauge with a healthy range: the days it ended inside it. */
      daysInRange: Record<string, number>;
      score: RunScore;
    };

export function judgeRun(module: Module, seed: number, log: readonly GameCommand[]): Judgement {
  const result = replay(module, seed, log);
  if (!result.ok) return result;
  const { state } = result;
  return {
    ok: true,
    outcome: state.outcome,
    gauges: { ...state.gauges },
    objectivesCompleted: module.objectives.filter((o) => state.objectives[o.name] === 'complete').map((o) => o.name),
    daysInRange: Object.fromEntries(Object.entries(state.gaugeDays).map(([g, d]) => [g, d.in_range])),
    score: score(state),
  };
}
