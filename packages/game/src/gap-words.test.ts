import { describe, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import { score } from '@airman/engine/score.ts';
import { eventfulModule } from '@airman/engine/test-modules.ts';
import { debrief } from './debrief.ts';
import { gapWords } from './view/debrief.ts';

/** Eventful with stars any completed run's points reach: only balance tells 2 stars from 3. */
const module: Module = { ...eventfulModule, scoring: { ...eventfulModule.scoring, stars: [0, 0] } };

const week = (answer: number): GameCommand[] => [
  { action: 'Fetch' },
  { action: 'Deliver it' },
  { end_day: true },
  { choose: answer },
  { end_day: true },
  { end_day: true },
];

describe('the gap to the next star', () => {
  it('names the gauge that kept a run with the points from 3 stars', () => {
    const d = debrief(module, 3, week(0));
    expect(gapWords({ debrief: d, score: score(d.state) })).toBe(
      'Mood was healthy on 1 of 3 days: 2 stars (3 need 2).',
    );
    const balanced = debrief(module, 3, week(1));
    expect(gapWords({ debrief: balanced, score: score(balanced.state) })).toBe('');
  });
});
