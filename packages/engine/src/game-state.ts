/**
 * The state of a run and how it begins. Pure data: the engine never mutates a
 * state, every move returns a new one (see rules.ts).
 */
import type { GameEvent, Module } from '@airman/contracts/module.ts';
import { GAUGE_MAX, GAUGE_MIN } from '@airman/contracts/gauges.ts';
import { choiceOrder, eventOrder, roll } from './random.ts';

/** inactive: not pursued (yet); active: pursued; complete: done. */
export type ObjectiveStatus = 'inactive' | 'active' | 'complete';

export type Outcome = 'in_progress' | 'complete' | 'failed';

/** A consequence of a move waiting to land (a `later` of an action or an event's choice). */
export interface Scheduled {
  /** The day it lands on, at the start of the day before its event. */
  readonly day: number;
  /** The day of the move that caused it. */
  readonly from_day: number;
  /** The action's name, or the label of the event's choice. */
  readonly source: string;
  /** The event whose choice caused it; absent for an action. */
  readonly event?: string;
  readonly text: string;
  readonly results: Readonly<Record<string, number>>;
  readonly next_day_tokens: number;
}

/** A consequence that came back: what landed, when and from what (`Scheduled` as it was when it landed). */
export type Landing = Scheduled;

/** An event the player answered. */
export interface Answer {
  readonly day: number;
  /** Index in module.events. */
  readonly event: number;
  /** Index in the event's choices (the module's order, not the shown one). */
  readonly choice: number;
}

/** Days a gauge ended inside its healthy range, below it and above it. */
export interface GaugeDays {
  readonly in_range: number;
  readonly low: number;
  readonly high: number;
}

export interface GameState {
  readonly module: Module;
  /** Decides which events are drawn on which day (random.ts). */
  readonly seed: number;
  /** 1-based day number. */
  readonly day: number;
  /** Time tokens left today. */
  readonly tokens: number;
  /** Tokens added to (or taken from) tomorrow's by today's moves (next_day_tokens). */
  readonly tokensTomorrow: number;
  /** Actions taken on day actionsDay (see actionsTakenToday). */
  readonly actionsToday: number;
  readonly actionsDay: number;
  readonly gauges: Readonly<Record<string, number>>;
  readonly objectives: Readonly<Record<string, ObjectiveStatus>>;
  /** Hidden objectives the player has seen (revealed by an action, or completed). */
  readonly revealed: Readonly<Record<string, boolean>>;
  /** Item name → how many are held. */
  readonly inventory: Readonly<Record<string, number>>;
  /** Action name → days before it can be taken again (absent or 0: available). */
  readonly cooldowns: Readonly<Record<string, number>>;
  /** Index in module.events of today's event while it awaits the player's choice, else -1. */
  readonly pendingEvent: number;
  /** Indexes in module.events of the events drawn so far (each is drawn at most once a run). */
  readonly drawn: readonly number[];
  /** Gauge-days ended inside their healthy range (each scores; see score.ts). */
  readonly rangeDays: number;
  /** Per gauge with a healthy range: the days it ended inside, below and above it. */
  readonly gaugeDays: Readonly<Record<string, GaugeDays>>;
  /** Consequences still to land, in the order they were caused. */
  readonly scheduled: readonly Scheduled[];
  /** Consequences that landed, in the order they did. */
  readonly landed: readonly Landing[];
  /** Each event answered: on which day, and the index of the choice picked. */
  readonly answered: readonly Answer[];
  readonly outcome: Outcome;
}

/**
 * Tables' one prototype: an empty, frozen object with no prototype of its own.
 * An object made by `new` from a constructor stays in V8's fast mode, where
 * Object.create(null) gives a dictionary: copying a state's tables, the
 * planner's most frequent step, is several times faster.
 */
function Table(): void {}
Table.prototype = Object.freeze(Object.create(null) as object);
const newTable = Table as unknown as new () => Record<string, never>;

/**
 * A name-keyed table that never reaches Object.prototype: a module's names are
 * the author's ('constructor', '__proto__', 'toString' are fine names for an
 * action or an item), so a lookup must never find an inherited member and a
 * write must never set a prototype. Every record of a state is built by this.
 */
export function table<V>(from: Readonly<Record<string, V>> | Iterable<readonly [string, V]> = []): Record<string, V> {
  const result = new newTable() as Record<string, V>;
  if (Symbol.iterator in from) {
    for (const [key, value] of from as Iterable<readonly [string, V]>) result[key] = value;
    return result;
  }
  // A run copies its tables on every move: a plain loop, no entry arrays to collect.
  const source = from as Readonly<Record<string, V>>;
  for (const key in source) if (Object.hasOwn(source, key)) result[key] = source[key] as V;
  return result;
}

export function clampGauge(value: number): number {
  return Math.min(GAUGE_MAX, Math.max(GAUGE_MIN, value));
}

/** A gauge at 0 loses the run. */
export function withGaugeCheck(state: GameState): GameState {
  for (const gauge in state.gauges) {
    if ((state.gauges[gauge] as number) <= GAUGE_MIN) return { ...state, outcome: 'failed', pendingEvent: -1 };
  }
  return state;
}

/** Whether every objective it requires is active. */
function requirementsMet(state: GameState, required: readonly string[] | undefined): boolean {
  return (required ?? []).every((o) => state.objectives[o] === 'active');
}

/**
 * Today's event, drawn as the day begins: the first event of the module, in
 * its order (or, with `events_drawn: 'shuffled'`, in the day's shuffled
 * order, eventOrder), whose day window holds today, not drawn before this run, whose
 * required objectives are active, and whose roll is under its chance. At most
 * one event a day.
 */
export function drawEvent(state: GameState): GameState {
  const events: readonly GameEvent[] = state.module.events ?? [];
  const order = state.module.events_drawn === 'shuffled' ? eventOrder(state.seed, state.day, events.length) : null;
  for (let at = 0; at < events.length; at++) {
    const index = order ? (order[at] as number) : at;
    const event = events[index] as GameEvent;
    const [from, to] = event.days;
    if (state.day < from || state.day > to || state.drawn.includes(index)) continue;
    if (!requirementsMet(state, event.required_objectives)) continue;
    if (roll(state.seed, state.day, index) >= event.chance) continue;
    return { ...state, pendingEvent: index, drawn: [...state.drawn, index] };
  }
  return state;
}

/** Day 1 of a run: full tokens, gauges at their starting values, active objectives pursued, day 1's event drawn. */
export function start(module: Module, seed: number): GameState {
  const gauges = table<number>();
  for (const [name, value] of Object.entries(module.starting_gauges)) gauges[name] = clampGauge(value);
  const objectives = table<ObjectiveStatus>();
  for (const o of module.objectives) objectives[o.name] = o.active ? 'active' : 'inactive';
  const state: GameState = {
    module,
    seed,
    day: 1,
    tokens: module.daily_time_tokens,
    tokensTomorrow: 0,
    actionsToday: 0,
    actionsDay: 1,
    gauges,
    objectives,
    revealed: table(),
    inventory: table(),
    cooldowns: table(),
    pendingEvent: -1,
    drawn: [],
    rangeDays: 0,
    gaugeDays: table(),
    scheduled: [],
    landed: [],
    answered: [],
    outcome: 'in_progress',
  };
  // A module may start with a gauge at 0: such a run is lost before it begins.
  const checked = withGaugeCheck(state);
  return checked.outcome === 'failed' ? checked : drawEvent(checked);
}

/** Objectives the player can see, with their status, in the module's order. */
export function visibleObjectives(state: GameState): { name: string; status: ObjectiveStatus }[] {
  return state.module.objectives
    .filter((o) => !o.hidden || state.revealed[o.name] === true)
    .map((o) => ({ name: o.name, status: state.objectives[o.name] ?? 'inactive' }));
}

/**
 * The run's goals: objectives shown and pursued from day 1. Leaving one
 * unfinished fails the run; every other objective is a bonus.
 */
export function isGoal(objective: Module['objectives'][number]): boolean {
  return objective.active && !objective.hidden;
}

/** Actions the player took today: at most DAY_MAX_ACTIONS a day. */
export function actionsTakenToday(state: GameState): number {
  return state.actionsDay === state.day ? state.actionsToday : 0;
}

/** Today's event awaiting a choice, if any. */
export function pendingEvent(state: GameState): GameEvent | undefined {
  return state.pendingEvent >= 0 ? state.module.events?.[state.pendingEvent] : undefined;
}

/**
 * Today's event's choices in the order the player sees them (shuffled by the
 * seed, random.ts), as indexes into its `choices`; empty when no event awaits.
 */
export function shownChoices(state: GameState): number[] {
  const event = pendingEvent(state);
  return event ? choiceOrder(state.seed, state.day, state.pendingEvent, event.choices.length) : [];
}

/** The event answered today and its choice, if one was. */
export function answeredToday(state: GameState): { event: GameEvent; choice: number } | undefined {
  const last = state.answered[state.answered.length - 1];
  const event = last && last.day === state.day ? state.module.events?.[last.event] : undefined;
  return event && last ? { event, choice: last.choice } : undefined;
}
