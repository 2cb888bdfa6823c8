import { describe, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import type { GameState } from './game-state.ts';
import { replay } from './replay.ts';
import { balanceDays, score, unbalanced } from './score.ts';
import { eventfulModule } from './test-modules.ts';

/** Eventful with stars any completed run's points reach: only balance tells 2 stars from 3. */
const module: Module = { ...eventfulModule, scoring: { ...eventfulModule.scoring, stars: [0, 0] } };

function played(m: Module, log: readonly GameCommand[]): GameState {
  const r = replay(m, 3, log);
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

const week = (answer: number): GameCommand[] => [
  { action: 'Fetch' },
  { action: 'Deliver it' },
  { end_day: true },
  { choose: answer },
  { end_day: true },
  { end_day: true },
];

describe('stars', () => {
  it('gives 3 stars only when every ranged gauge ended enough days in its range', () => {
    expect(balanceDays(module)).toBe(2);
    // Waiting out the storm drops mood below its range from day 2: in range on 1 of 3 days.
    const lopsided = played(module, week(0));
    expect(lopsided.outcome).toBe('complete');
    expect(unbalanced(lopsided)).toEqual({ gauge: 'mood', days: 1 });
    expect(score(lopsided).stars).toBe(2);
    // Fixing the fuse box keeps mood in range.
    const balanced = played(module, week(1));
    expect(unbalanced(balanced)).toBeUndefined();
    expect(score(balanced).stars).toBe(3);
  });

  it("takes the module's own share of the days", () => {
    const lenient = { ...module, scoring: { ...module.scoring, balance_share: 30 } };
    expect(balanceDays(lenient)).toBe(1);
    expect(score(played(lenient, week(0))).stars).toBe(3);
  });
});
