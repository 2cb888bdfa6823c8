/**
 * The words of the module Check (validate.ts, reach.ts, solver.ts and the
 * editor's own table problems), for the trainers who write modules: one table
 * of templates, each `{name}` filled in when the problem is found. A message
 * says what is wrong and, where it helps, what to do; never where (the Check
 * puts problemPlace before it, the editor shows it beside the field).
 * docs/module-check.md explains every one of them, and a test keeps that
 * catalogue and this table in step.
 */
import { fill } from '@airman/contracts/module-messages.ts';

/** The Check's message templates. Those starting 'why' and 'move' are parts of other messages. */
export const CHECK_MESSAGES = {
  unknownGauge: 'There is no gauge “{gauge}”: add it under Gauges, or clear this value.',
  unknownObjective: 'There is no objective “{objective}”: add it under Objectives, or untick it here.',
  duplicateObjective: 'Two objectives are named “{name}”: give each its own name.',
  duplicateAction: 'Two actions are named “{name}”: give each its own name.',
  duplicateEvent: 'Two events are named “{name}”: give each its own name.',
  duplicateGauge: 'Two gauges are named “{name}” and only one would be saved: give each its own name.',
  tooManyItems: 'The module names {count} different items; at most {max} are allowed. Use fewer item names.',
  noneTitle: '“None” is what the module lists show for no module: give the module its own title.',
  noGauges: 'There are no gauges, so nothing can make a run fail. Add a gauge.',
  lessonNoRange: '“{gauge}” has no healthy range, so its lessons are never shown. Fill in Healthy from and Healthy to.',
  rangeCoversAll: 'The healthy range is 0 to 100, every value, so it never costs the player. Narrow it.',
  startOutsideRange: 'The gauge starts at {start}, outside its healthy range of {min} to {max}.',
  eventTooLate:
    'Starts on day {day} but the module lasts {days} days, so it is never drawn. Lower First day, or raise Days in Settings.',
  eventNoChance: 'A chance of 0% means the event is never drawn. Raise it.',
  eventNoFreeChoice: 'Every choice uses up an item: add a choice that uses none, so the player can always answer.',
  laterTooLate:
    'Lands {in_days} days after the move but the module lasts {days} days, so it always comes due after the last day, charged when the run ends. Lower In days, or raise Days in Settings.',
  actionTooCostly:
    'More than the {tokens} tokens a day has, so this action can never be taken. Lower it, or raise Daily time tokens in Settings.',
  itemNeverGiven:
    'Nothing gives “{item}”, so this action can never be taken. Add it to Inventory added of another action or choice.',
  actionNeverTaken: 'This action can never be taken: {why}.',
  objectiveNeverActive: 'Never becomes active: tick Active, or tick Added for it on an action or a choice.',
  objectiveNothingCompletes:
    '“{objective}” can never be done: no action or choice completes it. Tick Removed for it on one of them.',
  objectiveNeverDone: '“{objective}” can never be done: {why}.',
  whyDisabled: '{move} is disabled',
  whyNeverDrawn: 'the event “{event}” can never be drawn',
  whyNeverActive: '{move} needs “{objective}” active, and nothing activates it',
  whyNeverActiveInPlay: '{move} needs “{objective}” active, and nothing that can happen activates it',
  whyNeverGiven: '{move} uses up “{item}”, and nothing gives it',
  whyNeverGivenInPlay: '{move} uses up “{item}”, and nothing that can happen gives it',
  moveAction: 'the action “{action}”',
  moveChoice: 'the choice “{choice}” of the event “{event}”',
  notWinnable:
    'No way of playing completes every shown objective before a gauge falls to 0: make the results kinder or the objectives easier.',
  undecided:
    'No way to win was found among the first {states} positions tried; the module may still be winnable. Play it to be sure.',
  baseKeepsType: 'A base module keeps its own type: put back “{type}”.',
  copyOwnType: 'Only a base module is its own type: put back the type it was copied from, “{type}”.',
  newModuleId: 'Must be empty ("") for a new module: the server gives it its id.',
  sameModuleId: 'Must stay “{id}”, the id of the module being saved.',
  cannotBeWon: 'The module cannot be won. {reason}',
  mayNotBeWinnable: 'Whether the module can be won is not known. {reason}',
} as const;

export type CheckMessage = keyof typeof CHECK_MESSAGES;

/** The Check's message `key`, filled in. */
export function say(key: CheckMessage, values?: Record<string, string | number>): string {
  return fill(CHECK_MESSAGES[key], values);
}
