import { describe, expect, it } from 'vitest';
import type { Module } from '@airman/contracts/module.ts';
import { answeredToday, start } from '@airman/engine/game-state.ts';
import { replay } from '@airman/engine/replay.ts';
import { action, tinyModule } from '@airman/engine/test-modules.ts';
import { cameBackNotice } from './event-panel.ts';

const m: Module = {
  ...tinyModule,
  days: 3,
  actions: [
    action({
      name: 'Energy drink',
      results: { energy: 2 },
      later: [{ in_days: 1, results: { energy: -3 }, next_day_tokens: -1, text: 'The crash.' }],
    }),
  ],
  events: [
    {
      name: 'Payday',
      text: 'Rent is due.',
      days: [2, 2],
      chance: 100,
      choices: [{ label: 'Pay' }],
      resources: [{ name: 'Military OneSource', contact: '800-342-9647' }],
    },
  ],
};

describe('the event panel', () => {
  it('tells what came back this morning, with its effects, and nothing on a quiet day', () => {
    const r = replay(m, 1, [{ action: 'Energy drink' }, { end_day: true }]);
    if (!r.ok) throw new Error(r.error);
    expect(cameBackNotice(r.state)).toBe(' Came back: The crash. −3 Energy, −1 token.');
    expect(cameBackNotice(start(m, 1))).toBe('');
  });

  it("knows today's answered event, whose resources it shows after the choice", () => {
    const r = replay(m, 1, [{ end_day: true }, { choose: 0 }]);
    if (!r.ok) throw new Error(r.error);
    expect(answeredToday(r.state)?.event.resources).toEqual([{ name: 'Military OneSource', contact: '800-342-9647' }]);
    const next = replay(m, 1, [{ end_day: true }, { choose: 0 }, { end_day: true }]);
    expect(next.ok && answeredToday(next.state)).toBeUndefined();
  });
});
