import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_RECORD, type Action, type Module } from '@airman/contracts/module.ts';
import { validateStructure } from '@airman/engine/validate.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import {
  addChoice,
  addEvent,
  addRow,
  fromEditorModel,
  moveEvent,
  move,
  newLater,
  newResource,
  moveRow,
  newAction,
  newGauge,
  newObjective,
  neighbourKey,
  parseInteger,
  parseOptionalInteger,
  removeChoice,
  removeEvent,
  removeGauge,
  removeObjective,
  removeRow,
  referencedNames,
  renameGauge,
  renameObjective,
  setDailyChange,
  setHealthyRange,
  setLesson,
  setResources,
  setResult,
  tableErrors,
  toEditorModel,
  updateChoice,
  updateEvent,
  updateLater,
  updateScoring,
  withLater,
  type EditorModel,
} from './module-editor-model.ts';

const module: Module = {
  ...DEFAULT_GAME_RECORD,
  id: 'm1',
  game_title: 'Week one',
  days: 3,
  daily_time_tokens: 5,
  starting_gauges: { mental: 50, physical: 40, social: 30 },
  objectives: [
    { name: 'Pass', active: true, hidden: false },
    { name: 'Rest', active: false, hidden: true },
  ],
  actions: [
    {
      ...newAction([]),
      name: 'Run',
      results: { physical: 5, mental: -1 },
      required_objectives: ['Pass'],
      changes_objectives: { add: ['Rest'], remove: ['Pass'] },
    },
  ],
};

/** What the JSON editor shows for a module. */
const json = (m: Module) => JSON.stringify(m, null, 2);
/** Edits the module as an admin edits the JSON text: parse, change, and the text is the module. */
function viaJson(m: Module, edit: (draft: Module) => void): string {
  const draft = JSON.parse(json(m)) as Module;
  edit(draft);
  return json(draft);
}
/** Edits the module in the tables. */
const viaTables = (m: Module, edit: (model: EditorModel) => EditorModel) =>
  json(fromEditorModel(edit(toEditorModel(m))));
/** A map with one key renamed in place (JSON keeps the author's order). */
const renameKey = <V>(map: Record<string, V>, from: string, to: string) =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [k === from ? to : k, v]));
const renameIn = (list: string[], from: string, to: string) => list.map((n) => (n === from ? to : n));

const nameArb = fc.string({ minLength: 1, maxLength: 8 });
const namesArb = fc.uniqueArray(nameArb, { maxLength: 4 });
const actionArb: fc.Arbitrary<Action> = fc.record({
  name: nameArb,
  token_cost: fc.nat(5),
  set_cooldown: fc.nat(3),
  results: fc.dictionary(nameArb, fc.integer({ min: -20, max: 20 }), { maxKeys: 3 }),
  disabled: fc.boolean(),
  required_objectives: namesArb,
  changes_inventory: fc.record({ add: namesArb, remove: namesArb }),
  changes_objectives: fc.record({ add: namesArb, remove: namesArb }),
});
const moduleArb: fc.Arbitrary<Module> = fc.record({
  id: fc.string({ maxLength: 12 }),
  game_title: fc.string({ maxLength: 20 }),
  game_description: fc.string({ maxLength: 40 }),
  game_type: fc.string({ maxLength: 12 }),
  archived_at: fc.nat(),
  days: fc.integer({ min: 1, max: 30 }),
  daily_time_tokens: fc.integer({ min: 1, max: 10 }),
  starting_gauges: fc.dictionary(nameArb, fc.integer({ min: 0, max: 100 }), { maxKeys: 5 }),
  objectives: fc.array(fc.record({ name: nameArb, active: fc.boolean(), hidden: fc.boolean() }), { maxLength: 4 }),
  actions: fc.array(actionArb, { maxLength: 4 }),
});

describe('module editor model: tables ↔ JSON', () => {
  it('round-trips any module through the tables to the same JSON text, gauge order included', () => {
    fc.assert(
      fc.property(moduleArb, (m) => {
        expect(json(fromEditorModel(toEditorModel(m)))).toBe(json(m));
      }),
    );
  });

  it('round-trips the default game record (the new module) and the example module', () => {
    expect(json(fromEditorModel(toEditorModel(DEFAULT_GAME_RECORD)))).toBe(json(DEFAULT_GAME_RECORD));
    expect(json(fromEditorModel(toEditorModel(module)))).toBe(json(module));
  });

  it('keeps later consequences, resources and lessons through the tables, and renames or drops a gauge in them', () => {
    expect(fromEditorModel(toEditorModel(readyAirmanModule))).toEqual(readyAirmanModule);
    const m: Module = {
      ...module,
      actions: [
        { ...module.actions[0]!, later: [{ in_days: 1, results: { physical: -3, mental: -1 }, text: 'Sore.' }] },
      ],
      lessons: { physical: { low: 'Rest.' }, mental: { high: 'Calm.' } },
    };
    const physical = toEditorModel(m).gauges.findIndex((g) => g.name === 'physical');
    const renamed = fromEditorModel(renameGauge(toEditorModel(m), physical, 'fitness'));
    expect(renamed.actions[0]?.later?.[0]?.results).toEqual({ fitness: -3, mental: -1 });
    expect(renamed.lessons).toEqual({ fitness: { low: 'Rest.' }, mental: { high: 'Calm.' } });
    const removed = fromEditorModel(removeGauge(toEditorModel(m), physical));
    expect(removed.actions[0]?.later?.[0]?.results).toEqual({ mental: -1 });
    expect(removed.lessons).toEqual({ mental: { high: 'Calm.' } });
  });

  it('gives the same module for the same settings edit in the tables and in JSON', () => {
    const tables = viaTables(module, (m) => ({
      ...m,
      game_title: 'Week two',
      game_description: 'Harder',
      days: 5,
      daily_time_tokens: 4,
    }));
    const text = viaJson(module, (d) =>
      Object.assign(d, { game_title: 'Week two', game_description: 'Harder', days: 5, daily_time_tokens: 4 }),
    );
    expect(tables).toBe(text);
  });

  it('gives the same module for a renamed gauge (its results follow) in the tables and in JSON', () => {
    const tables = viaTables(module, (m) => renameGauge(m, 1, 'fitness'));
    const text = viaJson(module, (d) => {
      d.starting_gauges = renameKey(d.starting_gauges, 'physical', 'fitness');
      d.actions[0]!.results = renameKey(d.actions[0]!.results, 'physical', 'fitness');
    });
    expect(tables).toBe(text);
  });

  it('gives the same module for reordered gauges and a changed starting value in the tables and in JSON', () => {
    const tables = viaTables(module, (m) => {
      const gauges = move(m.gauges, 2, 0).map((g) => (g.name === 'mental' ? { ...g, value: 70 } : g));
      return { ...m, gauges };
    });
    const text = viaJson(module, (d) => {
      d.starting_gauges = { social: 30, mental: 70, physical: 40 };
    });
    expect(tables).toBe(text);
  });

  it('gives the same module for an added gauge and objective in the tables and in JSON', () => {
    const tables = viaTables(module, (m) => ({
      ...m,
      gauges: [...m.gauges, newGauge(m.gauges)],
      objectives: [...m.objectives, newObjective(m.objectives)],
    }));
    const text = viaJson(module, (d) => {
      d.starting_gauges.gauge = 50;
      d.objectives.push({ name: 'New objective', active: true, hidden: false });
    });
    expect(tables).toBe(text);
  });

  it('gives the same module for a renamed objective (every reference follows) in the tables and in JSON', () => {
    const tables = viaTables(module, (m) => renameObjective(m, 0, 'Qualify'));
    const text = viaJson(module, (d) => {
      d.objectives[0]!.name = 'Qualify';
      const a = d.actions[0]!;
      a.required_objectives = renameIn(a.required_objectives, 'Pass', 'Qualify');
      a.changes_objectives = {
        add: renameIn(a.changes_objectives.add, 'Pass', 'Qualify'),
        remove: renameIn(a.changes_objectives.remove, 'Pass', 'Qualify'),
      };
    });
    expect(tables).toBe(text);
  });

  it('gives the same module for objective flags, a new action and a removed one in the tables and in JSON', () => {
    const tables = viaTables(module, (m) => {
      const objectives = m.objectives.map((o, i) => (i === 1 ? { ...o, active: true, hidden: false } : o));
      const added = {
        ...newAction(m.actions),
        token_cost: 2,
        results: { social: 3 },
        changes_inventory: { add: ['Badge'], remove: [] },
      };
      return { ...m, objectives, actions: [added] };
    });
    const text = viaJson(module, (d) => {
      d.objectives[1] = { name: 'Rest', active: true, hidden: false };
      d.actions = [
        {
          name: 'New action',
          token_cost: 2,
          set_cooldown: 0,
          results: { social: 3 },
          disabled: false,
          required_objectives: [],
          changes_inventory: { add: ['Badge'], remove: [] },
          changes_objectives: { add: [], remove: [] },
        },
      ];
    });
    expect(tables).toBe(text);
  });
});

describe('module editor model: renaming while typing', () => {
  /** Types `target` into row `index` one character at a time, from an emptied field. */
  function type(model: EditorModel, rename: typeof renameGauge, index: number, target: string): EditorModel {
    let m = rename(model, index, '');
    for (let i = 1; i <= target.length; i++) m = rename(m, index, target.slice(0, i));
    return m;
  }

  it("keeps another objective's references when a name passes through its name", () => {
    // 'Run…' passes through 'R', 'Re'…: the objective 'Re' must keep its requirement.
    const start: Module = {
      ...module,
      objectives: [
        { name: 'Re', active: true, hidden: false },
        { name: 'Rest', active: true, hidden: false },
      ],
      actions: [
        {
          ...newAction([]),
          name: 'Act',
          required_objectives: ['Re'],
          changes_objectives: { add: [], remove: ['Rest'] },
        },
      ],
    };
    const done = fromEditorModel(type(toEditorModel(start), renameObjective, 1, 'Recover'));
    expect(done.objectives.map((o) => o.name)).toEqual(['Re', 'Recover']);
    expect(done.actions[0]?.required_objectives).toEqual(['Re']);
    expect(done.actions[0]?.changes_objectives.remove).toEqual(['Recover']);
  });

  it("keeps another gauge's results when a name passes through its name", () => {
    const start: Module = {
      ...module,
      starting_gauges: { a: 10, b: 20 },
      objectives: [],
      actions: [{ ...newAction([]), name: 'Act', results: { a: 1, b: 2 } }],
    };
    const done = fromEditorModel(type(toEditorModel(start), renameGauge, 1, 'ab'));
    expect(done.starting_gauges).toEqual({ a: 10, ab: 20 });
    expect(done.actions[0]?.results).toEqual({ a: 1, ab: 2 });
  });

  it('leaves references with one of two duplicate objectives (loaded from JSON) and lets both be renamed', () => {
    const start: Module = {
      ...module,
      objectives: [
        { name: 'A', active: true, hidden: false },
        { name: 'A', active: true, hidden: false },
      ],
      actions: [{ ...newAction([]), name: 'Act', required_objectives: ['A'] }],
    };
    const fixed = renameObjective(toEditorModel(start), 1, 'B');
    expect(fromEditorModel(fixed).actions[0]?.required_objectives).toEqual(['A']);
    const renamed = fromEditorModel(renameObjective(fixed, 0, 'C'));
    expect(renamed.objectives.map((o) => o.name)).toEqual(['C', 'B']);
    expect(renamed.actions[0]?.required_objectives).toEqual(['C']);
  });

  it('reports gauge rows with the same name, which the module would merge', () => {
    const model = toEditorModel(module);
    expect(tableErrors(model)).toEqual([]);
    const twin = renameGauge(model, 2, 'mental');
    expect(tableErrors(twin)).toEqual([
      'Gauges: Two gauges are named “mental” and only one would be saved: give each its own name.',
    ]);
    expect(fromEditorModel(twin).actions[0]?.results).toEqual({ physical: 5, mental: -1 });
  });
});

describe('module editor model: fields and rows', () => {
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

  it('names new rows uniquely', () => {
    const model = toEditorModel(module);
    expect(newGauge([...model.gauges, newGauge(model.gauges)]).name).toBe('gauge 2');
    expect(newObjective([...model.objectives, newObjective(model.objectives)]).name).toBe('New objective 2');
  });
});

describe('module editor model: row keys', () => {
  const three: Module = { ...module, actions: ['A', 'B', 'C'].map((name) => ({ ...newAction([]), name })) };

  it('gives every row of every table its own key', () => {
    const { rowKeys } = toEditorModel(three);
    const all = [...rowKeys.gauges, ...rowKeys.objectives, ...rowKeys.actions];
    expect(rowKeys.gauges).toHaveLength(3);
    expect(rowKeys.objectives).toHaveLength(2);
    expect(rowKeys.actions).toHaveLength(3);
    expect(new Set(all).size).toBe(all.length);
  });

  it('moves a row with its key, so its fields go with it', () => {
    const model = toEditorModel(three);
    const keyOfB = model.rowKeys.actions[1];
    const moved = moveRow(model, 'actions', 1, 0);
    expect(moved.actions.map((a) => a.name)).toEqual(['B', 'A', 'C']);
    expect(moved.rowKeys.actions[0]).toBe(keyOfB);
    expect(moved.rowKeys.actions).toHaveLength(3);
  });

  it('removes a row with its key, and the rows after it keep theirs', () => {
    const model = toEditorModel(three);
    const keyOfC = model.rowKeys.actions[2];
    const removed = removeRow(model, 'actions', 1);
    expect(removed.actions.map((a) => a.name)).toEqual(['A', 'C']);
    expect(removed.rowKeys.actions).toEqual([model.rowKeys.actions[0], keyOfC]);
  });

  it('gives an added row a key no row has had, even one removed', () => {
    const model = toEditorModel(three);
    const removedKey = model.rowKeys.gauges[2];
    const added = addRow(removeRow(model, 'gauges', 2), 'gauges', newGauge(model.gauges));
    const newKey = added.rowKeys.gauges.at(-1);
    expect(added.gauges).toHaveLength(3);
    expect(newKey).not.toBe(removedKey);
    expect([...model.rowKeys.gauges, ...model.rowKeys.objectives, ...model.rowKeys.actions]).not.toContain(newKey);
  });

  it('leaves the module unchanged by keys', () => {
    expect(fromEditorModel(moveRow(moveRow(toEditorModel(three), 'objectives', 0, 1), 'objectives', 1, 0))).toEqual(
      three,
    );
  });
});

describe('module editor model: the optional rules', () => {
  const eventful: Module = {
    ...module,
    events: [
      {
        name: 'Storm',
        text: 'Power cut.',
        days: [1, 2],
        chance: 50,
        required_objectives: ['Pass'],
        choices: [{ label: 'Wait', results: { physical: -2 }, changes_objectives: { add: ['Rest'], remove: [] } }],
      },
    ],
    scoring: { stars: [100, 200] },
  };

  it('keeps events, scoring, daily changes and ranges through the tables', () => {
    // In the module format's order of fields, as the server returns a module.
    const { events, scoring, ...rest } = eventful;
    const full: Module = {
      ...rest,
      daily_change: { mental: -3 },
      healthy_range: { physical: [20, 80] },
      events,
      scoring,
    };
    expect(json(fromEditorModel(toEditorModel(full)))).toBe(json(full));
  });

  it('gives the same module for a daily change and a healthy range set in the tables and in JSON', () => {
    const tables = viaTables(module, (m) => setHealthyRange(setDailyChange(m, 'mental', -4), 'social', [25, 75]));
    const text = viaJson(module, (d) =>
      Object.assign(d, { daily_change: { mental: -4 }, healthy_range: { social: [25, 75] } }),
    );
    expect(tables).toBe(text);
    // Cleared again, the module is as it was: no empty tables left behind.
    const cleared = viaTables(JSON.parse(tables) as Module, (m) =>
      setHealthyRange(setDailyChange(m, 'mental', null), 'social', null),
    );
    expect(cleared).toBe(json(module));
    expect([parseOptionalInteger(''), parseOptionalInteger(' '), parseOptionalInteger('-4')]).toEqual([null, null, -4]);
  });

  it('renames a gauge and an objective everywhere the rules name them', () => {
    const full = {
      ...eventful,
      daily_change: { physical: -3 },
      healthy_range: { physical: [20, 80] as [number, number] },
    };
    const renamed = fromEditorModel(renameObjective(renameGauge(toEditorModel(full), 1, 'fitness'), 0, 'Qualify'));
    expect(renamed.daily_change).toEqual({ fitness: -3 });
    expect(renamed.healthy_range).toEqual({ fitness: [20, 80] });
    expect(renamed.events?.[0]?.required_objectives).toEqual(['Qualify']);
    expect(renamed.events?.[0]?.choices[0]?.results).toEqual({ fitness: -2 });
  });

  it('gives the same module for an event with two choices and scoring made in the tables and in JSON', () => {
    const tables = viaTables(module, (m) => {
      let next = addChoice(addEvent(m), 0);
      next = updateEvent(next, 0, {
        name: 'Inspection',
        text: 'The first sergeant inspects.',
        days: [2, 3],
        chance: 40,
        required_objectives: ['Pass'],
      });
      next = updateChoice(next, 0, 0, { label: 'Clean all night', token_cost: 2, results: { mental: -5 } });
      next = updateChoice(next, 0, 1, {
        label: 'Hope for the best',
        changes_objectives: { add: ['Rest'], remove: [] },
        next_day_tokens: -1,
      });
      return updateScoring(next, { objective_points: 50, stars: [60, 90] });
    });
    const text = viaJson(module, (d) =>
      Object.assign(d, {
        events: [
          {
            name: 'Inspection',
            text: 'The first sergeant inspects.',
            days: [2, 3],
            chance: 40,
            choices: [
              { label: 'Clean all night', token_cost: 2, results: { mental: -5 } },
              { label: 'Hope for the best', changes_objectives: { add: ['Rest'], remove: [] }, next_day_tokens: -1 },
            ],
            required_objectives: ['Pass'],
          },
        ],
        scoring: { objective_points: 50, stars: [60, 90] },
      }),
    );
    expect(JSON.parse(tables)).toEqual(JSON.parse(text));
  });

  it('drops cleared optional fields, the last event and an empty scoring, so the module is as it was', () => {
    let m = addEvent(toEditorModel(module));
    m = updateChoice(m, 0, 0, { token_cost: 1 });
    m = updateChoice(m, 0, 0, { token_cost: undefined });
    expect(fromEditorModel(m).events?.[0]?.choices[0]).toEqual({ label: 'Carry on' });
    m = updateScoring(updateScoring(m, { range_day_points: 5 }), { range_day_points: undefined });
    expect(json(fromEditorModel(removeEvent(m, 0)))).toBe(json(module));
  });

  it('moves and removes events and choices with their keys', () => {
    let m = addEvent(addEvent(toEditorModel(module)));
    m = addChoice(m, 0);
    const [first, second] = m.eventKeys;
    const choiceKeys = m.choiceKeys[0] ?? [];
    m = moveEvent(m, 0, 1);
    expect(m.eventKeys).toEqual([second, first]);
    expect(m.events?.map((e) => e.name)).toEqual(['New event 2', 'New event']);
    expect(m.choiceKeys[1]).toEqual(choiceKeys);
    m = removeChoice(m, 1, 0);
    expect(m.choiceKeys[1]).toEqual(choiceKeys.slice(1));
    expect(m.events?.[1]?.choices.map((c) => c.label)).toEqual(['New choice']);
    const all = [
      ...m.eventKeys,
      ...m.choiceKeys.flat(),
      ...m.rowKeys.gauges,
      ...m.rowKeys.objectives,
      ...m.rowKeys.actions,
    ];
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('module editor model: removing a gauge or an objective', () => {
  const full: Module = {
    ...module,
    daily_change: { physical: -3, mental: -1 },
    healthy_range: { physical: [20, 80] },
    events: [
      {
        name: 'Storm',
        text: 'Power cut.',
        days: [1, 2],
        chance: 50,
        required_objectives: ['Pass'],
        choices: [
          { label: 'Wait', results: { physical: -2 }, changes_objectives: { add: [], remove: ['Pass'] } },
          { label: 'Read', results: { mental: 1, physical: 1 } },
        ],
      },
    ],
  };

  it('takes a removed gauge out of every result, daily change and range, as in JSON', () => {
    const tables = viaTables(full, (m) => removeGauge(m, 1));
    const text = viaJson(full, (d) => {
      delete d.starting_gauges.physical;
      delete d.actions[0]!.results.physical;
      d.daily_change = { mental: -1 };
      delete d.healthy_range;
      const [wait, read] = d.events![0]!.choices;
      delete wait!.results;
      read!.results = { mental: 1 };
    });
    expect(JSON.parse(tables)).toEqual(JSON.parse(text));
  });

  it('takes a removed objective out of every list that names it, as in JSON', () => {
    const tables = viaTables(full, (m) => removeObjective(m, 0));
    const text = viaJson(full, (d) => {
      d.objectives.shift();
      d.actions[0]!.required_objectives = [];
      d.actions[0]!.changes_objectives = { add: ['Rest'], remove: [] };
      delete d.events![0]!.required_objectives;
      delete d.events![0]!.choices[0]!.changes_objectives;
    });
    expect(JSON.parse(tables)).toEqual(JSON.parse(text));
  });

  it('keeps the references of a name another row still has (duplicates loaded from JSON)', () => {
    const twins = toEditorModel({ ...module, objectives: [module.objectives[0]!, ...module.objectives] });
    expect(fromEditorModel(removeObjective(twins, 0)).actions[0]?.required_objectives).toEqual(['Pass']);
  });

  it('sets and clears one result, and lists the names the rules mention but the module lacks', () => {
    expect(setResult({ mental: 1 }, 'social', -2)).toEqual({ mental: 1, social: -2 });
    expect(setResult({ mental: 1, social: -2 }, 'mental', null)).toEqual({ social: -2 });
    expect(referencedNames(['a', 'b', 'a'], ['b', 'x', 'x', 'y'])).toEqual({
      defined: ['a', 'b'],
      unknown: ['x', 'y'],
    });
  });

  it('moves focus to the next row when a row goes, else to the one before', () => {
    expect([neighbourKey([4, 7, 9], 1), neighbourKey([4, 7, 9], 2), neighbourKey([4], 0)]).toEqual([9, 7, null]);
  });
});

describe('module editor model: later consequences, resources and lessons', () => {
  const withEvent = toEditorModel({
    ...module,
    events: [{ name: 'Call', text: 'A call.', days: [1, 3], chance: 50, choices: [{ label: 'Answer' }] }],
  });

  it('gives the same module for a later consequence made in the tables and in JSON', () => {
    const tables = viaTables(module, (m) => {
      const later = updateLater([newLater()], 0, { in_days: 2, text: 'Sore legs', results: { physical: -3 } });
      return { ...m, actions: m.actions.map((a) => withLater(a, later)) };
    });
    const text = viaJson(module, (d) => {
      d.actions[0]!.later = [{ in_days: 2, text: 'Sore legs', results: { physical: -3 } }];
    });
    expect(JSON.parse(tables)).toEqual(JSON.parse(text));
  });

  it('drops a cleared field of a later consequence, and the list when the last one goes', () => {
    const later = [{ in_days: 1, text: 'Tired', next_day_tokens: -1 }];
    expect(updateLater(later, 0, { next_day_tokens: undefined })).toEqual([{ in_days: 1, text: 'Tired' }]);
    const action = withLater(module.actions[0]!, later);
    expect(Object.hasOwn(withLater(action, []), 'later')).toBe(false);
  });

  it('gives the same module for a resource made in the tables and in JSON, and drops an empty list', () => {
    const added = setResources(withEvent, 0, [{ ...newResource(), name: 'Chaplain', contact: 'Base chapel' }]);
    expect(fromEditorModel(added).events?.[0]?.resources).toEqual([{ name: 'Chaplain', contact: 'Base chapel' }]);
    expect(Object.hasOwn(fromEditorModel(setResources(added, 0, [])).events![0]!, 'resources')).toBe(false);
  });

  it('sets a gauge lesson and clears it, leaving out an empty gauge and an empty table', () => {
    const low = setLesson(toEditorModel(module), 'mental', 'low', 'Rest.');
    const both = setLesson(low, 'mental', 'high', 'Balance.');
    expect(fromEditorModel(both).lessons).toEqual({ mental: { low: 'Rest.', high: 'Balance.' } });
    expect(fromEditorModel(setLesson(both, 'mental', 'low', '')).lessons).toEqual({ mental: { high: 'Balance.' } });
    expect(Object.hasOwn(fromEditorModel(setLesson(low, 'mental', 'low', '')), 'lessons')).toBe(false);
  });

  it('leaves a new later consequence and resource blank, for the Check to name by their paths until written', () => {
    const m = setResources({ ...withEvent, actions: withEvent.actions.map((a) => withLater(a, [newLater()])) }, 0, [
      newResource(),
    ]);
    const errors = validateStructure(fromEditorModel(m)).map((p) => p.path.join('.'));
    expect(errors).toEqual(['actions.0.later.0.text', 'events.0.resources.0.name', 'events.0.resources.0.contact']);
  });

  it("keeps the other gauges' lessons when one is set", () => {
    const m = toEditorModel({ ...module, lessons: { social: { low: 'Call home.' } } });
    expect(fromEditorModel(setLesson(m, 'mental', 'high', 'Balance.')).lessons).toEqual({
      social: { low: 'Call home.' },
      mental: { high: 'Balance.' },
    });
  });
});
