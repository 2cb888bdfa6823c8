/**
 * A solver: finds a winning line of play for a module, or proves there is none
 * within a bound on the states it may visit. Depth-first over moves, the most
 * promising first, never visiting the same state twice.
 */
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Action, Module } from '@airman/contracts/module.ts';
import { pendingEvent, start, type GameState } from './game-state.ts';
import { say } from './check-messages.ts';
import { blockedGoals } from './reach.ts';
import { apply, choiceUnavailableReason, unavailableReason } from './rules.ts';

export type Winnability =
  | { winnable: true; line: GameCommand[] }
  | { winnable: false; reason: string }
  | { winnable: 'unknown'; reason: string };

export interface SolveOptions {
  /** Stop and answer 'unknown' after this many distinct states. */
  maxStates?: number;
  seed?: number;
}

export const DEFAULT_MAX_STATES = 200_000;

function stateKey(s: GameState): string {
  return JSON.stringify([
    s.day,
    s.tokens,
    s.tokensTomorrow,
    s.actionsDay === s.day ? s.actionsToday : 0,
    s.gauges,
    s.objectives,
    s.revealed,
    s.inventory,
    s.cooldowns,
    s.pendingEvent,
    s.drawn,
    // Consequences still to come make two otherwise equal states differ.
    s.scheduled.map((x) => [x.day, x.source, x.text]),
  ]);
}

/** How much taking the action seems to help: objective and item changes first, then the lowest gauges. */
function promise(state: GameState, action: Action): number {
  let score = 0;
  for (const o of action.changes_objectives.remove) if (state.objectives[o] === 'active') score += 1000;
  for (const o of action.changes_objectives.add) if (state.objectives[o] === 'inactive') score += 300;
  score += 100 * action.changes_inventory.add.length;
  for (const [gauge, change] of Object.entries(action.results)) {
    const value = state.gauges[gauge] ?? 0;
    // A point matters more the lower the gauge is.
    score += change * (120 - value) * 0.05;
  }
  return score;
}

/** A necessary condition checked before searching: every goal can be done by some move that can happen (reach.ts). */
function obviousDeadEnd(module: Module): string | undefined {
  return blockedGoals(module)[0]?.message;
}

export function solve(module: Module, options: SolveOptions = {}): Winnability {
  const dead = obviousDeadEnd(module);
  if (dead) return { winnable: false, reason: dead };
  const maxStates = options.maxStates ?? DEFAULT_MAX_STATES;
  const seen = new Set<string>();
  const line: GameCommand[] = [];
  let exhausted = false;

  const search = (state: GameState): boolean => {
    if (state.outcome === 'complete') return true;
    if (state.outcome === 'failed') return false;
    const key = stateKey(state);
    if (seen.has(key)) return false;
    if (seen.size >= maxStates) {
      exhausted = true;
      return false;
    }
    seen.add(key);
    const event = pendingEvent(state);
    const moves: { command: GameCommand; score: number }[] = event
      ? event.choices.flatMap((c, i) =>
          choiceUnavailableReason(state, c) === undefined ? [{ command: { choose: i }, score: 0 }] : [],
        )
      : state.module.actions
          .filter((a) => unavailableReason(state, a) === undefined)
          .map((a) => ({ command: { action: a.name }, score: promise(state, a) }));
    // Ending the day is worth trying once the useful moves of today are tried.
    if (!event) moves.push({ command: { end_day: true }, score: 0 });
    moves.sort((a, b) => b.score - a.score);
    for (const { command } of moves) {
      const result = apply(state, command);
      if (!result.ok) continue;
      line.push(command);
      if (search(result.state)) return true;
      line.pop();
      if (exhausted) return false;
    }
    return false;
  };

  const won = search(start(module, options.seed ?? 0));
  if (won) return { winnable: true, line: [...line] };
  if (exhausted)
    return { winnable: 'unknown', reason: say('undecided', { states: maxStates.toLocaleString('en-US') }) };
  return { winnable: false, reason: say('notWinnable') };
}
