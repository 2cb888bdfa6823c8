/** Small modules for the engine's tests. */
import type { GameCommand } from '@airman/contracts/game.ts';
import { blankAction, DEFAULT_GAME_RECORD, type Action, type Module } from '@airman/contracts/module.ts';
import type { GameState } from './game-state.ts';
import { apply } from './rules.ts';

/** The state after `commands` in turn from `state`; throws at the first one the rules refuse. */
export function play(state: GameState, ...commands: GameCommand[]): GameState {
  return commands.reduce((s, c) => {
    const r = apply(s, c);
    if (!r.ok) throw new Error(r.error);
    return r.state;
  }, state);
}

export function action(a: Partial<Action> & Pick<Action, 'name'>): Action {
  return { ...blankAction(a.name), ...a };
}

/** Two days, 3 tokens a day, one gauge, one quest that needs an item. */
export const tinyModule: Module = {
  ...DEFAULT_GAME_RECORD,
  id: 'tiny',
  game_title: 'Tiny',
  days: 2,
  daily_time_tokens: 3,
  starting_gauges: { energy: 10 },
  objectives: [
    { name: 'Deliver', active: true, hidden: false },
    { name: 'Secret', active: false, hidden: true },
  ],
  actions: [
    action({
      name: 'Fetch',
      token_cost: 1,
      set_cooldown: 1,
      changes_inventory: { add: ['Parcel'], remove: [] },
      results: { energy: -2 },
    }),
    action({
      name: 'Deliver it',
      token_cost: 2,
      required_objectives: ['Deliver'],
      changes_inventory: { add: [], remove: ['Parcel'] },
      changes_objectives: { add: [], remove: ['Deliver'] },
    }),
    action({ name: 'Rest', token_cost: 1, results: { energy: 5 } }),
    action({ name: 'Overwork', token_cost: 1, results: { energy: -6 } }),
    action({ name: 'Snoop', token_cost: 1, changes_objectives: { add: ['Secret'], remove: [] } }),
    action({ name: 'Closed', disabled: true }),
  ],
};

/**
 * Three days with an event that is always drawn on day 2 (and one that never
 * is), a nightly drain, healthy ranges and star thresholds of its own.
 */
export const eventfulModule: Module = {
  ...tinyModule,
  id: 'eventful',
  game_title: 'Eventful',
  days: 3,
  starting_gauges: { energy: 20, mood: 50 },
  daily_change: { energy: -3 },
  healthy_range: { energy: [10, 40], mood: [40, 60] },
  events: [
    {
      name: 'Storm',
      text: 'A storm cuts the power.',
      days: [2, 2],
      chance: 100,
      choices: [
        { label: 'Wait it out', results: { mood: -15 } },
        { label: 'Fix the fuse box', token_cost: 2, results: { energy: -4, mood: 5 }, next_day_tokens: 1 },
        {
          label: 'Use the parcel as a lamp',
          changes_inventory: { add: [], remove: ['Parcel'] },
          changes_objectives: { add: [], remove: ['Secret'] },
        },
      ],
    },
    { name: 'Never', text: 'Cannot happen.', days: [1, 3], chance: 0, choices: [{ label: 'OK' }] },
  ],
  scoring: { objective_points: 50, range_day_points: 5, stars: [60, 100] },
};
