/** The module format of spec §3: a turn-based resource-management scenario. */
import { z } from 'zod';
import { GAUGE_MAX, GAUGE_MIN } from './gauges.ts';
import {
  EVENT_MAX_CHOICES,
  MODULE_MAX_ACTIONS,
  MODULE_MAX_DAYS,
  MODULE_MAX_EVENTS,
  MODULE_MAX_GAUGES,
  MODULE_MAX_OBJECTIVES,
  MOVE_MAX_NAMES,
  SCORE_MAX_POINTS,
} from './constants.ts';
import { epochDate } from './user.ts';

const name = z.string().trim().min(1, 'must not be empty').max(200);
const count = z.number().int('must be an integer').min(0, 'must not be negative');
const names = z.array(name).max(MOVE_MAX_NAMES, `at most ${MOVE_MAX_NAMES} names`);
/**
 * Gauge name → value. A gauge's name is a key of the module's JSON objects,
 * and '__proto__' there is the object's prototype to JavaScript, not a key:
 * zod would drop it without a word, so it is refused by name.
 */
function gaugeTable<V extends z.ZodType>(value: V) {
  return z
    .unknown()
    .superRefine((input, ctx) => {
      if (input !== null && typeof input === 'object' && Object.hasOwn(input, '__proto__')) {
        ctx.addIssue({ code: 'custom', path: ['__proto__'], message: "'__proto__' cannot be a gauge name" });
      }
    })
    .pipe(
      z
        .record(z.string().min(1), value)
        .refine((table) => Object.keys(table).length <= MODULE_MAX_GAUGES, `at most ${MODULE_MAX_GAUGES} gauges`),
    );
}

export { GAUGE_MAX, GAUGE_MIN };

export const objectiveSchema = z.strictObject({
  name,
  /** Pursued from the start of a run. */
  active: z.boolean(),
  /** Not shown to the player until it becomes active or is completed. */
  hidden: z.boolean(),
});
export type Objective = z.infer<typeof objectiveSchema>;

export const addRemoveSchema = z.strictObject({
  add: names,
  remove: names,
});
export type AddRemove = z.infer<typeof addRemoveSchema>;

const nextDayTokens = z.number().int('must be an integer').min(-1000).max(1000);

/** The most delayed consequences one action or choice may carry. */
export const MAX_LATER = 3;

/**
 * A consequence that comes back: applied at the start of the day `in_days`
 * after the move that caused it, before that day's event (docs/game-rules.md).
 */
export const laterSchema = z.strictObject({
  /** Days after the move: 1 = tomorrow morning, 7 = a week later. */
  in_days: z.number().int('must be an integer').min(1, 'must be at least 1').max(365),
  /** Gauge name → change applied when it lands. */
  results: gaugeTable(z.number().int('must be an integer')).optional(),
  /** Time tokens added to (or, negative, taken from) the day it lands on. */
  next_day_tokens: nextDayTokens.optional(),
  /** What the player is told before the choice ("later: …") and when it lands. */
  text: z.string().trim().min(1, 'must not be empty').max(500),
});
export type Later = z.infer<typeof laterSchema>;

const laterList = z.array(laterSchema).max(MAX_LATER, `at most ${MAX_LATER} later consequences`);

export const actionSchema = z.strictObject({
  name,
  token_cost: count,
  set_cooldown: count,
  /** Gauge name → change applied when the action is taken. */
  results: gaugeTable(z.number().int('must be an integer')),
  disabled: z.boolean(),
  required_objectives: names,
  changes_inventory: addRemoveSchema,
  changes_objectives: addRemoveSchema,
  /** Time tokens added to (or, negative, taken from) tomorrow's: overtime today buys time tomorrow. */
  next_day_tokens: nextDayTokens.optional(),
  /** Consequences that land on a later day. */
  later: laterList.optional(),
});
export type Action = z.infer<typeof actionSchema>;

/** An action that does nothing yet: where the editor, the seed and tests start from. */
export function blankAction(name: string): Action {
  return {
    name,
    token_cost: 1,
    set_cooldown: 0,
    results: {},
    disabled: false,
    required_objectives: [],
    changes_inventory: { add: [], remove: [] },
    changes_objectives: { add: [], remove: [] },
  };
}

/** One way to answer an event: spends time, moves gauges, gives or uses items, changes objectives. */
export const eventChoiceSchema = z.strictObject({
  label: name,
  results: gaugeTable(z.number().int('must be an integer')).optional(),
  token_cost: count.optional(),
  changes_inventory: addRemoveSchema.optional(),
  changes_objectives: addRemoveSchema.optional(),
  next_day_tokens: nextDayTokens.optional(),
  /** Consequences that land on a later day. */
  later: laterList.optional(),
});
export type EventChoice = z.infer<typeof eventChoiceSchema>;

const day = z.number().int('must be an integer').min(1, 'must be at least 1').max(MODULE_MAX_DAYS);

/** The most resources one event may name. */
export const MAX_RESOURCES = 6;

/** Real help an event names, shown after the player's choice and in the debrief. */
export const resourceSchema = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(200),
  /** How to reach it: a phone number, a place, a web address. */
  contact: z.string().trim().min(1, 'must not be empty').max(200),
});
export type Resource = z.infer<typeof resourceSchema>;

/**
 * Something that happens at the start of a day, drawn from the run's seed
 * (docs/game-rules.md): the player picks one of its choices before acting.
 */
export const gameEventSchema = z.strictObject({
  name,
  text: z.string().trim().min(1, 'must not be empty').max(2000),
  /** First and last day it may be drawn on. */
  days: z.tuple([day, day]).refine(([from, to]) => from <= to, 'the first day must not come after the last'),
  /** Percent chance of being drawn on each day of its window (until drawn once). */
  chance: z.number().int('must be an integer').min(0).max(100),
  /** Drawn only while each of these objectives is active. */
  required_objectives: names.optional(),
  choices: z
    .array(eventChoiceSchema)
    .min(1, 'needs at least one choice')
    .max(EVENT_MAX_CHOICES, `at most ${EVENT_MAX_CHOICES} choices`),
  /** Where to find real help with what the event is about. */
  resources: z.array(resourceSchema).max(MAX_RESOURCES, `at most ${MAX_RESOURCES} resources`).optional(),
});
export type GameEvent = z.infer<typeof gameEventSchema>;

/** How a run is scored (every field optional; docs/game-rules.md gives the defaults). */
export const scoringSchema = z.strictObject({
  /** Points for each objective completed. */
  objective_points: count.max(SCORE_MAX_POINTS).optional(),
  /** Points for each gauge inside its healthy range at the end of each day. */
  range_day_points: count.max(SCORE_MAX_POINTS).optional(),
  /** Points a completed run needs for two and for three stars. */
  stars: z
    .tuple([count, count])
    .refine(([two, three]) => two <= three, 'the two-star threshold must not exceed the three-star one')
    .optional(),
});
export type Scoring = z.infer<typeof scoringSchema>;

const lessonText = z.string().trim().min(1, 'must not be empty').max(1000);

/** What a gauge's time out of its healthy range teaches: below it (low) and above it (high). */
export const lessonSchema = z.strictObject({ low: lessonText.optional(), high: lessonText.optional() });
export type Lesson = z.infer<typeof lessonSchema>;

export const moduleSchema = z.strictObject({
  /** '' for a module not yet saved. */
  id: z.string().max(100),
  game_title: z.string().trim().min(1, 'must not be empty').max(200),
  game_description: z.string().max(5000),
  /** Equals id for base modules. */
  game_type: z.string().max(100),
  /** 0 = live, otherwise when it was archived (epoch ms). */
  archived_at: epochDate,
  days: day,
  daily_time_tokens: z.number().int('must be an integer').min(1, 'must be at least 1').max(1000),
  starting_gauges: gaugeTable(z.number().int('must be an integer').min(GAUGE_MIN).max(GAUGE_MAX)),
  objectives: z.array(objectiveSchema).max(MODULE_MAX_OBJECTIVES, `at most ${MODULE_MAX_OBJECTIVES} objectives`),
  actions: z.array(actionSchema).max(MODULE_MAX_ACTIONS, `at most ${MODULE_MAX_ACTIONS} actions`),
  /** Gauge → change applied overnight, each time a day ends and the next begins. */
  daily_change: gaugeTable(z.number().int('must be an integer').min(-GAUGE_MAX).max(GAUGE_MAX)).optional(),
  /** Gauge → [min, max]: shown on the gauge; each day ended inside it scores. */
  healthy_range: gaugeTable(
    z
      .tuple([z.number().int().min(GAUGE_MIN).max(GAUGE_MAX), z.number().int().min(GAUGE_MIN).max(GAUGE_MAX)])
      .refine(([min, max]) => min <= max, 'min must not exceed max'),
  ).optional(),
  events: z.array(gameEventSchema).max(MODULE_MAX_EVENTS, `at most ${MODULE_MAX_EVENTS} events`).optional(),
  scoring: scoringSchema.optional(),
  /** Gauge → the lesson for a run that kept it below (low) or above (high) its healthy range. */
  lessons: gaugeTable(lessonSchema).optional(),
});
export type Module = z.infer<typeof moduleSchema>;

/** A base module is its own type (spec §4): locked in the editor, never archived. */
export function isBaseModule(m: Pick<Module, 'id' | 'game_type'>): boolean {
  return m.id !== '' && m.id === m.game_type;
}

export function isArchived(m: Pick<Module, 'archived_at'>): boolean {
  return m.archived_at > 0;
}

/**
 * The default game record of spec §3, the empty state of the editor and of the
 * module pickers. Fields the spec does not give have the smallest valid values.
 */
export const DEFAULT_GAME_RECORD: Module = {
  id: '',
  game_title: 'None',
  game_description: '',
  game_type: '',
  archived_at: 0,
  days: 1,
  daily_time_tokens: 1,
  starting_gauges: {},
  objectives: [],
  actions: [],
};

/**
 * The title of a copy (spec §4): '{title} Copy {date}', the date YYYY-MM-DD on
 * the user's own calendar (toISOString's is UTC's: tomorrow, on an evening west of UTC).
 */
export function copyTitle(title: string, date: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${title} Copy ${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
