import { describe, expect, it } from 'vitest';
import type { GameEvent, Module } from '@airman/contracts/module.ts';
import { plan } from './play.ts';
import { action, tinyModule } from './test-modules.ts';

const crisis: GameEvent = {
  name: 'A friend in crisis',
  text: 'Your friend says nobody would notice if they were gone.',
  days: [1, 1],
  chance: 100,
  choices: [
    { label: 'Stay and walk them to help', token_cost: 1, results: { energy: -5 } },
    {
      label: 'Change the subject',
      results: { energy: 5 },
      risky: true,
      lesson: 'Talk of not being missed is a warning sign: ask and stay.',
    },
  ],
  resources: [{ name: 'Crisis line', contact: 'Dial 988, then press 1' }],
};

/** Two days, one gauge scored in range: the risky answer keeps it in range, the healthy one does not. */
const module: Module = {
  ...tinyModule,
  id: 'crisis',
  days: 2,
  starting_gauges: { energy: 42 },
  healthy_range: { energy: [40, 60] },
  objectives: [],
  actions: [action({ name: 'Rest', token_cost: 1, results: { energy: 1 } })],
  events: [crisis],
};

const answer = (m: Module) => plan(m, 1).line.find((c) => 'choose' in c);

describe('the planner', () => {
  it('never answers a crisis (an event naming real help) with a risky choice', () => {
    expect(answer(module)).toEqual({ choose: 0 });
  });

  it('weighs every answer of an event that names no help', () => {
    const { resources: _help, ...plain } = crisis;
    expect(answer({ ...module, events: [plain] })).toEqual({ choose: 1 });
  });
});
