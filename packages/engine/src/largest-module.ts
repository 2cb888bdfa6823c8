/**
 * The costliest module the caps allow, and the longest run of it: what bounds
 * a request's work (the replay bench, scripts/bench/engine.ts, and the tests
 * that a run of it finishes and scores within the stored integer).
 */
import {
  DAY_MAX_ACTIONS,
  EVENT_MAX_CHOICES,
  MODULE_MAX_ACTIONS,
  MODULE_MAX_DAYS,
  MODULE_MAX_EVENTS,
  MODULE_MAX_GAUGES,
  MODULE_MAX_ITEMS,
  MODULE_MAX_OBJECTIVES,
  MOVE_MAX_NAMES,
  SCORE_MAX_POINTS,
} from '@airman/contracts/constants.ts';
import type { GameCommand } from '@airman/contracts/game.ts';
import { blankAction, DEFAULT_GAME_RECORD, type Module } from '@airman/contracts/module.ts';
import { start, type GameState } from './game-state.ts';
import { apply, unavailableReason } from './rules.ts';

const range = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));
/** The `i`th run of MOVE_MAX_NAMES names of a list, round it. */
const tenth = (names: readonly string[], i: number) =>
  range(MOVE_MAX_NAMES, (k) => names[(i * MOVE_MAX_NAMES + k) % names.length] as string);

/**
 * Every size at its cap: each action moves every gauge, gives and uses as many
 * items as a list holds, activates as many objectives and cools down (so a
 * run's tables are copied at each move and grow to their largest); every event
 * can be drawn every day; scoring at its most points.
 */
export function largestModule(): Module {
  const gauges = range(MODULE_MAX_GAUGES, (i) => `Gauge ${i + 1}`);
  const objectives = range(MODULE_MAX_OBJECTIVES, (i) => `Objective ${i + 1}`);
  const items = range(MODULE_MAX_ITEMS, (i) => `Item ${i + 1}`);
  const every = <V>(value: (i: number) => V) => Object.fromEntries(gauges.map((g, i) => [g, value(i)]));
  // Half the items, given by the first action, then used and given back by every other one; events give the rest.
  const held = items.slice(0, MOVE_MAX_NAMES);
  const given = items.slice(MOVE_MAX_NAMES, 2 * MOVE_MAX_NAMES);
  return {
    ...DEFAULT_GAME_RECORD,
    game_title: 'Largest',
    days: MODULE_MAX_DAYS,
    daily_time_tokens: 1000,
    starting_gauges: every(() => 50),
    daily_change: every(() => 1),
    healthy_range: every(() => [0, 100] as [number, number]),
    objectives: objectives.map((name, i) => ({ name, active: false, hidden: i % 2 === 1 })),
    actions: range(MODULE_MAX_ACTIONS, (i) => ({
      ...blankAction(`Action ${i + 1}`),
      token_cost: 1,
      set_cooldown: 1,
      results: every((g) => ((g + i) % 2 === 0 ? 1 : -1)),
      changes_inventory: { add: held, remove: i === 0 ? [] : held },
      changes_objectives: { add: tenth(objectives, i), remove: [] },
    })),
    events: range(MODULE_MAX_EVENTS, (i) => ({
      name: `Event ${i + 1}`,
      text: 'Something happens.',
      days: [1, MODULE_MAX_DAYS] as [number, number],
      chance: 100,
      choices: range(EVENT_MAX_CHOICES, (c) => ({
        label: `Choice ${c + 1}`,
        results: every((g) => ((g + c) % 2 === 0 ? 2 : -1)),
        changes_inventory: { add: given, remove: [] },
        changes_objectives: { add: [], remove: tenth(objectives, i + c) },
      })),
    })),
    scoring: { objective_points: SCORE_MAX_POINTS, range_day_points: SCORE_MAX_POINTS },
  };
}

/**
 * The longest legal log of a module: each day its event's first choice, then
 * the first action on offer until DAY_MAX_ACTIONS are taken or none is, then
 * the day's end; with the state it ends in.
 */
export function longestLog(module: Module, seed: number): { log: GameCommand[]; state: GameState } {
  const log: GameCommand[] = [];
  let state = start(module, seed);
  const play = (command: GameCommand) => {
    const result = apply(state, command);
    if (!result.ok) throw new Error(`move ${log.length + 1} refused: ${result.error}`);
    log.push(command);
    state = result.state;
  };
  while (state.outcome === 'in_progress') {
    if (state.pendingEvent >= 0) play({ choose: 0 });
    for (let n = 0; n < DAY_MAX_ACTIONS && state.outcome === 'in_progress'; n++) {
      const action = module.actions.find((a) => unavailableReason(state, a) === undefined);
      if (!action) break;
      play({ action: action.name });
    }
    if (state.outcome === 'in_progress') play({ end_day: true });
  }
  return { log, state };
}
