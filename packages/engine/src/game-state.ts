/**
 * The state of a run and how it begins. Pure data: the engine never mutates a
 * state, every move returns a new one (see rules.ts).
 */
import type { Module } from '@airman/contracts/module.ts';
import { GAUGE_MAX, GAUGE_MIN } from '@airman/contracts/module.ts';

/** inactive: not pursued (yet); active: pursued; complete: done. */
export type ObjectiveStatus = 'inactive' | 'active' | 'complete';

export type Outcome = 'in_progress' | 'complete' | 'failed';

export interface GameState {
  readonly module: Module;
  /** Reserved for random events; the current rules are fully deterministic. */
  readonly seed: number;
  /** 1-based day number. */
  readonly day: number;
  /** Time tokens left today. */
  readonly tokens: number;
  readonly gauges: Readonly<Record<string, number>>;
  readonly objectives: Readonly<Record<string, ObjectiveStatus>>;
  /** Hidden objectives the player has seen (revealed by an action, or completed). */
  readonly revealed: Readonly<Record<string, boolean>>;
  /** Item name → how many are held. */
  readonly inventory: Readonly<Record<string, number>>;
  /** Action name → days before it can be taken again (absent or 0: available). */
  readonly cooldowns: Readonly<Record<string, number>>;
  readonly outcome: Outcome;
}

/**
 * A name-keyed table with no prototype: a module's names are the author's
 * ('constructor', '__proto__', 'toString' are fine names for an action or an
 * item), so a lookup must never reach Object.prototype and a write must never
 * set one. Every record of a state is built by this.
 */
export function table<V>(from: Readonly<Record<string, V>> | Iterable<readonly [string, V]> = []): Record<string, V> {
  const result = Object.create(null) as Record<string, V>;
  const entries = Symbol.iterator in from ? (from as Iterable<readonly [string, V]>) : Object.entries(from as Record<string, V>);
  for (const [key, value] of entries) result[key] = value;
  return result;
}

export function clampGauge(value: number): number {
  return Math.min(GAUGE_MAX, Math.max(GAUGE_MIN, value));
}

/** Day 1 of a run: full tokens, gauges at their starting values, active objectives pursued. */
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
    gauges,
    objectives,
    revealed: table(),
    inventory: table(),
    cooldowns: table(),
    outcome: 'in_progress',
  };
  // A module may start with a gauge at 0: such a run is lost before it begins.
  return Object.values(gauges).some((v) => v <= GAUGE_MIN) ? { ...state, outcome: 'failed' } : state;
}

/** Objectives the player can see, with their status, in the module's order. */
export function visibleObjectives(state: GameState): { name: string; status: ObjectiveStatus }[] {
  return state.module.objectives
    .filter((o) => !o.hidden || state.revealed[o.name] === true)
    .map((o) => ({ name: o.name, status: state.objectives[o.name] ?? 'inactive' }));
}
