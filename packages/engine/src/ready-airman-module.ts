/**
 * The base module every installation starts with: a week in a first-term
 * Airman's life, balancing the four Comprehensive Airman Fitness domains while
 * finishing readiness training and the PT test. Each night wears every domain
 * down; the week brings events drawn from real stressors (a wingman in crisis,
 * PT failure, money, relationships, shift work, inspections, a deployment
 * notice, family), each answer trading one domain, time or an item against
 * another; shortcuts (skipped meals, late gaming, double shifts, the payday
 * lender) pay now and cost later; reaching out to others opens bonus goals.
 * Events that touch on a crisis name real help. Its balance figures are in
 * docs/game-rules.md (`npm run balance`). seed.ts writes it at every start, so
 * an existing installation gets this content (runs keep their snapshot).
 */
import { blankAction, type Action, type GameEvent, type Module } from '@airman/contracts/module.ts';

function action(a: Partial<Action> & Pick<Action, 'name' | 'token_cost' | 'results'>): Action {
  return { ...blankAction(a.name), ...a };
}

/** Real help, named where an event touches on it (docs/game-rules.md, resources). */
const CHAPLAIN = { name: 'Your unit chaplain', contact: 'The base chapel; after hours, through the command post' };
const ONESOURCE = { name: 'Military OneSource', contact: '800-342-9647, any hour' };
const CRISIS_LINE = { name: 'Veterans/Military Crisis Line', contact: 'Dial 988, then press 1' };
const AFRC = {
  name: 'Airman & Family Readiness Center',
  contact: 'On base: personal financial counselors and relocation help',
};
const MENTAL_HEALTH = {
  name: 'Mental Health Clinic',
  contact: 'At the base medical group: walk in during duty hours, or call to be seen',
};
const EMERGENCY = { name: 'Immediate danger', contact: 'Call 911 or go to the nearest emergency room' };
const RED_CROSS = {
  name: 'American Red Cross (Hero Care)',
  contact: '877-272-7337, any hour: verifies a family emergency for your command, for emergency leave',
};
const AID_SOCIETY = {
  name: 'Air Force Aid Society',
  contact: 'Emergency loans and grants, through the Airman & Family Readiness Center',
};

const events: GameEvent[] = [
  {
    name: 'A wingman in crisis',
    text: 'Airman Reyes, your wingman, has been withdrawn all week. Tonight Reyes says, "Nobody would even notice if I was gone."',
    days: [1, 6],
    chance: 25,
    choices: [
      {
        label: 'Ask Reyes directly whether they are thinking of suicide, stay with them and walk them to the chaplain',
        token_cost: 3,
        results: { mental: -3 },
        changes_objectives: { add: [], remove: ['Be there for your wingman'] },
      },
      {
        label: 'Give Reyes the crisis line number and head back to your room',
        token_cost: 1,
        risky: true,
        lesson: 'A number is not enough for someone who may be thinking of suicide: ask, care, escort.',
        later: [
          {
            in_days: 2,
            results: { spiritual: -5, mental: -3 },
            text: 'You never found out whether Reyes called. You keep wondering.',
          },
        ],
      },
      {
        label: 'Let it go: Reyes is probably just tired',
        risky: true,
        lesson: 'Talk of not being missed is a warning sign: ask directly and stay.',
        later: [
          {
            in_days: 1,
            results: { spiritual: -8, social: -6 },
            text: 'Reyes missed formation. The first sergeant got Reyes to help; you wish you had asked.',
          },
        ],
      },
    ],
    resources: [CRISIS_LINE, EMERGENCY, CHAPLAIN, MENTAL_HEALTH, ONESOURCE],
  },
  {
    name: 'Mock PT assessment',
    text: 'You ran the mock PT assessment this morning and missed the run standard by 40 seconds.',
    days: [1, 4],
    chance: 30,
    required_objectives: ['Pass the PT test'],
    choices: [
      {
        label: 'Add an evening run to your week',
        token_cost: 2,
        results: { physical: 4, mental: -4 },
        changes_inventory: { add: ['Conditioning'], remove: [] },
      },
      { label: 'Ask your wingman to train with you', token_cost: 1, results: { social: 4, physical: 3, mental: -3 } },
      {
        label: 'Shrug it off and rest',
        results: { mental: -5, physical: 1 },
        risky: true,
        lesson: 'A missed standard ignored is still missed: a plan beats hoping.',
      },
    ],
  },
  {
    name: 'Family emergency',
    text: 'Your mother calls: your father has been taken to the hospital. He is stable, but she is scared.',
    days: [2, 6],
    chance: 25,
    choices: [
      {
        label: 'Ask your supervisor about emergency leave, then call her back',
        token_cost: 3,
        results: { social: 7, spiritual: 4, mental: 1 },
      },
      { label: 'Call her every evening and stay on duty', token_cost: 1, results: { social: 3, mental: -8 } },
      {
        label: 'Ask your supervisor to cover tomorrow morning',
        token_cost: 2,
        results: { social: 6, mental: -1 },
        next_day_tokens: -2,
      },
    ],
    resources: [RED_CROSS, ONESOURCE, CHAPLAIN],
  },
  {
    name: 'Short-notice inspection',
    text: 'The first sergeant announces a dorm and readiness inspection for tomorrow morning.',
    days: [2, 5],
    chance: 30,
    choices: [
      { label: 'Prepare thoroughly tonight', token_cost: 2, results: { mental: 3, social: 2, physical: -2 } },
      {
        label: 'Trade your Saturday duty with your roommate to prep together',
        token_cost: 1,
        results: { social: 2 },
        later: [
          { in_days: 2, next_day_tokens: -3, text: 'You owe your roommate that Saturday: three hours of your day.' },
        ],
      },
      {
        label: 'Wing it',
        results: { mental: -6, social: -2 },
        risky: true,
        lesson: 'Winging an inspection trades an hour saved for a morning of stress.',
      },
    ],
  },
  {
    name: 'PT test moved up',
    text: 'The fitness assessment cell moved your PT test to this week. A slot is open today if you are ready.',
    days: [2, 4],
    chance: 55,
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
    name: 'Your partner feels forgotten',
    text: 'Your partner back home says you never have time to talk anymore.',
    days: [1, 7],
    chance: 20,
    choices: [
      { label: 'Call tonight and really listen', token_cost: 1, results: { social: 5, spiritual: 1, mental: -2 } },
      {
        label: 'Send a long message and get back to your work',
        results: { social: -5, mental: 1 },
        risky: true,
        lesson: 'A message is not a conversation: the people at home need you to listen.',
        later: [
          { in_days: 2, results: { social: -7 }, text: 'Your partner has gone quiet: the messages get shorter.' },
        ],
      },
      {
        label: 'Promise a long call this weekend',
        results: { social: 2 },
        later: [{ in_days: 3, next_day_tokens: -2, text: 'The long call you promised takes two hours of your day.' }],
      },
    ],
  },
  {
    name: 'Moved to night shift',
    text: 'Your section moves you to mids, 2300 to 0700, for the rest of the week.',
    days: [2, 6],
    chance: 25,
    choices: [
      { label: 'Keep a strict sleep schedule', token_cost: 2, results: { physical: 4, mental: 1, social: -6 } },
      {
        label: 'Stay on days with your friends when off duty',
        results: { social: 4, physical: -4, mental: -2 },
        risky: true,
        lesson: 'Shift work needs protected sleep: fighting your schedule wears you down.',
        later: [{ in_days: 1, results: { physical: -4, mental: -3 }, text: 'Two hours of sleep before a mid shift.' }],
      },
      {
        label: 'Trade shifts so you stay on days',
        token_cost: 1,
        results: { mental: 3 },
        later: [
          { in_days: 2, results: { social: -4 }, next_day_tokens: -2, text: 'You cover the mid shift you traded for.' },
        ],
      },
    ],
  },
  {
    name: 'Deployment notice',
    text: 'You are on the list for a six-month deployment in the spring.',
    days: [3, 7],
    chance: 25,
    choices: [
      { label: 'Sit down with your family to plan', token_cost: 2, results: { social: 6, spiritual: 1, mental: -1 } },
      { label: 'Go to the pre-deployment brief', token_cost: 2, results: { mental: 2, social: -5 } },
      {
        label: 'Keep it to yourself for now',
        results: { mental: -7 },
        risky: true,
        lesson: 'Keeping big news to yourself leaves you to carry it alone: plan it with others.',
      },
    ],
    resources: [AFRC, ONESOURCE],
  },
  {
    name: 'Construction next to the dorms',
    text: 'Jackhammers start at 0500 outside your window, and they will be there all day.',
    days: [1, 7],
    chance: 20,
    choices: [
      { label: 'Earplugs and an early night', token_cost: 2, results: { physical: 3, mental: 3, social: -4 } },
      {
        label: 'Push through on energy drinks',
        risky: true,
        lesson: 'Energy drinks borrow energy from tomorrow: sleep is the only real fix.',
        results: { mental: 2 },
        later: [{ in_days: 1, results: { physical: -6, mental: -3 }, text: 'The energy drinks wear off: you crash.' }],
      },
    ],
  },
  {
    name: 'Unit softball game',
    text: 'Your flight is one player short for tonight\u2019s unit softball game.',
    days: [3, 7],
    chance: 30,
    choices: [
      { label: 'Play', token_cost: 3, results: { social: 8, physical: 5, mental: 2 } },
      { label: 'Keep score from the bench', token_cost: 1, results: { social: 4, mental: 1 } },
      {
        label: 'Decline politely',
        results: { social: -8, mental: -3 },
        risky: true,
        lesson: 'Turning down your flight again and again is how isolation starts.',
      },
    ],
  },
  {
    name: 'Car trouble',
    text: 'Your car will not start, and payday is a week away.',
    days: [2, 4],
    chance: 30,
    choices: [
      { label: 'Call the Airman & Family Readiness Center', token_cost: 2, results: { mental: 4, spiritual: 1 } },
      { label: 'Ride with your wingman until payday', token_cost: 1, results: { social: 4, mental: -1 } },
      {
        label: 'Borrow from a payday lender',
        risky: true,
        lesson: 'A payday loan costs far more than it lends: the Air Force Aid Society lends without interest.',
        later: [
          {
            in_days: 3,
            results: { mental: -14, spiritual: -8 },
            text: 'The payday loan comes due with its fees: you owe far more than you borrowed.',
          },
        ],
      },
    ],
    resources: [AFRC, AID_SOCIETY],
  },
  {
    name: 'Your brother needs rent money',
    text: 'Your younger brother asks you to help with his rent this month.',
    days: [2, 5],
    chance: 25,
    choices: [
      {
        label: 'Send what you can',
        risky: true,
        lesson: 'Money you need yourself helps no one for long: a budget helps more.',
        results: { social: 2, mental: -4 },
        later: [{ in_days: 2, results: { mental: -7 }, text: 'Your own account runs short before payday.' }],
      },
      { label: 'Say no, and explain why', token_cost: 1, results: { spiritual: 1, social: -4 } },
      { label: 'Help him build a budget over video', token_cost: 2, results: { social: 6, spiritual: 2, mental: 1 } },
    ],
    resources: [AFRC],
  },
  {
    name: 'Roommate trouble',
    text: 'Your roommate plays music until 0200 every night this week.',
    days: [1, 5],
    chance: 20,
    choices: [
      { label: 'Talk it out calmly', token_cost: 1, results: { social: 3, mental: 3 } },
      { label: 'Ask the dorm manager to move you', token_cost: 2, results: { mental: 5, social: -1 } },
      {
        label: 'Let it slide',
        risky: true,
        lesson: 'Problems left unspoken come back every night: say it calmly, early.',
        later: [
          {
            in_days: 1,
            results: { physical: -2, mental: -2 },
            text: 'Another night of 0200 music: you are running on little sleep.',
          },
        ],
      },
    ],
  },
  {
    name: 'Sick with a fever',
    text: 'You wake up with a fever and a sore throat.',
    days: [2, 5],
    chance: 25,
    choices: [
      { label: 'Go to sick call and rest', token_cost: 2, results: { physical: 4, mental: 2, social: -2 } },
      {
        label: 'Work through it',
        risky: true,
        lesson: 'Working sick makes it last longer: sick call is part of the job.',
        results: { mental: 2 },
        later: [
          { in_days: 2, results: { physical: -10, mental: -2 }, text: 'The cold you worked through comes back worse.' },
        ],
      },
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
  // Every event as likely to come as the first: tried in an order shuffled each day.
  events_drawn: 'shuffled',
  starting_gauges: { mental: 60, physical: 55, social: 55, spiritual: 50 },
  daily_change: { mental: -7, physical: -6, social: -6, spiritual: -5 },
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
      results: { physical: -3 },
      changes_inventory: { add: ['Course notes'], remove: [] },
      later: [
        {
          in_days: 1,
          results: { physical: -6, mental: -3 },
          text: 'Skipped meals catch up with you: you are running on empty.',
        },
      ],
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
      results: { mental: -4, social: -3 },
      next_day_tokens: 4,
      later: [{ in_days: 2, results: { physical: -6, mental: -4 }, text: 'Back-to-back shifts catch up with you.' }],
    }),
    action({
      name: 'Late-night gaming',
      token_cost: 1,
      set_cooldown: 0,
      results: { mental: 4, spiritual: -1 },
      later: [
        { in_days: 1, results: { physical: -4, mental: -3 }, text: 'You gamed past 0200: a slow, foggy morning.' },
      ],
    }),
    action({
      name: 'Unit formation (cancelled this week)',
      token_cost: 1,
      disabled: true,
      results: { social: 2 },
    }),
  ],
  events,
  scoring: { stars: [580, 650] },
  lessons: {
    mental: {
      low: 'Stress piles up when rest, sleep and help are the first things cut. Protect the basics, and ask for help early: your supervisor, the chaplain and Military OneSource are there for exactly this.',
      high: 'You protected your mind at the cost of other domains. Resilience is balance: time with others and your body count as much.',
    },
    physical: {
      low: 'Skipped meals, short nights and back-to-back shifts borrow from tomorrow, and tomorrow pays with interest. Sleep, food and training are part of the mission.',
      high: 'Training hard is good; training at the expense of the people around you and your peace of mind is not. Fitness is all four domains.',
    },
    social: {
      low: 'Airmen who pull away from their wingmen, family and friends lose the people who notice when something is wrong. Stay connected, especially when you are busy.',
      high: 'Connection matters, and so does time to rest and reflect. Keep some of the week for yourself.',
    },
    spiritual: {
      low: 'Purpose and values carry you through hard weeks. Quiet time, service and a talk with the chaplain are not extras: they keep you steady.',
      high: 'A strong sense of purpose is a foundation; build the other domains on it.',
    },
  },
};
