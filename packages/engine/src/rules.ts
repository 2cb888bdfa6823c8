/**
 * The rules (docs/game-rules.md): which actions are on offer, and what taking
 * one, answering the day's event or ending the day does. `available` and
 * `apply` share one check, so whatever is offered is accepted and whatever is
 * refused is not offered.
 */
import { DAY_MAX_ACTIONS } from '@airman/contracts/constants.ts';
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Action, EventChoice, Later, Module } from '@airman/contracts/module.ts';
import {
  actionsTakenToday,
  clampGauge,
  drawEvent,
  isGoal,
  pendingEvent,
  table,
  withGaugeCheck,
  type GaugeDays,
  type GameState,
  type ObjectiveStatus,
  type Outcome,
  type Scheduled,
} from './game-state.ts';

export interface Availability {
  action: string;
  ok: boolean;
  /** Why it cannot be taken now, in words for the player. */
  reason?: string;
}

/** What an action or an event's choice does; the fields of both that change a run. */
type Effects = Partial<
  Pick<Action, 'token_cost' | 'results' | 'changes_inventory' | 'changes_objectives' | 'next_day_tokens' | 'later'>
>;

/** What caused a move's later consequences: the action, or the event and its choice. */
interface Source {
  source: string;
  event?: string;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Item name → how many the effects remove. */
function itemsNeeded(effects: Effects): Map<string, number> {
  const need = new Map<string, number>();
  for (const item of effects.changes_inventory?.remove ?? []) need.set(item, (need.get(item) ?? 0) + 1);
  return need;
}

/** Why the effects cannot happen with the time and items held, or undefined. */
function costReason(state: GameState, effects: Effects): string | undefined {
  const cost = effects.token_cost ?? 0;
  if (cost > state.tokens) return `Not enough time tokens (needs ${cost}, ${state.tokens} left)`;
  for (const [item, count] of itemsNeeded(effects)) {
    if ((state.inventory[item] ?? 0) < count)
      return count > 1 ? `Requires item: ${item} ×${count}` : `Requires item: ${item}`;
  }
  return undefined;
}

/** Why the action cannot be taken now, or undefined when it can. */
export function unavailableReason(state: GameState, action: Action): string | undefined {
  if (state.outcome !== 'in_progress') return 'The run is over';
  if (action.disabled) return 'Disabled';
  const event = pendingEvent(state);
  if (event) return `Respond to '${event.name}' first`;
  if (actionsTakenToday(state) >= DAY_MAX_ACTIONS)
    return `No more actions today (${DAY_MAX_ACTIONS} a day): end the day`;
  const cooldown = state.cooldowns[action.name] ?? 0;
  if (cooldown > 0) return `Cooling down (${plural(cooldown, 'day')} left)`;
  const cost = costReason(state, { token_cost: action.token_cost });
  if (cost !== undefined) return cost;
  for (const objective of action.required_objectives) {
    if (state.objectives[objective] !== 'active') return `Requires objective: ${objective}`;
  }
  return costReason(state, action);
}

/**
 * Why a choice of today's event cannot be picked, or undefined when it can.
 * Only items can rule a choice out: one that costs more time than is left
 * takes what is left, so an event never leaves the player stuck.
 */
export function choiceUnavailableReason(state: GameState, choice: EventChoice): string | undefined {
  if (state.outcome !== 'in_progress') return 'The run is over';
  return costReason(state, { changes_inventory: choice.changes_inventory });
}

/** Every action of the module, and whether it can be taken now (with the reason when not). */
export function available(state: GameState): Availability[] {
  return state.module.actions.map((action) => {
    const reason = unavailableReason(state, action);
    return reason === undefined ? { action: action.name, ok: true } : { action: action.name, ok: false, reason };
  });
}

export type ApplyResult = { ok: true; state: GameState } | { ok: false; error: string };

/** The state after a command; the input state is never changed. */
export function apply(state: GameState, command: GameCommand): ApplyResult {
  if (state.outcome !== 'in_progress') return { ok: false, error: 'The run is over' };
  const event = pendingEvent(state);
  if ('choose' in command) {
    if (!event) return { ok: false, error: 'There is no event to respond to' };
    const choice = event.choices[command.choose];
    if (!choice) return { ok: false, error: `'${event.name}' has no choice ${command.choose + 1}` };
    const reason = choiceUnavailableReason(state, choice);
    if (reason !== undefined) return { ok: false, error: `${choice.label}: ${reason}` };
    const effects = { ...choice, token_cost: Math.min(choice.token_cost ?? 0, state.tokens) };
    const next = applyEffects(state, effects, { source: choice.label, event: event.name });
    const answered = [...state.answered, { day: state.day, event: state.pendingEvent, choice: command.choose }];
    return { ok: true, state: withGaugeCheck({ ...next, pendingEvent: -1, answered }) };
  }
  if (event) return { ok: false, error: `Respond to '${event.name}' first` };
  if ('end_day' in command) return { ok: true, state: endDay(state) };
  const action = state.module.actions.find((a) => a.name === command.action);
  if (!action) return { ok: false, error: `No action named '${command.action}'` };
  const reason = unavailableReason(state, action);
  if (reason !== undefined) return { ok: false, error: `${action.name}: ${reason}` };
  return { ok: true, state: takeAction(state, action) };
}

/**
 * The state after an action that unavailableReason() allows: apply() without
 * its checks, for a planner that has made them already.
 */
export function takeAction(state: GameState, action: Action): GameState {
  const next = applyEffects(state, action, { source: action.name });
  if (action.set_cooldown > 0) {
    const cooldowns = table(state.cooldowns);
    cooldowns[action.name] = action.set_cooldown;
    return withGaugeCheck({ ...next, cooldowns, ...counted(state) });
  }
  return withGaugeCheck({ ...next, ...counted(state) });
}

/** Today's count of actions, with the one being taken. */
function counted(state: GameState): Pick<GameState, 'actionsDay' | 'actionsToday'> {
  return { actionsDay: state.day, actionsToday: actionsTakenToday(state) + 1 };
}

/** The consequences of a move that land within the run, added to those waiting. */
function schedule(state: GameState, later: readonly Later[] | undefined, from: Source): readonly Scheduled[] {
  if (!later || later.length === 0) return state.scheduled;
  const added: Scheduled[] = [];
  for (const l of later) {
    // One due after the last day is charged when the last day ends (settle).
    const day = state.day + l.in_days;
    added.push({
      day,
      from_day: state.day,
      source: from.source,
      ...(from.event === undefined ? {} : { event: from.event }),
      text: l.text,
      results: l.results ?? {},
      next_day_tokens: l.next_day_tokens ?? 0,
    });
  }
  return added.length === 0 ? state.scheduled : [...state.scheduled, ...added];
}

function applyEffects(state: GameState, effects: Effects, from: Source): GameState {
  const gauges = table(state.gauges);
  const results = effects.results;
  if (results) {
    for (const gauge in results) {
      const current = gauges[gauge];
      if (current !== undefined && Object.hasOwn(results, gauge))
        gauges[gauge] = clampGauge(current + (results[gauge] as number));
    }
  }
  let inventory = state.inventory;
  const items = effects.changes_inventory;
  if (items && (items.add.length > 0 || items.remove.length > 0)) {
    const counts = table(state.inventory);
    for (const item of items.remove) counts[item] = (counts[item] ?? 0) - 1;
    for (const item of items.add) counts[item] = (counts[item] ?? 0) + 1;
    // Items no longer held disappear from the inventory (a table is copied again only then).
    inventory = items.remove.some((item) => (counts[item] as number) <= 0)
      ? table(Object.entries(counts).filter(([, n]) => n > 0))
      : counts;
  }
  let { objectives, revealed } = state;
  const changes = effects.changes_objectives;
  if (changes && (changes.add.length > 0 || changes.remove.length > 0)) {
    // Copied on the first change only: a move that changes nothing copies nothing.
    const set = (name: string, status: ObjectiveStatus) => {
      if (objectives[name] === status) return;
      if (objectives === state.objectives) objectives = table<ObjectiveStatus>(state.objectives);
      (objectives as Record<string, ObjectiveStatus>)[name] = status;
    };
    const reveal = (name: string) => {
      if (revealed[name] === true) return;
      if (revealed === state.revealed) revealed = table(state.revealed);
      (revealed as Record<string, boolean>)[name] = true;
    };
    for (const name of changes.add) {
      if (objectives[name] === 'inactive') set(name, 'active');
      if (name in objectives) reveal(name);
    }
    for (const name of changes.remove) {
      if (name in objectives) {
        set(name, 'complete');
        reveal(name);
      }
    }
  }
  return {
    ...state,
    tokens: state.tokens - (effects.token_cost ?? 0),
    tokensTomorrow: state.tokensTomorrow + (effects.next_day_tokens ?? 0),
    gauges,
    inventory,
    objectives,
    revealed,
    scheduled: schedule(state, effects.later, from),
  };
}

/** Gauges inside their healthy range now. */
export function gaugesInRange(state: GameState): number {
  let n = 0;
  for (const [gauge, min, max] of rangesOf(state.module)) {
    const value = state.gauges[gauge];
    if (value !== undefined && value >= min && value <= max) n += 1;
  }
  return n;
}

const rangeLists = new WeakMap<Module, ReadonlyArray<readonly [gauge: string, min: number, max: number]>>();

/** A module's healthy ranges as a list, made once per module: a run reads them at every move of a search. */
export function rangesOf(module: Module): ReadonlyArray<readonly [gauge: string, min: number, max: number]> {
  let ranges = rangeLists.get(module);
  if (!ranges) {
    ranges = Object.entries(module.healthy_range ?? {}).map(([gauge, [min, max]]) => [gauge, min, max] as const);
    rangeLists.set(module, ranges);
  }
  return ranges;
}

/**
 * The day ends: it scores the gauges inside their healthy range; after the
 * last day the run ends, otherwise the night's daily changes apply (a gauge
 * at 0 loses), cooldowns count down, tokens refill (with what today's moves
 * added to or took from tomorrow's) and the new day's event is drawn.
 */
function endDay(state: GameState): GameState {
  if (state.day >= state.module.days) {
    // Costs still to come are charged before the last day is scored: the week's end does not cancel them.
    const settled = settle(state);
    if (settled.outcome === 'failed') return { ...settled, tokens: 0 };
    const last = {
      ...settled,
      rangeDays: settled.rangeDays + gaugesInRange(settled),
      gaugeDays: countGaugeDays(settled),
    };
    return { ...last, tokens: 0, outcome: finalOutcome(last) };
  }
  const scored: GameState = {
    ...state,
    rangeDays: state.rangeDays + gaugesInRange(state),
    gaugeDays: countGaugeDays(state),
  };
  let gauges = state.gauges;
  const daily = state.module.daily_change;
  if (daily) {
    const next = table(state.gauges);
    for (const [gauge, change] of Object.entries(daily))
      if (gauge in next) next[gauge] = clampGauge((next[gauge] ?? 0) + change);
    gauges = next;
  }
  const cooldowns = table<number>();
  for (const name in state.cooldowns) {
    const days = state.cooldowns[name] as number;
    if (days > 1) cooldowns[name] = days - 1;
  }
  // A day never starts with fewer than 0 tokens, whatever was borrowed from it.
  const tokens = Math.max(0, state.module.daily_time_tokens + state.tokensTomorrow);
  const night = withGaugeCheck({ ...scored, gauges, day: state.day + 1, tokens, tokensTomorrow: 0, cooldowns });
  if (night.outcome === 'failed') return night;
  const morning = land(night);
  return morning.outcome === 'failed' ? morning : drawEvent(morning);
}

/** Each gauge's day tallied: inside its healthy range, below it or above it. */
function countGaugeDays(state: GameState): Record<string, GaugeDays> {
  const days = table(state.gaugeDays);
  for (const [gauge, min, max] of rangesOf(state.module)) {
    const value = state.gauges[gauge];
    if (value === undefined) continue;
    const was = days[gauge] ?? { in_range: 0, low: 0, high: 0 };
    days[gauge] =
      value < min
        ? { ...was, low: was.low + 1 }
        : value > max
          ? { ...was, high: was.high + 1 }
          : { ...was, in_range: was.in_range + 1 };
  }
  return days;
}

/**
 * The consequences due today land, in the order they were caused, before
 * today's event: they move gauges (one brought to 0 loses the run, as the
 * night does) and today's tokens (never below 0).
 */
function land(state: GameState): GameState {
  return landDue(state, (s) => s.day === state.day);
}

/**
 * At the end of the last day, every consequence still to come lands at once
 * (its `day` after the last day says it came due after the run): its gauges
 * count in the last day's score, and one brought to 0 loses the run.
 */
function settle(state: GameState): GameState {
  return landDue(state, () => true);
}

function landDue(state: GameState, isDue: (s: Scheduled) => boolean): GameState {
  if (!state.scheduled.some(isDue)) return state;
  const due = state.scheduled.filter(isDue);
  const gauges = table(state.gauges);
  let tokens = state.tokens;
  for (const s of due) {
    for (const gauge in s.results) {
      const current = gauges[gauge];
      if (current !== undefined && Object.hasOwn(s.results, gauge))
        gauges[gauge] = clampGauge(current + (s.results[gauge] as number));
    }
    tokens = Math.max(0, tokens + s.next_day_tokens);
  }
  return withGaugeCheck({
    ...state,
    gauges,
    tokens,
    scheduled: state.scheduled.filter((s) => !isDue(s)),
    landed: [...state.landed, ...due],
  });
}

/** The consequences that landed at the start of the state's day. */
export function landedToday(state: GameState): readonly Scheduled[] {
  return state.landed.filter((l) => l.day === state.day);
}

/**
 * After the last day: Complete when every goal (an objective shown and pursued
 * from day 1) is complete. An objective revealed later is a bonus: finishing it
 * scores, leaving it is a missed chance, never a failure.
 */
function finalOutcome(state: GameState): Outcome {
  return state.module.objectives.every((o) => !isGoal(o) || state.objectives[o.name] === 'complete')
    ? 'complete'
    : 'failed';
}
