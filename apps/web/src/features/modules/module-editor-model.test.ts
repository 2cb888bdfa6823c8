import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_RECORD, type Module } from '@airman/contracts/module.ts';
import { fromEditorModel, move, newAction, parseInteger, renameGauge, renameObjective, toEditorModel } from './module-editor-model.ts';

const module: Module = {
  ...DEFAULT_GAME_RECORD,
  id: 'm1',
  game_title: 'Week one',
  days: 3,
  daily_time_tokens: 5,
  starting_gauges: { mental: 50, physical: 40 },
  objectives: [{ name: 'Pass', active: true, hidden: false }],
  actions: [
    {
      ...newAction([]),
      name: 'Run',
      results: { physical: 5 },
      required_objectives: ['Pass'],
      changes_objectives: { add: [], remove: ['Pass'] },
    },
  ],
};

describe('module editor model', () => {
  it('round-trips a module through the tables unchanged, gauge order included', () => {
    expect(fromEditorModel(toEditorModel(module))).toEqual(module);
    expect(JSON.stringify(fromEditorModel(toEditorModel(module)))).toBe(JSON.stringify(module));
  });

  it('gives the same module whether edited in the tables or in JSON', () => {
    const viaTables = fromEditorModel({ ...toEditorModel(module), days: 5 });
    const viaJson = JSON.parse(JSON.stringify({ ...module, days: 5 })) as Module;
    expect(viaTables).toEqual(viaJson);
  });

  it('renames references along with a gauge or an objective', () => {
    const g = fromEditorModel(renameGauge(toEditorModel(module), 1, 'fitness'));
    expect(g.starting_gauges).toEqual({ mental: 50, fitness: 40 });
    expect(g.actions[0]?.results).toEqual({ fitness: 5 });
    const o = fromEditorModel(renameObjective(toEditorModel(module), 0, 'Qualify'));
    expect(o.actions[0]?.required_objectives).toEqual(['Qualify']);
    expect(o.actions[0]?.changes_objectives.remove).toEqual(['Qualify']);
  });

  it('parses number fields as integers', () => {
    expect(parseInteger('7')).toBe(7);
    expect(parseInteger('7.9')).toBe(7);
    expect(parseInteger('')).toBe(0);
    expect(parseInteger('-3')).toBe(-3);
  });

  it('reorders rows', () => {
    expect(move(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
