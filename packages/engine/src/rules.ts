/**
 * The rules (docs/game-rules.md): which actions are on offer, and what taking
 * one or ending the day does. `available` and `apply` share one check, so
 * whatever is offered is accepted and whatever is refused is not offered.
 */
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Action } from '@airman/contracts/module.ts';
import { GAUGE_MIN } from '@airman/contracts/module.ts';
import { clampGauge, table, visibleObjectives, type GameState, type ObjectiveStatus, type Outcome } from './game-state.ts';

export interface Availability {
  action: string;
  ok: boolean;
  /** Why it cannot be taken now, in words for the player. */
  reason?: string;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Item name → how many an action removes. */
function itemsNeeded(action: Action): Map<string, number> {
  const need = new Map<string, number>();
  for (const item of action.changes_inventory.remove) need.set(item, (need.get(item) ?? 0) + 1);
  return need;
}

/** Why the action cannot be taken now, or undefined when it can. */
export function unavailableReason(state: GameState, action: Action): string | undefined {
  if (state.outcome !== 'in_progress') return 'The run is over';
  if (action.disabled) return 'Disabled';
  const cooldown = state.cooldowns[action.name] ?? 0;
  if (cooldown > 0) return `Cooling down (${plural(cooldown, 'day')} left)`;
  if (action.token_cost > state.tokens) {
    return `Not enough time tokens (needs ${action.token_cost}, ${state.tokens} left)`;
  }
  for (const objective of action.required_objectives) {
    if (state.objectives[objective] !== 'active') return `Requires objective: ${objective}`;
  }
  for (const [item, count] of itemsNeeded(action)) {
    if ((state.inventory[item] ?? 0) < count) return count > 1 ? `Requires item: ${item} ×${count}` : `Requires item: ${item}`;
  }
  return undefined;
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
  if ('end_day' in command) return { ok: true, state: endDay(state) };
  const action = state.module.actions.find((a) => a.name === command.action);
  if (!action) return { ok: false, error: `No action named '${command.action}'` };
  const reason = unavailableReason(state, action);
  if (reason !== undefined) return { ok: false, error: `${action.name}: ${reason}` };
  return { ok: true, state: takeAction(state, action) };
}

function takeAction(state: GameState, action: Action): GameState {
  const gauges = table(state.gauges);
  for (const [gauge, change] of Object.entries(action.results)) {
    if (gauge in gauges) gauges[gauge] = clampGauge((gauges[gauge] ?? 0) + change);
  }
  const counts = new Map(Object.entries(state.inventory));
  for (const item of action.changes_inventory.remove) counts.set(item, (counts.get(item) ?? 0) - 1);
  for (const item of action.changes_inventory.add) counts.set(item, (counts.get(item) ?? 0) + 1);
  // Items no longer held disappear from the inventory.
  const inventory = table([...counts].filter(([, n]) => n > 0));

  const objectives = table<ObjectiveStatus>(state.objectives);
  const revealed = table(state.revealed);
  for (const name of action.changes_objectives.add) {
    if (objectives[name] === 'inactive') objectives[name] = 'active';
    if (name in objectives) revealed[name] = true;
  }
  for (const name of action.changes_objectives.remove) {
    if (name in objectives) {
      objectives[name] = 'complete';
      revealed[name] = true;
    }
  }
  const cooldowns = table(state.cooldowns);
  if (action.set_cooldown > 0) cooldowns[action.name] = action.set_cooldown;

  const next: GameState = { ...state, tokens: state.tokens - action.token_cost, gauges, inventory, objectives, revealed, cooldowns };
  return Object.values(gauges).some((v) => v <= GAUGE_MIN) ? { ...next, outcome: 'failed' } : next;
}

function endDay(state: GameState): GameState {
  if (state.day >= state.module.days) return { ...state, tokens: 0, outcome: finalOutcome(state) };
  const cooldowns = table<number>();
  for (const [name, days] of Object.entries(state.cooldowns)) if (days > 1) cooldowns[name] = days - 1;
  return { ...state, day: state.day + 1, tokens: state.module.daily_time_tokens, cooldowns };
}

/** After the last day: Complete when no visible objective is still active. */
function finalOutcome(state: GameState): Outcome {
  return visibleObjectives(state).some((o) => o.status === 'active') ? 'failed' : 'complete';
}

export function outcome(state: GameState): Outcome {
  return state.outcome;
}
