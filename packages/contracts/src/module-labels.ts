/**
 * The module editor's words for a module's parts: its sections, its tables'
 * columns and its fields' labels, keyed by the module format's field names
 * (and by the parts of a field the editor shows apart, as a range's two ends).
 * The editor labels its fields with them and the Check names where a problem
 * is with them (engine problem-place.ts), so a problem's place reads as the
 * admin's screen does: 'Actions, “Go for a run”, Token cost'.
 */

/** The editor's sections, in its order. */
export const SECTION_LABELS = {
  settings: 'Settings',
  gauges: 'Gauges',
  objectives: 'Objectives',
  actions: 'Actions',
  events: 'Events',
  scoring: 'Scoring',
} as const;

/** The settings form. */
export const SETTINGS_LABELS = {
  game_title: 'Title',
  days: 'Days',
  daily_time_tokens: 'Daily time tokens',
  game_description: 'Description',
  recertify_months: 'Recertify every (months)',
} as const;

/** The scoring form: the stars' pair is two fields. */
export const SCORING_LABELS = {
  objective_points: 'Points per objective',
  range_day_points: 'Points per gauge-day in range',
  stars: 'Two and three stars',
  two_stars: 'Two stars from (points)',
  three_stars: 'Three stars from (points)',
} as const;

/** The gauges table: a gauge's fields are the module's tables by gauge name; a range and the lessons are two columns each. */
export const GAUGE_LABELS = {
  name: 'Gauge',
  starting_gauges: 'Starting value',
  daily_change: 'Daily change',
  healthy_range: 'Healthy range',
  healthy_from: 'Healthy from',
  healthy_to: 'Healthy to',
  lessons: 'Lessons',
  lesson_low: 'Lesson when low',
  lesson_high: 'Lesson when high',
} as const;

/** The objectives table. */
export const OBJECTIVE_LABELS = {
  name: 'Objective',
  active: 'Active',
  hidden: 'Hidden',
} as const;

const RESULTS = 'Results';
const TOKEN_COST = 'Token cost';
const TOKENS_TOMORROW = 'Tokens tomorrow';
const LATER = 'Later consequences';

/** The actions table and an action's details. */
export const ACTION_LABELS = {
  name: 'Action',
  token_cost: TOKEN_COST,
  set_cooldown: 'Cooldown (days)',
  disabled: 'Disabled',
  results: RESULTS,
  required_objectives: 'Required',
  changes_objectives: 'Objectives',
  changes_inventory: 'Inventory',
  next_day_tokens: TOKENS_TOMORROW,
  later: LATER,
} as const;

/** The choices table of an event's details and a choice's details: the fields an action shares are named as the action's. */
export const CHOICE_LABELS = {
  label: 'Choice',
  risky: 'Risky',
  lesson: 'Lesson',
  token_cost: TOKEN_COST,
  results: RESULTS,
  changes_objectives: ACTION_LABELS.changes_objectives,
  changes_inventory: ACTION_LABELS.changes_inventory,
  next_day_tokens: TOKENS_TOMORROW,
  later: LATER,
} as const;

/** What an action or a choice adds and removes: its objectives' matrix columns and its inventory fields. */
export const CHANGE_LABELS = {
  changes_objectives: { add: 'Added', remove: 'Removed' },
  changes_inventory: { add: 'Inventory added', remove: 'Inventory removed' },
} as const;

/** The events table and an event's details: its window is two columns. */
export const EVENT_LABELS = {
  name: 'Event',
  text: 'What happens',
  first_day: 'First day',
  last_day: 'Last day',
  chance: 'Chance (%)',
  required_objectives: 'Only while active',
  choices: 'Choices',
  resources: 'Where to find help',
} as const;

/** The later consequences table of an action's or a choice's details. */
export const LATER_LABELS = {
  in_days: 'In days',
  text: 'What comes back',
  next_day_tokens: 'Tokens that day',
  results: RESULTS,
} as const;

/** The resources table of an event's details. */
export const RESOURCE_LABELS = {
  name: 'Resource',
  contact: 'Contact',
} as const;

/**
 * What the editor's label adds after a field's name to say how it is typed:
 * 'Tokens tomorrow (+/−)'. The Check names the field without it.
 */
export const LABEL_HINTS = {
  /** A number that gives or takes. */
  signed: '(+/−)',
  /** A list of item names. */
  items: '(comma-separated)',
  /** A resource's contact. */
  contact: '(phone, place or web address)',
} as const;

/** A field's name with its hint, as the editor shows it: 'Tokens tomorrow (+/−)'. */
export function hinted(label: string, hint: string): string {
  return `${label} ${hint}`;
}
