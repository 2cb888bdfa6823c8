/** Small modules for the engine's tests. */
import { blankAction, DEFAULT_GAME_RECORD, type Action, type Module } from '@airman/contracts/module.ts';

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
    action({ name: 'Fetch', token_cost: 1, set_cooldown: 1, changes_inventory: { add: ['Parcel'], remove: [] }, results: { energy: -2 } }),
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
