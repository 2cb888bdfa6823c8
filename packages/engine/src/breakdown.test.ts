import { describe, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import { readyAirmanModule } from './ready-airman-module.ts';
import { scoreBreakdown, starGap } from './breakdown.ts';
import type { Module } from '@airman/contracts/module.ts';
import { pendingEvent, start, type GameState } from './game-state.ts';
import { plan } from './play.ts';
import { replay } from './replay.ts';
import { apply, available } from './rules.ts';
import { score } from './score.ts';
import { eventfulModule } from './test-modules.ts';

/** A run of pseudo-random legal moves (a fixed generator: the same moves every time). */
function wander(seed: number): GameCommand[] {
  let x = seed + 1;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x;
  };
  const log: GameCommand[] = [];
  let state = start(readyAirmanModule, seed);
  while (state.outcome === 'in_progress') {
    const event = pendingEvent(state);
    const open = available(state).filter((a) => a.ok);
    const command: GameCommand = event
      ? { choose: next() % event.choices.length }
      : next() % 3 === 0 || open.length === 0
        ? { end_day: true }
        : { action: open[next() % open.length]?.action ?? '' };
    const result = apply(state, command);
    if (!result.ok) continue;
    log.push(command);
    state = result.state;
  }
  return log;
}

/** The state a run's moves reach. */
function played(module: Module, seed: number, log: GameCommand[]): GameState {
  const r = replay(module, seed, log);
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

describe('where the points came from', () => {
  it('adds up to the score the server computes, for planned and wandering runs alike', () => {
    for (let seed = 0; seed < 200; seed++) {
      // The planner's lines are slow to find: a few of them; wandering runs are cheap.
      for (const log of seed < 3
        ? [plan(readyAirmanModule, seed).line as GameCommand[], wander(seed)]
        : [wander(seed)]) {
        const r = replay(readyAirmanModule, seed, log);
        if (!r.ok) throw new Error(r.error);
        expect(scoreBreakdown(r.state).points).toBe(score(r.state).points);
      }
    }
  });

  it('counts each gauge’s days in range and each objective done', () => {
    // Eventful: energy 20 (range 10–40, −3 a night), mood 50 (40–60); Storm on day 2.
    const log: GameCommand[] = [
      { action: 'Fetch' },
      { action: 'Deliver it' },
      { end_day: true },
      { choose: 0 }, // Wait it out: mood −15, to 35
      { end_day: true },
      { end_day: true },
    ];
    expect(scoreBreakdown(played(eventfulModule, 1, log))).toEqual({
      objectives: [{ name: 'Deliver', points: 50 }],
      gauges: [
        { gauge: 'energy', days: 3, points: 15 },
        { gauge: 'mood', days: 1, points: 5 },
      ],
      points: 70,
    });
    const r = replay(eventfulModule, 1, log);
    expect(r.ok && score(r.state).points).toBe(70);
  });

  it('scores nothing for a run that has not ended a day or done an objective', () => {
    expect(scoreBreakdown(start(eventfulModule, 1))).toEqual({
      objectives: [],
      gauges: [
        { gauge: 'energy', days: 0, points: 0 },
        { gauge: 'mood', days: 0, points: 0 },
      ],
      points: 0,
    });
    expect(start(eventfulModule, 1).rangeDays).toBe(0);
  });
});

describe('the gap to the next star', () => {
  // Eventful's stars: 2 from 60 points, 3 from 100.
  it('is the points a completed run lacked for its next star', () => {
    expect(starGap(eventfulModule, 'complete', { points: 50, stars: 1 })).toEqual({ stars: 2, short: 10 });
    expect(starGap(eventfulModule, 'complete', { points: 70, stars: 2 })).toEqual({ stars: 3, short: 30 });
  });

  it('is none with 3 stars, and none for a run not completed', () => {
    expect(starGap(eventfulModule, 'complete', { points: 120, stars: 3 })).toBeUndefined();
    expect(starGap(eventfulModule, 'failed', { points: 70, stars: 0 })).toBeUndefined();
  });
});
