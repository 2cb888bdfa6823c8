import { describe, expect, it } from 'vitest';
import type { Module } from '@airman/contracts/module.ts';
import { describeProblem, problemPlace } from './problem-place.ts';
import { action, tinyModule } from './test-modules.ts';

const module: Module = {
  ...tinyModule,
  actions: [
    action({
      name: 'Go for a run',
      required_objectives: ['Deliver'],
      changes_inventory: { add: ['Shoes'], remove: [] },
      later: [{ in_days: 2, text: 'Sore legs' }],
    }),
    action({ name: '  ' }),
  ],
  events: [
    {
      name: 'Storm',
      text: 'Rain.',
      days: [1, 2],
      chance: 50,
      choices: [{ label: 'Stay in' }, { label: '' }],
      resources: [{ name: 'Chaplain', contact: '555-0100' }],
    },
  ],
};

describe('problemPlace', () => {
  it('names the settings and the scoring by their labels', () => {
    expect(problemPlace(module, ['days'])).toBe('Settings, Days');
    expect(problemPlace(module, ['daily_time_tokens'])).toBe('Settings, Daily time tokens');
    expect(problemPlace(module, ['game_title'])).toBe('Settings, Title');
    expect(problemPlace(module, ['scoring', 'stars', 1])).toBe('Scoring, Three stars from (points)');
    expect(problemPlace(module, ['scoring', 'objective_points'])).toBe('Scoring, Points per objective');
  });

  it('names a gauge and its column', () => {
    expect(problemPlace(module, ['starting_gauges'])).toBe('Gauges');
    expect(problemPlace(module, ['starting_gauges', 'energy'])).toBe('Gauges, “energy”, Starting value');
    expect(problemPlace(module, ['healthy_range', 'energy', 0])).toBe('Gauges, “energy”, Healthy from');
    expect(problemPlace(module, ['lessons', 'energy', 'high'])).toBe('Gauges, “energy”, Lesson when high');
    expect(problemPlace(module, ['starting_gauges', ''])).toBe('Gauges');
  });

  it('names a row by its name, or by its number while it has none', () => {
    expect(problemPlace(module, ['actions', 0, 'token_cost'])).toBe('Actions, “Go for a run”, Token cost');
    expect(problemPlace(module, ['actions', 1, 'name'])).toBe('Actions, row 2, Action');
    expect(problemPlace(module, ['objectives', 1])).toBe('Objectives, “Secret”');
    expect(problemPlace(module, ['actions'])).toBe('Actions');
  });

  it('names the lists, the results and the later consequences of an action', () => {
    expect(problemPlace(module, ['actions', 0, 'results', 'stamina'])).toBe(
      'Actions, “Go for a run”, Result for “stamina”',
    );
    expect(problemPlace(module, ['actions', 0, 'required_objectives', 0])).toBe(
      'Actions, “Go for a run”, Required “Deliver”',
    );
    expect(problemPlace(module, ['actions', 0, 'changes_inventory', 'add', 0])).toBe(
      'Actions, “Go for a run”, Inventory added “Shoes”',
    );
    expect(problemPlace(module, ['actions', 0, 'later', 0, 'in_days'])).toBe(
      'Actions, “Go for a run”, Later consequence 1, In days',
    );
  });

  it('names an event, its choices and its resources', () => {
    expect(problemPlace(module, ['events', 0, 'days'])).toBe('Events, “Storm”, First day and Last day');
    expect(problemPlace(module, ['events', 0, 'days', 1])).toBe('Events, “Storm”, Last day');
    expect(problemPlace(module, ['events', 0, 'choices', 0, 'token_cost'])).toBe(
      'Events, “Storm”, Choice “Stay in”, Token cost',
    );
    expect(problemPlace(module, ['events', 0, 'choices', 1, 'label'])).toBe('Events, “Storm”, Choice 2, Choice');
    expect(problemPlace(module, ['events', 0, 'resources', 0, 'contact'])).toBe(
      'Events, “Storm”, Where to find help, “Chaplain”, Contact',
    );
  });

  it('names what the editor does not show as in the JSON, and the module as a whole as nothing', () => {
    expect(problemPlace(module, ['archived_at'])).toBe('Module JSON, “archived_at”');
    expect(problemPlace(module, [])).toBe('');
  });

  it('reads a module the schema refused without failing', () => {
    expect(problemPlace(null, ['actions', 3, 'token_cost'])).toBe('Actions, row 4, Token cost');
    expect(problemPlace({ actions: 'none' }, ['actions', 0])).toBe('Actions, row 1');
    expect(problemPlace({ actions: [{ name: 5 }] }, ['actions', 0, 'name'])).toBe('Actions, row 1, Action');
  });
});

describe('describeProblem', () => {
  it('puts the place before the message, and the message alone for the whole module', () => {
    expect(describeProblem(module, { path: ['actions', 0, 'token_cost'], message: 'Too much.' })).toBe(
      'Actions, “Go for a run”, Token cost: Too much.',
    );
    expect(describeProblem(module, { path: [], message: 'Too many items.' })).toBe('Too many items.');
  });
});
