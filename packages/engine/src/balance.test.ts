import { describe, expect, it } from 'vitest';
import type { EventChoice, GameEvent, Module } from '@airman/contracts/module.ts';
import { balance, MIN_ANSWER_DRAWS, missedTargets, type Balance } from './balance.ts';
import { action, tinyModule } from './test-modules.ts';

const prepareChoice: EventChoice = { label: 'Prepare', results: { energy: 6 } };
const wingItChoice: EventChoice = { label: 'Wing it', results: { energy: -6 } };
const inspection: GameEvent = {
  name: 'Inspection',
  text: 'Tomorrow morning.',
  days: [1, 3],
  chance: 100,
  choices: [prepareChoice, wingItChoice],
};

/** Three days, one gauge in a range, an event with an answer that is always best, and a shortcut. */
const trialModule: Module = {
  ...tinyModule,
  id: 'trial',
  days: 3,
  daily_time_tokens: 2,
  starting_gauges: { energy: 50 },
  daily_change: { energy: -10 },
  healthy_range: { energy: [40, 70] },
  objectives: [],
  actions: [
    action({ name: 'Rest', token_cost: 1, results: { energy: 4 } }),
    action({
      name: 'Energy drink',
      token_cost: 1,
      results: { energy: 5 },
      later: [{ in_days: 1, results: { energy: -12 }, text: 'The crash.' }],
    }),
  ],
  events: [inspection],
};

describe('balance', () => {
  it('finds the choice that is always best, and shortcuts that cost careful play', () => {
    const b = balance(trialModule, 20);
    expect(b.dominant_choice).toEqual({ event: 'Inspection', choice: 'Prepare', index: 0, share: 1, draws: 20 });
    expect(b.dominant_choice_max).toBe(1);
    expect(b.shortcut_gain).toBeLessThan(0);
    expect(b.other_rules.no_shortcuts?.mean_points).toBeGreaterThan(0);
  });

  it('measures each answer of an event and names a risky one that pays', () => {
    const riskyPrepare: Module = {
      ...trialModule,
      events: [
        {
          ...inspection,
          choices: [{ ...prepareChoice, risky: true, lesson: 'Preparing is not risky at all.' }, wingItChoice],
        },
      ],
    };
    const b = balance(riskyPrepare, 20);
    const [prepare, wing] = b.answers.Inspection ?? [];
    expect(prepare).toMatchObject({ choice: 'Prepare', risky: true, draws: 20 });
    expect(wing).toMatchObject({ choice: 'Wing it', risky: false, draws: 20 });
    expect(prepare!.mean_points).toBeGreaterThan(wing!.mean_points);
    expect(b.event_share).toEqual({ Inspection: 1 });
    expect(b.risky_pays).toEqual([
      {
        event: 'Inspection',
        choice: 'Prepare',
        healthy_choice: 'Wing it',
        gain: Math.round((prepare!.mean_points - wing!.mean_points) * 10) / 10,
      },
    ]);
    expect(missedTargets(b).at(-1)).toBe(
      `risk pays: in 'Inspection', the risky 'Prepare' scores ${b.risky_pays[0]!.gain} points more on average than the best healthy answer ('Wing it')`,
    );
    // Marked the other way round, the risky answer costs: nothing pays; measured in too few weeks, nothing counts.
    expect(balance(trialModule, 20).risky_pays).toEqual([]);
    expect(balance(riskyPrepare, MIN_ANSWER_DRAWS - 1).risky_pays).toEqual([]);
  });

  it('has no shortcut gain for a module without shortcuts', () => {
    const b = balance({ ...trialModule, actions: trialModule.actions.slice(0, 1) }, 5);
    expect(b.shortcut_gain).toBeNull();
  });

  it('names each missed target in plain words', () => {
    const good: Balance = {
      module: 'm',
      seeds: 50,
      random_win: 0,
      greedy_win: 0,
      solver_win: 1,
      solver_stars_3: 0.6,
      min_win_stars: 1,
      median_decisions_per_day: 4,
      careful_win: 1,
      careful_stars_3: 0.2,
      short_rule_stars_3: 0.4,
      combined_habit_stars_3: 0.4,
      first_choice_win: 1,
      dominant_choice_max: 0.5,
      dominant_choice: { event: 'Inspection', choice: 'Prepare', index: 0, share: 0.5, draws: 10 },
      shortcut_gain: -5,
      other_rules: {},
      answers: {},
      risky_pays: [],
      event_share: {},
    };
    expect(missedTargets(good)).toEqual([]);
    expect(
      missedTargets({
        ...good,
        careful_stars_3: 1,
        dominant_choice_max: 0.96,
        dominant_choice: { event: 'Inspection', choice: 'Prepare', index: 0, share: 0.96, draws: 10 },
        shortcut_gain: 12,
      }),
    ).toEqual([
      'too easy: careful play gets 3 stars on 100% (at most 50%)',
      "no dilemma: the first choice of 'Inspection' ('Prepare') is best in 96% of draws (at most 75%)",
      'shortcuts pay: careful play scores 12 points more on average with them than without (they should cost)',
    ]);
  });
});
