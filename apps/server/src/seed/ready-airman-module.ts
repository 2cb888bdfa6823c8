/**
 * The base module every installation starts with: a week in an Airman's life,
 * balancing the four Comprehensive Airman Fitness domains while finishing
 * readiness training and the PT test. It can be won (finish every visible
 * objective without letting a gauge reach 0) and lost (do nothing, or burn out).
 */
import { blankAction, type Action, type Module } from '@airman/contracts/module.ts';

function action(a: Partial<Action> & Pick<Action, 'name' | 'token_cost' | 'results'>): Action {
  return { ...blankAction(a.name), ...a };
}

export const readyAirmanModule: Module = {
  id: 'ready_airman_training',
  game_type: 'ready_airman_training',
  game_title: 'Ready Airman Training',
  game_description:
    'One week at your unit. Finish your readiness training and pass the PT test while keeping your mental, physical, social and spiritual fitness up. Some goals only appear once you reach out to others.',
  archived_at: 0,
  days: 7,
  daily_time_tokens: 8,
  starting_gauges: { mental: 55, physical: 50, social: 45, spiritual: 40 },
  objectives: [
    { name: 'Complete readiness training', active: true, hidden: false },
    { name: 'Pass the PT test', active: true, hidden: false },
    { name: 'Reconnect with your family', active: false, hidden: true },
    { name: 'Find your sense of purpose', active: false, hidden: true },
  ],
  actions: [
    action({ name: 'Morning PT with your flight', token_cost: 2, set_cooldown: 1, results: { physical: 8, social: 2 } }),
    action({
      name: 'Meet the fitness coach',
      token_cost: 2,
      set_cooldown: 7,
      results: { physical: 2, mental: 2 },
      changes_inventory: { add: ['Fitness plan'], remove: [] },
    }),
    action({
      name: 'Take the PT test',
      token_cost: 3,
      set_cooldown: 7,
      results: { physical: -10, mental: 6 },
      required_objectives: ['Pass the PT test'],
      changes_inventory: { add: ['PT test certificate'], remove: ['Fitness plan'] },
      changes_objectives: { add: [], remove: ['Pass the PT test'] },
    }),
    action({
      name: 'Study the readiness course',
      token_cost: 3,
      set_cooldown: 1,
      results: { mental: 4, physical: -2 },
      changes_inventory: { add: ['Course notes'], remove: [] },
    }),
    action({
      name: 'Pass the readiness exam',
      token_cost: 2,
      set_cooldown: 2,
      results: { mental: 8 },
      required_objectives: ['Complete readiness training'],
      changes_inventory: { add: ['Readiness certificate'], remove: ['Course notes'] },
      changes_objectives: { add: [], remove: ['Complete readiness training'] },
    }),
    action({
      name: 'Call home',
      token_cost: 1,
      set_cooldown: 2,
      results: { social: 6, spiritual: 2 },
      changes_objectives: { add: ['Reconnect with your family'], remove: [] },
    }),
    action({
      name: 'Family video night',
      token_cost: 3,
      set_cooldown: 2,
      results: { social: 10, mental: 4 },
      required_objectives: ['Reconnect with your family'],
      changes_objectives: { add: [], remove: ['Reconnect with your family'] },
    }),
    action({
      name: 'Talk with the chaplain',
      token_cost: 2,
      set_cooldown: 3,
      results: { spiritual: 10, mental: 2 },
      changes_objectives: { add: ['Find your sense of purpose'], remove: [] },
    }),
    action({
      name: 'Volunteer at the base food drive',
      token_cost: 3,
      set_cooldown: 2,
      results: { spiritual: 8, social: 6, physical: -2 },
      required_objectives: ['Find your sense of purpose'],
      changes_objectives: { add: [], remove: ['Find your sense of purpose'] },
    }),
    action({ name: 'Lunch with your wingman', token_cost: 2, set_cooldown: 1, results: { social: 8, mental: 2 } }),
    action({ name: 'Get a full night of sleep', token_cost: 3, set_cooldown: 1, results: { physical: 6, mental: 6 } }),
    action({ name: 'Quiet time outdoors', token_cost: 1, set_cooldown: 1, results: { spiritual: 4, mental: 3 } }),
    action({ name: 'Work a double shift', token_cost: 4, set_cooldown: 1, results: { mental: -12, social: -6, physical: -4 } }),
    action({ name: 'Late-night gaming', token_cost: 1, results: { mental: 2, physical: -6, spiritual: -2 } }),
    action({ name: 'Skip meals to cram', token_cost: 1, results: { physical: -8, mental: -4 } }),
    action({
      name: 'Unit formation (cancelled this week)',
      token_cost: 1,
      disabled: true,
      results: { social: 2 },
    }),
  ],
};
