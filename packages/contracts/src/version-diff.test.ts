import { describe, expect, it } from 'vitest';
import { blankAction, DEFAULT_GAME_RECORD, type Module } from './module.ts';
import type { Questionnaire } from './questionnaire.ts';
import { makeItem, makeQuestionnaire } from './test-questionnaire.ts';
import { diffVersions, fieldChanges, versionChanges, type VersionContent } from './version-diff.ts';

const base: Module = {
  ...DEFAULT_GAME_RECORD,
  id: 'm1',
  game_title: 'Drill',
  game_type: 'base',
  days: 5,
  daily_time_tokens: 3,
  starting_gauges: { Fitness: 50, Sleep: 60 },
  healthy_range: { Fitness: [40, 80] },
  objectives: [{ name: 'Pass PT', active: true, hidden: false }],
  actions: [{ ...blankAction('Run'), results: { Fitness: 5 } }, blankAction('Rest')],
  events: [
    {
      name: 'Storm',
      text: 'A storm hits.',
      days: [1, 3],
      chance: 20,
      choices: [{ label: 'Wait' }],
    },
  ],
};

const questionnaire = makeQuestionnaire({
  title: 'CAF',
  domains: [{ id: 'phys', name: 'Physical' }],
  items: [makeItem('q1', 'I sleep well.', { domain: 'phys' })],
});

/** A deep copy: equal content, no shared object. */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const v = (module: Module, q: Questionnaire | null = null): VersionContent => ({ module, questionnaire: q });

describe('diffVersions', () => {
  it('finds nothing between a version and itself', () => {
    expect(diffVersions(v(base, questionnaire), v(clone(base), clone(questionnaire)))).toEqual([]);
  });

  it('lists a changed setting as old → new', () => {
    expect(diffVersions(v(base), v({ ...base, game_title: 'Drill 2', days: 6 }))).toEqual([
      {
        title: 'Settings',
        reordered: false,
        rows: [
          { kind: 'changed', name: 'Title', details: ['Drill → Drill 2'] },
          { kind: 'changed', name: 'Days', details: ['5 → 6'] },
        ],
      },
    ]);
  });

  it('names an action’s changed fields, a gauge’s result among them', () => {
    const after = {
      ...base,
      actions: [{ ...base.actions[0]!, token_cost: 2, results: { Fitness: 7 } }, base.actions[1]!],
    };
    expect(diffVersions(v(base), v(after))).toEqual([
      {
        title: 'Actions',
        reordered: false,
        rows: [{ kind: 'changed', name: 'Run', details: ['token cost: 1 → 2', 'results › Fitness: 5 → 7'] }],
      },
    ]);
  });

  it('reads an inventory item an action gives as a change of its items', () => {
    const after = {
      ...base,
      actions: [base.actions[0]!, { ...base.actions[1]!, changes_inventory: { add: ['Radio'], remove: [] } }],
    };
    expect(diffVersions(v(base), v(after))[0]!.rows).toEqual([
      { kind: 'changed', name: 'Rest', details: ['changes inventory › add: none → Radio'] },
    ]);
  });

  it('lists an added and a removed objective with what each holds', () => {
    const after = { ...base, objectives: [{ name: 'Qualify', active: false, hidden: true }] };
    expect(diffVersions(v(base), v(after))).toEqual([
      {
        title: 'Objectives',
        reordered: false,
        rows: [
          { kind: 'removed', name: 'Pass PT', details: ['active: yes', 'hidden: no'] },
          { kind: 'added', name: 'Qualify', details: ['active: no', 'hidden: yes'] },
        ],
      },
    ]);
  });

  it('gathers a gauge’s start, range and daily change in one row', () => {
    const after = { ...base, healthy_range: { Fitness: [30, 80] as [number, number] }, daily_change: { Sleep: -5 } };
    expect(diffVersions(v(base), v(after))).toEqual([
      {
        title: 'Gauges',
        reordered: false,
        rows: [
          { kind: 'changed', name: 'Fitness', details: ['healthy range: 40–80 → 30–80'] },
          { kind: 'changed', name: 'Sleep', details: ['daily change: – → -5'] },
        ],
      },
    ]);
  });

  it('says when the rows only moved', () => {
    const after = { ...base, actions: [base.actions[1]!, base.actions[0]!] };
    expect(diffVersions(v(base), v(after))).toEqual([{ title: 'Actions', reordered: true, rows: [] }]);
  });

  it('names an event’s changed choice by its label', () => {
    const event = base.events![0]!;
    const after = {
      ...base,
      events: [{ ...event, days: [2, 3] as [number, number], choices: [{ label: 'Wait', token_cost: 1 }] }],
    };
    expect(diffVersions(v(base), v(after))[0]!.rows).toEqual([
      { kind: 'changed', name: 'Storm', details: ['days: 1, 3 → 2, 3', 'choices › Wait › token cost: – → 1'] },
    ]);
  });

  it('lists the questionnaire’s changed items and title', () => {
    const after: Questionnaire = {
      ...questionnaire,
      title: 'CAF 2',
      items: [...questionnaire.items, makeItem('q2', 'I run.', { domain: 'phys', reverse: true })],
    };
    expect(diffVersions(v(base, questionnaire), v(base, after))).toEqual([
      {
        title: 'Questionnaire',
        reordered: false,
        rows: [{ kind: 'changed', name: 'Title', details: ['CAF → CAF 2'] }],
      },
      {
        title: 'Questionnaire: items',
        reordered: false,
        rows: [{ kind: 'added', name: 'q2', details: ['domain: phys', 'text: I run.', 'reverse: yes'] }],
      },
    ]);
  });

  it('lists scoring fields that changed', () => {
    expect(diffVersions(v(base), v({ ...base, scoring: { objective_points: 20, stars: [10, 20] } }))).toEqual([
      {
        title: 'Scoring',
        reordered: false,
        rows: [
          { kind: 'changed', name: 'objective points', details: ['– → 20'] },
          { kind: 'changed', name: 'stars', details: ['– → 10, 20'] },
        ],
      },
    ]);
  });
});

describe('fieldChanges', () => {
  it('has no line for equal values', () => {
    expect(fieldChanges({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toEqual([]);
  });
});

describe('versionChanges', () => {
  it('keys a changed field by its part, row and field, with the values as they were and are', () => {
    const runs = (cost: number) => ({
      ...base,
      actions: [{ ...base.actions[0]!, token_cost: cost }, base.actions[1]!],
    });
    expect(versionChanges(v(runs(2)), v(runs(3)))).toEqual({
      before: { 'Actions › Run › token cost': 2 },
      after: { 'Actions › Run › token cost': 3 },
    });
  });

  it('keys a setting by its name, and a row added or removed by the row, with what it holds', () => {
    const after = {
      ...base,
      days: 6,
      objectives: [{ name: 'Qualify', active: false, hidden: true }],
    };
    expect(versionChanges(v(base), v(after))).toEqual({
      before: { 'Settings › Days': 5, 'Objectives › Pass PT': 'active: yes; hidden: no', 'Objectives › Qualify': null },
      after: { 'Settings › Days': 6, 'Objectives › Pass PT': null, 'Objectives › Qualify': 'active: no; hidden: yes' },
    });
  });

  it('names the rows in each order when only their order changed', () => {
    const after = { ...base, actions: [base.actions[1]!, base.actions[0]!] };
    expect(versionChanges(v(base), v(after))).toEqual({
      before: { 'Actions › order': ['Run', 'Rest'] },
      after: { 'Actions › order': ['Rest', 'Run'] },
    });
  });

  it('records a field only one side has as null on the other, and the questionnaire’s changes too', () => {
    const after = { ...base, daily_change: { Sleep: -5 } };
    expect(versionChanges(v(base, questionnaire), v(after, { ...questionnaire, title: 'CAF 2' }))).toEqual({
      before: { 'Gauges › Sleep › daily change': null, 'Questionnaire › Title': 'CAF' },
      after: { 'Gauges › Sleep › daily change': -5, 'Questionnaire › Title': 'CAF 2' },
    });
  });

  it('is empty when nothing changed', () => {
    expect(versionChanges(v(base, questionnaire), v(clone(base), clone(questionnaire)))).toEqual({
      before: {},
      after: {},
    });
  });
});
