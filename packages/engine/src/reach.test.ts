import { describe, expect, it } from 'vitest';
import type { Module } from '@airman/contracts/module.ts';
import { readyAirmanModule } from './ready-airman-module.ts';
import { blockedGoals, objectiveSources, reach, whyNeverDone } from './reach.ts';
import { solve } from './solver.ts';
import { action, eventfulModule, tinyModule } from './test-modules.ts';
import { validateStructure } from './validate.ts';

/** The tiny module with 'Deliver it' needing an item of another name. */
function needing(item: string, extra: Module['actions'] = []): Module {
  return {
    ...tinyModule,
    actions: [
      ...tinyModule.actions.map((a) =>
        a.name === 'Deliver it' ? { ...a, changes_inventory: { add: [], remove: [item] } } : a,
      ),
      ...extra,
    ],
  };
}

describe('what a module can ever do', () => {
  it('finds every goal of the seed module within reach', () => {
    expect(blockedGoals(readyAirmanModule)).toEqual([]);
    const r = reach(readyAirmanModule);
    expect([...r.done].sort()).toEqual(readyAirmanModule.objectives.map((o) => o.name).sort());
  });

  it('names a goal whose only move needs an item nothing gives', () => {
    expect(blockedGoals(needing('PT uniform'))).toEqual([
      {
        objective: 'Deliver',
        message: '“Deliver” can never be done: the action “Deliver it” uses up “PT uniform”, and nothing gives it.',
      },
    ]);
  });

  it('follows the chain: an item given only by a move that can never be taken', () => {
    const m = needing('Badge', [
      action({
        name: 'Earn a badge',
        required_objectives: ['Secret'],
        changes_inventory: { add: ['Badge'], remove: [] },
      }),
    ]);
    const withoutSnoop = { ...m, actions: m.actions.filter((a) => a.name !== 'Snoop') };
    expect(blockedGoals(withoutSnoop)[0]?.message).toBe(
      '“Deliver” can never be done: the action “Deliver it” uses up “Badge”, and nothing that can happen gives it.',
    );
    // Once 'Secret' can be activated, the badge can be earned and the goal done.
    expect(blockedGoals(m)).toEqual([]);
  });

  it('names a goal that nothing completes, and one only a disabled action or an event never drawn completes', () => {
    const none = { ...tinyModule, actions: tinyModule.actions.filter((a) => a.name !== 'Deliver it') };
    expect(blockedGoals(none)[0]?.message).toBe(
      '“Deliver” can never be done: no action or choice completes it. Tick Removed for it on one of them.',
    );
    const disabled = {
      ...tinyModule,
      actions: tinyModule.actions.map((a) => (a.name === 'Deliver it' ? { ...a, disabled: true } : a)),
    };
    expect(blockedGoals(disabled)[0]?.message).toBe(
      '“Deliver” can never be done: the action “Deliver it” is disabled.',
    );
    const eventOnly: Module = {
      ...none,
      events: [
        {
          name: 'Courier',
          text: 'A courier comes by.',
          days: [5, 6],
          chance: 100,
          choices: [{ label: 'Hand it over', changes_objectives: { add: [], remove: ['Deliver'] } }],
        },
      ],
    };
    expect(blockedGoals(eventOnly)[0]?.message).toBe(
      '“Deliver” can never be done: the event “Courier” can never be drawn.',
    );
  });

  it('tells the solver, so an unwinnable module names its blocked goal instead of searching', () => {
    expect(solve(needing('PT uniform'), { maxStates: 10 })).toEqual({
      winnable: false,
      reason: '“Deliver” can never be done: the action “Deliver it” uses up “PT uniform”, and nothing gives it.',
    });
  });

  it('warns in validation about an action that requires an objective nothing activates, and a bonus never done', () => {
    const m: Module = {
      ...tinyModule,
      objectives: [...tinyModule.objectives, { name: 'Lost', active: false, hidden: true }],
      actions: [
        ...tinyModule.actions,
        action({ name: 'Search', required_objectives: ['Lost'], changes_objectives: { add: [], remove: ['Lost'] } }),
      ],
    };
    const warnings = validateStructure(m).map((p) => `${p.path.join('.')}: ${p.message}`);
    expect(warnings).toContain(
      'actions.6: This action can never be taken: the action “Search” needs “Lost” active, and nothing activates it.',
    );
    expect(warnings).toContain(
      'objectives.1: “Secret” can never be done: no action or choice completes it. Tick Removed for it on one of them.',
    );
  });

  it("lists the moves that reveal and complete an objective, events' choices included", () => {
    const { reveal, complete } = objectiveSources(eventfulModule, 'Secret');
    expect(reveal.map((s) => (s.kind === 'action' ? s.action.name : s.choice.label))).toEqual(['Snoop']);
    expect(complete.map((s) => (s.kind === 'action' ? s.action.name : `${s.event.name}: ${s.choice.label}`))).toEqual([
      'Storm: Use the parcel as a lamp',
    ]);
    expect(whyNeverDone(eventfulModule, reach(eventfulModule), 'Secret')).toBeUndefined();
  });
});
