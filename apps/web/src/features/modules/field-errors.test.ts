import { describe, expect, it } from 'vitest';
import { blankAction, DEFAULT_GAME_RECORD, type Module } from '@airman/contracts/module.ts';
import { validateStructure } from '@airman/engine/validate.ts';
import { fieldErrors } from './field-errors.ts';
import { renameGauge, toEditorModel } from './module-editor-model.ts';

const module: Module = {
  ...DEFAULT_GAME_RECORD,
  game_title: 'Drill',
  days: 3,
  starting_gauges: { energy: 50, morale: 50 },
  objectives: [{ name: 'Finish', active: true, hidden: false }],
  actions: [
    { ...blankAction('Run'), results: { morale: 2 } },
    { ...blankAction('Rest'), required_objectives: ['Finish', 'Ghost'] },
  ],
  events: [
    {
      name: 'Storm',
      text: 'Rain.',
      days: [1, 3],
      chance: 50,
      choices: [{ label: 'Wait' }, { label: 'Go', later: [{ in_days: 1, text: ' ' }] }],
    },
  ],
};

/** Where the errors of `m` show, the model made from it. */
const errorsOf = (m: Module) => {
  const model = toEditorModel(m);
  return fieldErrors(model, validateStructure(m));
};

describe('where the editor shows an error', () => {
  it('marks a field deep in the details, and the first field of each row whose details hold it', () => {
    const { fields, details } = errorsOf(module);
    // Keys in the order of the rows: gauges 0 and 1, objective 2, actions 3 and 4, the event 5, its choices 6 and 7.
    expect([...fields.keys()]).toEqual(['event-5-choice-7-later-0-text']);
    expect([...details.keys()]).toEqual(['event-5-name', 'event-5-choice-7-label']);
  });

  it("marks an objective's checkbox in a row's objectives, by its place in the list shown", () => {
    const fixed = { ...module, events: [] };
    const ghost = errorsOf({ ...fixed, actions: [module.actions[0]!, module.actions[1]!] });
    // The matrix lists the module's objective, then the unknown one: row 1 of column 0 (Required).
    expect([...ghost.fields.keys()]).toEqual(['action-4-objectives-0-1']);
    expect(ghost.details.get('action-4-name')).toHaveLength(1);
  });

  it('shows an error of a whole table under it, a result under its gauge column, and leaves warnings out', () => {
    const fixed: Module = {
      ...module,
      actions: [module.actions[0]!, { ...module.actions[0]!, results: { ghost: 1 } }],
      events: [],
    };
    const { fields, tables } = errorsOf(fixed);
    expect([...tables.keys()]).toEqual(['actions']);
    // Columns: energy, morale, then the gauge the results name that the module lacks.
    expect([...fields.keys()]).toEqual(['action-4-result-2']);
    expect(errorsOf({ ...fixed, actions: [module.actions[0]!], days: 1 }).fields.size).toBe(0);
  });

  it('marks the name of a gauge row that repeats an earlier one', () => {
    const model = renameGauge(toEditorModel({ ...module, events: [] }), 1, 'energy');
    const { fields } = fieldErrors(model, []);
    expect([...fields.keys()]).toEqual(['gauge-1-name']);
  });
});
