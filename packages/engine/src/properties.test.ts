import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import { readyAirmanModule } from '../../../apps/server/src/seed/ready-airman-module.ts';
import { start, type GameState } from './game-state.ts';
import { replay } from './replay.ts';
import { apply, available } from './rules.ts';
import { tinyModule } from './test-modules.ts';

const modules = [tinyModule, readyAirmanModule];
// A move is an index into the module's actions, or -1 for ending the day.
const moves = fc.array(fc.integer({ min: -1, max: 20 }), { maxLength: 80 });

function toCommand(state: GameState, move: number): GameCommand {
  const action = state.module.actions[move % state.module.actions.length];
  return move < 0 || !action ? { end_day: true } : { action: action.name };
}

function walk(moduleIndex: number, picks: number[], check: (before: GameState, command: GameCommand) => void): void {
  let state = start(modules[moduleIndex]!, 7);
  for (const pick of picks) {
    if (state.outcome !== 'in_progress') return;
    const command = toCommand(state, pick);
    check(state, command);
    const r = apply(state, command);
    if (r.ok) state = r.state;
  }
}

describe('engine properties', () => {
  it('keeps gauges within 0–100 and tokens never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 }), moves, (m, picks) =>
        walk(m, picks, (s, c) => {
          const r = apply(s, c);
          if (!r.ok) return;
          for (const v of Object.values(r.state.gauges)) expect(v >= 0 && v <= 100).toBe(true);
          expect(r.state.tokens).toBeGreaterThanOrEqual(0);
        }),
      ),
    );
  });

  it('accepts exactly what available() offers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 }), moves, (m, picks) =>
        walk(m, picks, (s) => {
          for (const a of available(s)) expect(apply(s, { action: a.action }).ok).toBe(a.ok);
        }),
      ),
    );
  });

  it('replays deterministically', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 }), moves, fc.integer(), (m, picks, seed) => {
        const module = modules[m]!;
        const log: GameCommand[] = [];
        let state = start(module, seed);
        for (const pick of picks) {
          const r = apply(state, toCommand(state, pick));
          if (!r.ok) continue;
          log.push(toCommand(state, pick));
          state = r.state;
        }
        const a = replay(module, seed, log);
        const b = replay(module, seed, log);
        expect(a).toEqual(b);
        expect(a.ok && a.state).toEqual(state);
      }),
    );
  });
});
