import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_RECORD } from '@airman/contracts/module.ts';
import { validate, validateStructure } from './validate.ts';
import { action, tinyModule } from './test-modules.ts';

describe('validate', () => {
  it('has no errors for a good module, only a warning for its trap objective', () => {
    expect(validate(tinyModule)).toEqual([
      {
        path: ['objectives', 1],
        message: "'Secret' can never be done: nothing completes it",
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
      { path: ['actions', 0, 'results', 'stamina'], message: "unknown gauge 'stamina'", severity: 'error' },
      { path: ['actions', 0, 'required_objectives', 0], message: "unknown objective 'Ghost'", severity: 'error' },
      {
        path: ['actions', 0, 'changes_objectives', 'add', 0],
        message: "unknown objective 'Phantom'",
        severity: 'error',
      },
    ]);
  });

  it('refuses non-integers and negative costs through the module schema', () => {
    const m = { ...tinyModule, days: 1.5, actions: [action({ name: 'X', token_cost: -1 })] };
    const paths = validateStructure(m).map((p) => p.path.join('.'));
    expect(paths).toContain('days');
    expect(paths).toContain('actions.0.token_cost');
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
        expect.stringMatching(/warning: costs 9 tokens/),
        expect.stringMatching(/warning: no action gives 'Gem'/),
        expect.stringMatching(/warning: 'Secret' is never activated/),
        expect.stringMatching(/warning: cannot be won: 'Deliver' can never be done/),
      ]),
    );
  });

  it("accepts the default game record (the new module's start) with warnings: its 'None' title and no gauges", () => {
    expect(validate(DEFAULT_GAME_RECORD)).toEqual([
      {
        path: ['game_title'],
        message: "'None' is what the module pickers show for no module: give the module its own title",
        severity: 'warning',
      },
      { path: ['starting_gauges'], message: 'no gauges: nothing can fail the run', severity: 'warning' },
    ]);
    expect(validate({ ...DEFAULT_GAME_RECORD, game_title: 'Week one', starting_gauges: { energy: 50 } })).toEqual([]);
  });

  it('reports duplicate names', () => {
    const m = { ...tinyModule, actions: [action({ name: 'A' }), action({ name: 'A' })] };
    expect(validateStructure(m)).toContainEqual({
      path: ['actions'],
      message: "duplicate action 'A'",
      severity: 'error',
    });
  });
});
