import { describe, expect, it } from 'vitest';
import type { Module } from '@airman/contracts/module.ts';
import { start } from './game-state.ts';
import { landedToday } from './rules.ts';
import { replay } from './replay.ts';
import { validateStructure } from './validate.ts';
import { action, eventfulModule, play, tinyModule } from './test-modules.ts';

/** Four days; a shortcut that pays now and costs energy and time later. */
const laterModule: Module = {
  ...tinyModule,
  id: 'later',
  days: 4,
  starting_gauges: { energy: 10 },
  healthy_range: { energy: [5, 40] },
  actions: [
    ...tinyModule.actions,
    action({
      name: 'Cram',
      token_cost: 1,
      results: { energy: 3 },
      later: [
        { in_days: 1, results: { energy: -4 }, text: 'You are worn out from cramming.' },
        { in_days: 2, next_day_tokens: -2, text: 'You catch up on sleep.' },
      ],
    }),
  ],
};

describe('later consequences', () => {
  it('land at the start of the day they are due, before its event, and are recorded', () => {
    const s = play(start(laterModule, 1), { action: 'Cram' });
    expect(s.scheduled.map((x) => [x.day, x.source])).toEqual([
      [2, 'Cram'],
      [3, 'Cram'],
    ]);
    const day2 = play(s, { end_day: true });
    expect(day2.gauges.energy).toBe(9);
    expect(landedToday(day2).map((l) => l.text)).toEqual(['You are worn out from cramming.']);
    expect(day2.tokens).toBe(3);
    const day3 = play(day2, { end_day: true });
    expect(day3.tokens).toBe(1);
    expect(day3.scheduled).toEqual([]);
    expect(day3.landed.map((l) => [l.day, l.from_day, l.source, l.results, l.next_day_tokens])).toEqual([
      [2, 1, 'Cram', { energy: -4 }, 0],
      [3, 1, 'Cram', {}, -2],
    ]);
  });

  it('fails the run when a landing takes a gauge to 0', () => {
    const s = play(start({ ...laterModule, starting_gauges: { energy: 1 } }, 1), { action: 'Cram' }, { end_day: true });
    expect(s.gauges.energy).toBe(0);
    expect(s.outcome).toBe('failed');
    expect(s.day).toBe(2);
  });

  it('are charged when the last day ends if they fall after it, before it is scored', () => {
    const twoDays = { ...laterModule, days: 2 };
    const cram = play(start(twoDays, 1), { end_day: true }, { action: 'Cram' });
    expect(cram.scheduled.map((x) => x.day)).toEqual([3, 4]);
    expect(cram.gauges.energy).toBe(13);
    const s = play(cram, { end_day: true });
    expect(s.scheduled).toEqual([]);
    expect(s.landed.map((x) => [x.day, x.from_day, x.text])).toEqual([
      [3, 2, 'You are worn out from cramming.'],
      [4, 2, 'You catch up on sleep.'],
    ]);
    expect(s.gauges.energy).toBe(9);
    // Charged before the last day is scored: a cost that takes a gauge out of its range loses that day's points.
    const low = play(start({ ...twoDays, starting_gauges: { energy: 5 } }, 1), { end_day: true }, { action: 'Cram' });
    expect(low.gauges.energy).toBe(8);
    const ended = play(low, { end_day: true });
    expect(ended.gauges.energy).toBe(4);
    expect(ended.gaugeDays.energy).toEqual({ in_range: 1, low: 1, high: 0 });
    // One that takes a gauge to 0 loses the run, as on any day.
    const worn = play(start({ ...twoDays, starting_gauges: { energy: 1 } }, 1), { end_day: true }, { action: 'Cram' });
    expect(play(worn, { end_day: true }).outcome).toBe('failed');
  });

  it('come from an event choice too, named by its event', () => {
    const m: Module = {
      ...eventfulModule,
      events: [
        {
          name: 'Payday',
          text: 'Rent is due.',
          days: [1, 1],
          chance: 100,
          choices: [{ label: 'Borrow', later: [{ in_days: 2, results: { mood: -20 }, text: 'The loan comes due.' }] }],
        },
      ],
    };
    const r = replay(m, 5, [{ choose: 0 }, { end_day: true }, { end_day: true }]);
    expect(r.ok && r.state.landed).toEqual([
      {
        day: 3,
        from_day: 1,
        source: 'Borrow',
        event: 'Payday',
        text: 'The loan comes due.',
        results: { mood: -20 },
        next_day_tokens: 0,
      },
    ]);
    expect(r.ok && r.state.gauges.mood).toBe(30);
  });

  it('are refused with a path when they name an unknown gauge or land on no day', () => {
    const bad = {
      ...laterModule,
      actions: [action({ name: 'X', later: [{ in_days: 1, results: { stamina: 1 }, text: 'Oops' }] })],
    };
    expect(validateStructure(bad).filter((p) => p.severity === 'error')).toEqual([
      {
        path: ['actions', 0, 'later', 0, 'results', 'stamina'],
        message: 'There is no gauge “stamina”: add it under Gauges, or clear this value.',
        severity: 'error',
      },
    ]);
    const zero = { ...laterModule, actions: [action({ name: 'X', later: [{ in_days: 0, text: 'Now' }] })] };
    expect(validateStructure(zero).map((p) => p.path.join('.'))).toEqual(['actions.0.later.0.in_days']);
    const blank = { ...laterModule, actions: [action({ name: 'X', later: [{ in_days: 1, text: ' ' }] })] };
    expect(validateStructure(blank).map((p) => p.path.join('.'))).toEqual(['actions.0.later.0.text']);
    const many = {
      ...laterModule,
      actions: [action({ name: 'X', later: Array.from({ length: 4 }, () => ({ in_days: 1, text: 'Again' })) })],
    };
    expect(validateStructure(many).map((p) => p.path.join('.'))).toEqual(['actions.0.later']);
  });
});
