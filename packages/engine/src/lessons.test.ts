import { describe, expect, it } from 'vitest';
import type { Module } from '@airman/contracts/module.ts';
import { start } from './game-state.ts';
import { lessonFor } from './lessons.ts';
import { replay } from './replay.ts';
import { validateStructure } from './validate.ts';
import { action, tinyModule } from './test-modules.ts';

/** Three days; energy drains below its range, mood can be pushed above its own. */
const lessonModule: Module = {
  ...tinyModule,
  id: 'lessons',
  days: 3,
  daily_time_tokens: 5,
  starting_gauges: { energy: 30, mood: 50 },
  healthy_range: { energy: [20, 60], mood: [40, 60] },
  actions: [
    action({ name: 'Overwork', token_cost: 1, results: { energy: -6 } }),
    action({ name: 'Party', token_cost: 1, results: { mood: 8 } }),
  ],
  lessons: {
    energy: { low: 'Rest is part of the job.', high: 'Too much rest.' },
    mood: { high: 'Highs fade.' },
  },
};

describe('lessonFor', () => {
  it('teaches about the gauge that spent the most days out of its range, with the count', () => {
    const r = replay(lessonModule, 1, [
      { action: 'Overwork' },
      { action: 'Overwork' },
      { end_day: true },
      { action: 'Party' },
      { action: 'Party' },
      { end_day: true },
      { end_day: true },
    ]);
    if (!r.ok) throw new Error(r.error);
    expect(r.state.gaugeDays).toEqual({
      energy: { in_range: 0, low: 3, high: 0 },
      mood: { in_range: 1, low: 0, high: 2 },
    });
    expect(lessonFor(lessonModule, r.state)).toEqual({
      gauge: 'energy',
      side: 'low',
      days: 3,
      text: 'Rest is part of the job.',
    });
  });

  it('skips a side the module has no lesson for, and has none for a run kept in range', () => {
    const r = replay(lessonModule, 1, [{ action: 'Party' }, { action: 'Party' }, { end_day: true }]);
    if (!r.ok) throw new Error(r.error);
    const noEnergyLesson = { ...lessonModule, lessons: { mood: { low: 'Reach out.' } } };
    expect(lessonFor(noEnergyLesson, r.state)).toBeUndefined();
    expect(lessonFor(lessonModule, r.state)).toMatchObject({ gauge: 'mood', side: 'high', days: 1 });
    expect(lessonFor(lessonModule, start(lessonModule, 1))).toBeUndefined();
  });

  it('is validated: an unknown gauge is an error, an empty lesson too', () => {
    const errors = validateStructure({ ...lessonModule, lessons: { stamina: { low: 'x' }, mood: { low: '' } } });
    expect(errors.map((p) => [p.path.join('.'), p.severity])).toEqual([['lessons.mood.low', 'error']]);
    const unknown = validateStructure({ ...lessonModule, lessons: { stamina: { low: 'x' } } });
    expect(unknown.filter((p) => p.severity === 'error')).toEqual([
      {
        path: ['lessons', 'stamina'],
        message: 'There is no gauge “stamina”: add it under Gauges, or clear this value.',
        severity: 'error',
      },
    ]);
  });
});
