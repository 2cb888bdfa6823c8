/**
 * Modules and game lines the API tests share: a small module of their own to create, and the
 * line that plays a run to its end without doing anything.
 */
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import { pendingEvent, start } from '@airman/engine/game-state.ts';
import { apply } from '@airman/engine/rules.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';

/** A small module titled `title`: two gauges, one action, no events, objectives or questionnaire. */
export function smallModule(title: string): Module {
  const { daily_change: _d, healthy_range: _h, events: _e, scoring: _s, lessons: _l, ...base } = readyAirmanModule;
  const { later: _later, ...action } = readyAirmanModule.actions[0]!;
  return {
    ...base,
    id: '',
    game_type: '',
    game_title: title,
    starting_gauges: { focus: 50, morale: 40 },
    objectives: [],
    actions: [{ ...action, results: { focus: 1 } }],
  };
}

/** End Day until the run is over, each event answered with its last choice: the goals left undone. */
export function idleLine(module: Module, seed: number): GameCommand[] {
  const line: GameCommand[] = [];
  let state = start(module, seed);
  while (state.outcome === 'in_progress') {
    const event = pendingEvent(state);
    const command: GameCommand = event ? { choose: event.choices.length - 1 } : { end_day: true };
    const r = apply(state, command);
    if (!r.ok) throw new Error(r.error);
    line.push(command);
    state = r.state;
  }
  return line;
}
