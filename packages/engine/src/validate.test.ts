import { describe, expect, it } from 'vitest';
import { MODULE_MAX_ACTIONS, MODULE_MAX_DAYS } from '@airman/contracts/constants.ts';
import { DEFAULT_GAME_RECORD } from '@airman/contracts/module.ts';
import { validate, validateStructure } from './validate.ts';
import { action, tinyModule } from './test-modules.ts';

describe('validate', () => {
  it('has no errors for a good module, only a warning for its trap objective', () => {
    expect(validate(tinyModule)).toEqual([
      {
        path: ['objectives', 1],
        message: '“Secret” can never be done: no action or choice completes it. Tick Removed for it on one of them.',
        severity: 'warning',
      },
    ]);
  });

  it('names undefined gauges and objectives with their paths', () => {
    const m = {
      ...tinyModule,
      actions: [
        action({
          name: 'X',
          results: { stamina: 1 },
          required_objectives: ['Ghost'],
          changes_objectives: { add: ['Phantom'], remove: [] },
        }),
      ],
    };
    const errors = validateStructure(m).filter((p) => p.severity === 'error');
    expect(errors).toEqual([
      {
        path: ['actions', 0, 'results', 'stamina'],
        message: 'There is no gauge “stamina”: add it under Gauges, or clear this value.',
        severity: 'error',
      },
      {
        path: ['actions', 0, 'required_objectives', 0],
        message: 'There is no objective “Ghost”: add it under Objectives, or untick it here.',
        severity: 'error',
      },
      {
        path: ['actions', 0, 'changes_objectives', 'add', 0],
        message: 'There is no objective “Phantom”: add it under Objectives, or untick it here.',
        severity: 'error',
      },
    ]);
  });

  it('refuses non-integers and negative costs through the module schema, in plain words', () => {
    const m = { ...tinyModule, days: 1.5, actions: [action({ name: 'X', token_cost: -1 })] };
    expect(validateStructure(m).map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      `days: Must be a whole number from 1 to ${MODULE_MAX_DAYS}.`,
      'actions.0.token_cost: Must be a whole number, 0 or more.',
    ]);
  });

  it('tells a missing field, a wrong kind of value, a list too long and a field the format lacks', () => {
    const { daily_time_tokens: _missing, ...rest } = tinyModule;
    const m = {
      ...rest,
      game_title: 7,
      objectives: [{ name: 'A', active: 'yes', hidden: false }],
      actions: Array.from({ length: MODULE_MAX_ACTIONS + 1 }, (_, i) => action({ name: `A${i}` })),
      events: [{ name: 'E', text: 'T', days: [3, 2], chance: 50, choices: [], colour: 'red' }],
    };
    expect(validateStructure(m).map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      'game_title: Must be text.',
      'daily_time_tokens: Is missing: give it a value.',
      'objectives.0.active: Must be ticked or not (true or false).',
      `actions: Can have at most ${MODULE_MAX_ACTIONS} actions.`,
      'events.0.days: First day must not come after Last day.',
      'events.0.choices: Needs at least one choice.',
      'events.0: The module format has no field “colour”: remove it.',
    ]);
  });

  it('asks a risky choice for a one-line lesson and an event for a healthy choice', () => {
    const event = (choices: unknown[]) => ({ name: 'E', text: 'T', days: [1, 2], chance: 50, choices });
    const m = {
      ...tinyModule,
      events: [
        event([{ label: 'Wing it', risky: true }, { label: 'Prepare' }]),
        event([{ label: 'Wing it', risky: true, lesson: 'Preparing pays.' }]),
        event([
          { label: 'Wing it', risky: true, lesson: 'Two\nlines.' },
          { label: 'Prepare', risky: false },
        ]),
        event([{ label: 'Wing it', risky: true, lesson: 'Preparing pays.' }, { label: 'Prepare' }]),
      ],
    };
    expect(validateStructure(m).map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      'events.0.choices.0.lesson: A risky choice needs a lesson: one line on what it teaches.',
      'events.1.choices: Needs at least one choice not marked risky.',
      'events.2.choices.0.lesson: Must be one line.',
    ]);
  });

  it('warns about impossible costs, missing items, unreachable objectives and an unwinnable module', () => {
    const m = {
      ...tinyModule,
      actions: [
        action({ name: 'Pricey', token_cost: 9 }),
        action({ name: 'Needy', changes_inventory: { add: [], remove: ['Gem'] } }),
      ],
    };
    const warnings = validate(m).map((p) => `${p.severity}: ${p.message}`);
    expect(warnings).toEqual(
      expect.arrayContaining([
        'warning: More than the 3 tokens a day has, so this action can never be taken. Lower it, or raise Daily time tokens in Settings.',
        'warning: Nothing gives “Gem”, so this action can never be taken. Add it to Inventory added of another action or choice.',
        'warning: Never becomes active: tick Active, or tick Added for it on an action or a choice.',
        expect.stringMatching(/^warning: The module cannot be won\. “Deliver” can never be done/),
      ]),
    );
  });

  it("accepts the default game record (the new module's start) with warnings: its 'None' title and no gauges", () => {
    expect(validate(DEFAULT_GAME_RECORD)).toEqual([
      {
        path: ['game_title'],
        message: '“None” is what the module lists show for no module: give the module its own title.',
        severity: 'warning',
      },
      {
        path: ['starting_gauges'],
        message: 'There are no gauges, so nothing can make a run fail. Add a gauge.',
        severity: 'warning',
      },
    ]);
    expect(validate({ ...DEFAULT_GAME_RECORD, game_title: 'Week one', starting_gauges: { energy: 50 } })).toEqual([]);
  });

  it('reports duplicate names', () => {
    const m = { ...tinyModule, actions: [action({ name: 'A' }), action({ name: 'A' })] };
    expect(validateStructure(m)).toContainEqual({
      path: ['actions'],
      message: 'Two actions are named “A”: give each its own name.',
      severity: 'error',
    });
  });
});
