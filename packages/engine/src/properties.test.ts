import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import { readyAirmanModule } from './ready-airman-module.ts';
import { pendingEvent, start, type GameState } from './game-state.ts';
import { replay } from './replay.ts';
import { apply, available } from './rules.ts';
import { score } from './score.ts';
import { eventfulModule, tinyModule } from './test-modules.ts';

const modules = [tinyModule, readyAirmanModule, eventfulModule];
const moduleIndex = fc.integer({ min: 0, max: modules.length - 1 });
// A move is an index into the module's actions (or the event's choices), or -1 for ending the day.
const moves = fc.array(fc.integer({ min: -1, max: 20 }), { maxLength: 80 });

function toCommand(state: GameState, move: number): GameCommand {
  const event = pendingEvent(state);
  if (event) return { choose: Math.abs(move) % event.choices.length };
  const action = state.module.actions[move % state.module.actions.length];
  return move < 0 || !action ? { end_day: true } : { action: action.name };
}

/** Plays the picks (illegal ones are skipped), calling `check` before each move. */
function walk(
  module: number,
  seed: number,
  picks: number[],
  check: (before: GameState, command: GameCommand) => void = () => {},
) {
  let state = start(modules[module]!, seed);
  const log: GameCommand[] = [];
  for (const pick of picks) {
    if (state.outcome !== 'in_progress') break;
    const command = toCommand(state, pick);
    check(state, command);
    const r = apply(state, command);
    if (!r.ok) continue;
    log.push(command);
    state = r.state;
  }
  return { state, log };
}

describe('engine properties', () => {
  it('keeps gauges within 0–100 and tokens never negative', () => {
    fc.assert(
      fc.property(moduleIndex, fc.integer(), moves, (m, seed, picks) => {
        walk(m, seed, picks, (s, c) => {
          const r = apply(s, c);
          if (!r.ok) return;
          for (const v of Object.values(r.state.gauges)) expect(v >= 0 && v <= 100).toBe(true);
          expect(r.state.tokens).toBeGreaterThanOrEqual(0);
        });
      }),
    );
  });

  it('accepts exactly what available() offers', () => {
    fc.assert(
      fc.property(moduleIndex, fc.integer(), moves, (m, seed, picks) => {
        walk(m, seed, picks, (s) => {
          for (const a of available(s)) expect(apply(s, { action: a.action }).ok).toBe(a.ok);
        });
      }),
    );
  });

  it('draws events only inside their day window, each at most once a run', () => {
    fc.assert(
      fc.property(moduleIndex, fc.integer(), moves, (m, seed, picks) => {
        const seen = new Set<number>();
        walk(m, seed, picks, (s) => {
          if (s.pendingEvent < 0 || seen.has(s.day * 1000 + s.pendingEvent)) return;
          const event = pendingEvent(s)!;
          expect(s.day).toBeGreaterThanOrEqual(event.days[0]);
          expect(s.day).toBeLessThanOrEqual(event.days[1]);
          for (const key of seen) expect(key % 1000).not.toBe(s.pendingEvent);
          seen.add(s.day * 1000 + s.pendingEvent);
        });
      }),
    );
  });

  it('plays the same for the same seed, and replaying the log reaches the state played', () => {
    fc.assert(
      fc.property(moduleIndex, fc.integer(), moves, (m, seed, picks) => {
        const played = walk(m, seed, picks);
        expect(walk(m, seed, picks)).toEqual(played);
        const r = replay(modules[m]!, seed, played.log);
        expect(r.ok && r.state).toEqual(played.state);
        if (r.ok) expect(score(r.state)).toEqual(score(played.state));
      }),
    );
  });

  it('scores no stars for a run not completed and 1–3 for a completed one', () => {
    fc.assert(
      fc.property(moduleIndex, fc.integer(), moves, (m, seed, picks) => {
        const { state } = walk(m, seed, [...picks, ...Array.from({ length: 40 }, () => -1)]);
        const { stars, points } = score(state);
        expect(points).toBeGreaterThanOrEqual(0);
        if (state.outcome === 'complete') expect(stars).toBeGreaterThanOrEqual(1);
        else expect(stars).toBe(0);
      }),
    );
  });
});
