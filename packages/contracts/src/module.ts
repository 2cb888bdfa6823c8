/** The module format of spec §3: a turn-based resource-management scenario. */
import { z } from 'zod';
import { GAUGE_MAX, GAUGE_MIN } from './gauges.ts';
import {
  EVENT_MAX_CHOICES,
  LAST_DATE_MS,
  MODULE_MAX_ACTIONS,
  MODULE_MAX_DAYS,
  MODULE_MAX_EVENTS,
  MODULE_MAX_GAUGES,
  MODULE_MAX_OBJECTIVES,
  MOVE_MAX_NAMES,
  SCORE_MAX_POINTS,
} from './constants.ts';
import { schemaMessage } from './module-messages.ts';
import { MAX_LATER, MAX_RESOURCES, RECERTIFY_MONTHS_MAX } from './module-values.ts';

export {
  copyTitle,
  DEFAULT_GAME_RECORD,
  isArchived,
  isBaseModule,
  MAX_LATER,
  MAX_RESOURCES,
  RECERTIFY_MONTHS_MAX,
} from './module-values.ts';

// Every refusal in the words of module-messages.ts: the module's authors are trainers, not developers.

/** A refusal of a value's kind: 'Is missing' when there is none at all, else `expected`. */
const kind =
  (expected: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? schemaMessage('missing') : expected;

/** A whole number in [min, max] (no max: min or more), one message for every way to miss. */
function wholeNumber(min?: number, max?: number) {
  const words =
    min === undefined
      ? schemaMessage('whole')
      : max === undefined
        ? schemaMessage('wholeNumberFrom', { min })
        : schemaMessage('wholeNumber', { min, max });
  const n = z.number({ error: kind(words) }).int(words);
  const low = min === undefined ? n : n.min(min, words);
  return max === undefined ? low : low.max(max, words);
}

/** Text of at most `max` characters, trimmed and never empty. */
const text = (max: number) =>
  z
    .string({ error: kind(schemaMessage('text')) })
    .trim()
    .min(1, schemaMessage('notEmpty'))
    .max(max, schemaMessage('tooLong', { max }));

/** Text of at most `max` characters, kept as written, possibly empty. */
const anyText = (max: number) =>
  z.string({ error: kind(schemaMessage('text')) }).max(max, schemaMessage('tooLong', { max }));

const yesNo = () => z.boolean({ error: kind(schemaMessage('yesNo')) });

/** A list of at most `max` items, the refusal naming them as `things`. */
const list = <T extends z.ZodType>(item: T, max: number, things: string) =>
  z.array(item, { error: kind(schemaMessage('list')) }).max(max, schemaMessage('tooMany', { max, things }));

/** 'field “x”' or 'fields “x”, “y”'. */
const fieldNames = (keys: string[]) =>
  `${keys.length === 1 ? 'field' : 'fields'} ${keys.map((k) => `“${k}”`).join(', ')}`;

/** An object of exactly these fields: a field the format does not have is named. */
const strict = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? schemaMessage('unknownFields', { fields: fieldNames(issue.keys) })
        : kind(schemaMessage('fields'))(issue),
  });

/** A pair of values (from and to, two and three stars). */
const pair = <T extends z.ZodType>(value: T) => z.tuple([value, value], { error: kind(schemaMessage('pair')) });

const name = text(200);
const count = wholeNumber(0);
const names = list(name, MOVE_MAX_NAMES, 'names');
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
        ctx.addIssue({ code: 'custom', path: ['__proto__'], message: schemaMessage('protoGauge') });
      }
    })
    .pipe(
      z
        .record(z.string().min(1), value, {
          error: (issue) =>
            issue.code === 'invalid_key' ? schemaMessage('gaugeName') : kind(schemaMessage('gaugeTable'))(issue),
        })
        .refine(
          (table) => Object.keys(table).length <= MODULE_MAX_GAUGES,
          schemaMessage('tooMany', { max: MODULE_MAX_GAUGES, things: 'gauges' }),
        ),
    );
}

export { GAUGE_MAX, GAUGE_MIN };

export const objectiveSchema = strict({
  name,
  /** Pursued from the start of a run. */
  active: yesNo(),
  /** Not shown to the player until it becomes active or is completed. */
  hidden: yesNo(),
});
export type Objective = z.infer<typeof objectiveSchema>;

export const addRemoveSchema = strict({
  add: names,
  remove: names,
});
export type AddRemove = z.infer<typeof addRemoveSchema>;

const nextDayTokens = wholeNumber(-1000, 1000);

/**
 * A consequence that comes back: applied at the start of the day `in_days`
 * after the move that caused it, before that day's event (docs/game-rules.md).
 */
export const laterSchema = strict({
  /** Days after the move: 1 = tomorrow morning, 7 = a week later. */
  in_days: wholeNumber(1, 365),
  /** Gauge name → change applied when it lands. */
  results: gaugeTable(wholeNumber()).optional(),
  /** Time tokens added to (or, negative, taken from) the day it lands on. */
  next_day_tokens: nextDayTokens.optional(),
  /** What the player is told before the choice ("later: …") and when it lands. */
  text: text(500),
});
export type Later = z.infer<typeof laterSchema>;

const laterList = list(laterSchema, MAX_LATER, 'later consequences');

export const actionSchema = strict({
  name,
  token_cost: count,
  set_cooldown: count,
  /** Gauge name → change applied when the action is taken. */
  results: gaugeTable(wholeNumber()),
  disabled: yesNo(),
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
export const eventChoiceSchema = strict({
  label: name,
  results: gaugeTable(wholeNumber()).optional(),
  token_cost: count.optional(),
  changes_inventory: addRemoveSchema.optional(),
  changes_objectives: addRemoveSchema.optional(),
  next_day_tokens: nextDayTokens.optional(),
  /** Consequences that land on a later day. */
  later: laterList.optional(),
  /** A choice the module teaches against (absent: a healthy one): it never out-scores its event's best healthy choice. */
  risky: yesNo().optional(),
  /** One line on what the choice teaches, quoted by the debrief; a risky choice needs one. */
  lesson: text(200)
    .refine((t) => !/[\r\n]/.test(t), schemaMessage('oneLine'))
    .optional(),
}).refine((c) => c.risky !== true || c.lesson !== undefined, {
  message: schemaMessage('riskyLesson'),
  path: ['lesson'],
});
export type EventChoice = z.infer<typeof eventChoiceSchema>;

const day = wholeNumber(1, MODULE_MAX_DAYS);

/** Real help an event names, shown after the player's choice and in the debrief. */
export const resourceSchema = strict({
  name: text(200),
  /** How to reach it: a phone number, a place, a web address. */
  contact: text(200),
});
export type Resource = z.infer<typeof resourceSchema>;

/**
 * Something that happens at the start of a day, drawn from the run's seed
 * (docs/game-rules.md): the player picks one of its choices before acting.
 */
export const gameEventSchema = strict({
  name,
  text: text(2000),
  /** First and last day it may be drawn on. */
  days: pair(day).refine(([from, to]) => from <= to, schemaMessage('dayOrder')),
  /** Percent chance of being drawn on each day of its window (until drawn once). */
  chance: wholeNumber(0, 100),
  /** Drawn only while each of these objectives is active. */
  required_objectives: names.optional(),
  choices: list(eventChoiceSchema, EVENT_MAX_CHOICES, 'choices')
    .min(1, schemaMessage('noChoice'))
    .refine(
      (choices) => choices.length === 0 || choices.some((c) => c.risky !== true),
      schemaMessage('noHealthyChoice'),
    ),
  /** Where to find real help with what the event is about. */
  resources: list(resourceSchema, MAX_RESOURCES, 'resources').optional(),
});
export type GameEvent = z.infer<typeof gameEventSchema>;

/** How a run is scored (every field optional; docs/game-rules.md gives the defaults). */
export const scoringSchema = strict({
  /** Points for each objective completed. */
  objective_points: wholeNumber(0, SCORE_MAX_POINTS).optional(),
  /** Points for each gauge inside its healthy range at the end of each day. */
  range_day_points: wholeNumber(0, SCORE_MAX_POINTS).optional(),
  /** Percent of the days each gauge with a healthy range must end inside it for three stars (default 57: 4 of 7). */
  balance_share: wholeNumber(0, 100).optional(),
  /** Points a completed run needs for two and for three stars. */
  stars: pair(count)
    .refine(([two, three]) => two <= three, schemaMessage('starOrder'))
    .optional(),
});
export type Scoring = z.infer<typeof scoringSchema>;

const lessonText = text(1000);

/** What a gauge's time out of its healthy range teaches: below it (low) and above it (high). */
export const lessonSchema = strict({ low: lessonText.optional(), high: lessonText.optional() });
export type Lesson = z.infer<typeof lessonSchema>;

export const moduleSchema = strict({
  /** '' for a module not yet saved. */
  id: anyText(100),
  game_title: text(200),
  game_description: anyText(5000),
  /** Equals id for base modules. */
  game_type: anyText(100),
  /** 0 = live, otherwise when it was archived (epoch ms). */
  archived_at: z
    .number({ error: kind(schemaMessage('archived')) })
    .int(schemaMessage('archived'))
    .min(0, schemaMessage('archived'))
    .max(LAST_DATE_MS, schemaMessage('archived')),
  days: day,
  daily_time_tokens: wholeNumber(1, 1000),
  starting_gauges: gaugeTable(wholeNumber(GAUGE_MIN, GAUGE_MAX)),
  objectives: list(objectiveSchema, MODULE_MAX_OBJECTIVES, 'objectives'),
  actions: list(actionSchema, MODULE_MAX_ACTIONS, 'actions'),
  /** Gauge → change applied overnight, each time a day ends and the next begins. */
  daily_change: gaugeTable(wholeNumber(-GAUGE_MAX, GAUGE_MAX)).optional(),
  /** Gauge → [min, max]: shown on the gauge; each day ended inside it scores. */
  healthy_range: gaugeTable(
    pair(wholeNumber(GAUGE_MIN, GAUGE_MAX)).refine(([min, max]) => min <= max, schemaMessage('rangeOrder')),
  ).optional(),
  events: list(gameEventSchema, MODULE_MAX_EVENTS, 'events').optional(),
  scoring: scoringSchema.optional(),
  /**
   * How each day's event is picked among those that may come: 'in_order' (absent: the first in
   * the module's order whose roll succeeds) or 'shuffled' (the events tried in an order shuffled
   * by the run's seed and the day, so the later ones come as often as the first).
   */
  events_drawn: z.enum(['in_order', 'shuffled'], { error: schemaMessage('eventsDrawn') }).optional(),
  /** Gauge → the lesson for a run that kept it below (low) or above (high) its healthy range. */
  lessons: gaugeTable(lessonSchema).optional(),
  /**
   * Recertify every N calendar months (1–RECERTIFY_MONTHS_MAX): a completion lapses N months
   * after it and the assignment is due again. Absent or null: completed once, for good.
   */
  recertify_months: wholeNumber(1, RECERTIFY_MONTHS_MAX).nullable().optional(),
});
export type Module = z.infer<typeof moduleSchema>;
