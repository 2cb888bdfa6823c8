/** Replaying a run: the server's way to decide an outcome from the player's moves alone. */
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import { start, type GameState } from './game-state.ts';
import { apply } from './rules.ts';

export type ReplayResult = { ok: true; state: GameState } | { ok: false; error: string; index: number };

/** Plays `log` from the start; the first illegal command stops the replay. */
export function replay(module: Module, seed: number, log: readonly GameCommand[]): ReplayResult {
  let state = start(module, seed);
  for (let index = 0; index < log.length; index++) {
    const result = apply(state, log[index] as GameCommand);
    if (!result.ok) return { ok: false, error: result.error, index };
    state = result.state;
  }
  return { ok: true, state };
}
