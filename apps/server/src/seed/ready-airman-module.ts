/**
 * The base module every installation starts with: a week in an Airman's life,
 * balancing the four Comprehensive Airman Fitness domains while finishing
 * readiness training and the PT test. Each night wears every domain down, the
 * week throws events that force a choice, and reaching out to others opens
 * bonus goals. Its balance figures are in docs/game-rules.md (`npm run balance`).
 */
import { blankAction, type Action, type GameEvent, type Module } from '@airman/contracts/module.ts';

function action(a: Partial<Action> & Pick<Action, 'name' | 'token_cost' | 'results'>): Action {
  return { ...blankAction(a.name), ...a };
}

const events: GameEvent[] = [
  {
    name: 'A wingman in crisis',
    text: 'Airman Reyes, your wingman, has been withdrawn all week. Tonight Reyes says, "Nobody would even notice if I was gone."',
    days: [1, 6],
    chance: 25,
    choices: [
      {
        label: 'Ask directly, stay with Reyes and walk them to the chaplain',
        token_cost: 3,
        results: { social: 6, spiritual: 6, mental: -4 },
        changes_objectives: { add: [], remove: ['Be there for your wingman'] },
      },
      { label: 'Tell your supervisor and get back to work', token_cost: 1, results: { social: 2, mental: -3 } },
      { label: 'Let it go: Reyes is probably just tired', results: { spiritual: -10, social: -8 } },
    ],
  },
  {
    name: 'Family emergency',
    text: 'Your mother calls: your father has been taken to the hospital. He is stable, but she is scared.',
    days: [2, 6],
    chance: 25,
    choices: [
      { label: 'Take emergency leave for the day', token_cost: 5, results: { social: 8, spiritual: 6, mental: 2 } },
      { label: 'Call her every evening and stay on duty', token_cost: 1, results: { social: 3, mental: -8 } },
      {
        label: 'Ask your supervisor to cover tomorrow morning',
        token_cost: 2,
        results: { social: 6, mental: -2 },
        next_day_tokens: -3,
      },
    ],
  },
  {
    name: 'Short-notice inspection',
    text: 'The first sergeant announces a dorm and readiness inspection for tomorrow morning.',
    days: [2, 5],
    chance: 30,
    choices: [
      { label: 'Prepare thoroughly tonight', token_cost: 3, results: { mental: 4, social: 2, physical: -3 } },
      { label: 'Wing it', results: { mental: -10, social: -5 } },
    ],
  },
  {
    name: 'PT test moved up',
    text: 'The fitness assessment cell moved your PT test to this week. A slot is open today if you are ready.',
    days: [2, 4],
    chance: 35,
    required_objectives: ['Pass the PT test'],
    choices: [
      {
        label: 'Test today with your fitness plan',
        token_cost: 3,
        results: { physical: -8, mental: 8 },
        changes_inventory: { add: [], remove: ['Fitness plan', 'Conditioning', 'Conditioning'] },
        changes_objectives: { add: [], remove: ['Pass the PT test'] },
      },
      { label: 'File the paperwork for a later slot', token_cost: 2, results: { mental: -5 } },
    ],
  },
  {
    name: 'Construction next to the dorms',
    text: 'Jackhammers start at 0500 outside your window, and they will be there all day.',
    days: [1, 7],
    chance: 20,
    choices: [
      { label: 'Earplugs and an early night', token_cost: 2, results: { physical: 3, mental: 3 } },
      { label: 'Push through on coffee', results: { mental: -8, physical: -5 } },
    ],
  },
  {
    name: 'Unit softball game',
    text: 'Your flight is one player short for tonight\u2019s unit softball game.',
    days: [3, 7],
    chance: 30,
    choices: [
      { label: 'Play', token_cost: 3, results: { social: 10, physical: 4, spiritual: 2 } },
      { label: 'Decline politely', results: { social: -5 } },
    ],
  },
  {
    name: 'Car trouble',
    text: 'Your car will not start, and payday is a week away.',
    days: [2, 7],
    chance: 20,
    choices: [
      { label: 'Call the Airman & Family Readiness Center', token_cost: 2, results: { mental: 4, spiritual: 2 } },
      { label: 'Handle it alone', token_cost: 3, results: { mental: -8, social: -2 } },
      { label: 'Borrow from a payday lender', results: { mental: -12, spiritual: -4 } },
    ],
  },
];

export const readyAirmanModule: Module = {
  id: 'ready_airman_training',
  game_type: 'ready_airman_training',
  game_title: 'Ready Airman Training',
  game_description:
    'One week at your unit. Finish your readiness training and pass the PT test while keeping your mental, physical, social and spiritual fitness in their healthy ranges: every night wears each of them down. Expect the unexpected, and reach out to others: some goals only appear when you do.',
  archived_at: 0,
  days: 7,
  daily_time_tokens: 8,
  starting_gauges: { mental: 60, physical: 55, social: 55, spiritual: 50 },
  daily_change: { mental: -8, physical: -6, social: -6, spiritual: -5 },
  healthy_range: { mental: [50, 85], physical: [50, 85], social: [50, 85], spiritual: [45, 85] },
  objectives: [
    { name: 'Complete readiness training', active: true, hidden: false },
    { name: 'Pass the PT test', active: true, hidden: false },
    { name: 'Reconnect with your family', active: false, hidden: true },
    { name: 'Find your sense of purpose', active: false, hidden: true },
    { name: 'Be there for your wingman', active: false, hidden: true },
  ],
  actions: [
    action({
      name: 'Morning PT with your flight',
      token_cost: 2,
      set_cooldown: 1,
      results: { physical: 8, social: 3, mental: -2 },
      changes_inventory: { add: ['Conditioning'], remove: [] },
    }),
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
      results: { physical: -12, mental: 6 },
      required_objectives: ['Pass the PT test'],
      changes_inventory: { add: [], remove: ['Fitness plan', 'Conditioning', 'Conditioning', 'Conditioning'] },
      changes_objectives: { add: [], remove: ['Pass the PT test'] },
    }),
    action({
      name: 'Study the readiness course',
      token_cost: 3,
      set_cooldown: 1,
      results: { mental: -4 },
      changes_inventory: { add: ['Course notes'], remove: [] },
    }),
    action({
      name: 'Skip meals to cram',
      token_cost: 1,
      set_cooldown: 1,
      results: { physical: -8, mental: -3 },
      changes_inventory: { add: ['Course notes'], remove: [] },
    }),
    action({
      name: 'Pass the readiness exam',
      token_cost: 2,
      set_cooldown: 2,
      results: { mental: 6 },
      required_objectives: ['Complete readiness training'],
      changes_inventory: { add: [], remove: ['Course notes', 'Course notes'] },
      changes_objectives: { add: [], remove: ['Complete readiness training'] },
    }),
    action({
      name: 'Call home',
      token_cost: 1,
      set_cooldown: 2,
      results: { social: 5, spiritual: 2 },
      changes_objectives: { add: ['Reconnect with your family'], remove: [] },
    }),
    action({
      name: 'Family video night',
      token_cost: 3,
      set_cooldown: 2,
      results: { social: 8, mental: 4 },
      required_objectives: ['Reconnect with your family'],
      changes_objectives: { add: [], remove: ['Reconnect with your family'] },
    }),
    action({
      name: 'Talk with the chaplain',
      token_cost: 2,
      set_cooldown: 3,
      results: { spiritual: 8, mental: 2 },
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
    action({ name: 'Lunch with your wingman', token_cost: 2, set_cooldown: 1, results: { social: 7, mental: 2 } }),
    action({ name: 'Get a full night of sleep', token_cost: 3, set_cooldown: 1, results: { physical: 6, mental: 8 } }),
    action({ name: 'Quiet time outdoors', token_cost: 1, set_cooldown: 1, results: { spiritual: 4, mental: 2 } }),
    action({
      name: 'Work a double shift',
      token_cost: 2,
      set_cooldown: 2,
      results: { mental: -6, social: -4, physical: -2 },
      next_day_tokens: 4,
    }),
    action({
      name: 'Late-night gaming',
      token_cost: 1,
      set_cooldown: 0,
      results: { mental: 3, physical: -4, spiritual: -2 },
    }),
    action({
      name: 'Unit formation (cancelled this week)',
      token_cost: 1,
      disabled: true,
      results: { social: 2 },
    }),
  ],
  events,
  scoring: { stars: [540, 660] },
};
