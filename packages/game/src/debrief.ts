/**
 * What the debrief shows of a finished run, worked out from its moves: the
 * result's reason, where the points came from, the gauges at the end of each
 * day, the events met, and the objectives done and missed (hidden ones too,
 * with how they are revealed or done).
 */
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module, Resource } from '@airman/contracts/module.ts';
import { GAUGE_MIN } from '@airman/contracts/gauges.ts';
import { scoreBreakdown, type ScoreBreakdown } from '@airman/engine/breakdown.ts';
import { isGoal, pendingEvent, start, type GameState, type Landing } from '@airman/engine/game-state.ts';
import { lessonFor, type RunLesson } from '@airman/engine/lessons.ts';
import { objectiveSources, type Source } from '@airman/engine/reach.ts';
import { apply } from '@airman/engine/rules.ts';
import { gaugeLabel } from './describe.ts';

export interface DayGauges {
  /** 0: the start of day 1; n: the end of day n. */
  day: number;
  gauges: Readonly<Record<string, number>>;
}

/** An event the run met, and the choice made. */
export interface EventMet {
  day: number;
  /** Index in module.events. */
  event: number;
  name: string;
  choice: number;
  label: string;
  /** The choice's one-line lesson (every risky choice has one). */
  lesson: string | undefined;
  /** The module marks the choice risky: one it teaches against. */
  risky: boolean;
  /** The real help the event names (chaplain, Military OneSource…). */
  resources: readonly Resource[];
}

/** An objective the run did not do. */
export interface MissedObjective {
  name: string;
  /** Shown and pursued from day 1: not doing it fails the run. */
  goal: boolean;
  /** The player saw it during the run (a goal, or a bonus that was revealed). */
  seen: boolean;
  /** "revealed by answering 'A wingman in crisis' with '…' (it did not come up this run)", "done by taking 'Call home'". */
  how: string;
}

export interface Debrief {
  outcome: 'complete' | 'failed';
  /** 'Complete: every goal done in 7 days', 'Failed: Mental reached 0 on day 5'. */
  reason: string;
  days: DayGauges[];
  done: string[];
  missed: MissedObjective[];
  met: EventMet[];
  /** The consequences of earlier moves that came back, in the order they landed. */
  landed: readonly Landing[];
  /** The module's lesson for the gauge that spent the most days out of its range, if it has one. */
  lesson: RunLesson | undefined;
  breakdown: ScoreBreakdown;
  state: GameState;
}

/** Replays a finished run's moves and describes how it ended. */
export function debrief(module: Module, seed: number, log: readonly GameCommand[]): Debrief {
  let state = start(module, seed);
  const days: DayGauges[] = [{ day: 0, gauges: state.gauges }];
  const met: EventMet[] = [];
  for (const command of log) {
    if ('end_day' in command) days.push({ day: state.day, gauges: state.gauges });
    const next = apply(state, command);
    if (!next.ok) break;
    const event = pendingEvent(state);
    const chosen = 'choose' in command ? event?.choices[command.choose] : undefined;
    if (event && chosen && 'choose' in command)
      met.push({
        day: state.day,
        event: state.pendingEvent,
        name: event.name,
        choice: command.choose,
        label: chosen.label,
        lesson: chosen.lesson,
        risky: chosen.risky === true,
        resources: event.resources ?? [],
      });
    state = next.state;
  }
  // A run lost during a day (or before it began) ends with that day's last gauges.
  if (state.outcome === 'failed' && days.at(-1)?.day !== state.day) days.push({ day: state.day, gauges: state.gauges });
  const done = module.objectives.filter((o) => state.objectives[o.name] === 'complete').map((o) => o.name);
  const missed = module.objectives
    .filter((o) => state.objectives[o.name] !== 'complete')
    .map((o) => {
      const seen = !o.hidden || state.revealed[o.name] === true;
      return { name: o.name, goal: isGoal(o), seen, how: howTo(module, o.name, seen, met) };
    });
  const outcome = state.outcome === 'complete' ? 'complete' : 'failed';
  return {
    outcome,
    reason: reason(state),
    days,
    done,
    missed,
    met,
    landed: state.landed,
    lesson: lessonFor(module, state),
    breakdown: scoreBreakdown(state),
    state,
  };
}

/**
 * How an objective missed is revealed (one never seen) or done (one seen):
 * each move that would have, and for an event's choice, whether the event
 * came up and what was chosen instead.
 */
function howTo(module: Module, objective: string, seen: boolean, met: readonly EventMet[]): string {
  const { reveal, complete } = objectiveSources(module, objective);
  // A hidden objective may be done without being activated first: the move that does it reveals it.
  const ways = !seen && reveal.length > 0 ? reveal : complete;
  if (ways.length === 0) return seen ? 'nothing in this module completes it' : 'nothing in this module reveals it';
  const words = ways.map((w) => wayWords(w, met));
  return `${seen ? 'done' : 'revealed'} by ${words.join(' or ')}`;
}

function wayWords(way: Source, met: readonly EventMet[]): string {
  if (way.kind === 'action') return `taking '${way.action.name}'`;
  const answer = `answering '${way.event.name}' with '${way.choice.label}'`;
  const it = met.find((m) => m.event === way.eventIndex);
  if (!it) return `${answer} (it did not come up this run)`;
  return it.choice === way.choiceIndex ? answer : `${answer} (you chose '${it.label}')`;
}

function reason(state: GameState): string {
  const emptied = Object.entries(state.gauges)
    .filter(([, v]) => v <= GAUGE_MIN)
    .map(([g]) => gaugeLabel(g));
  if (emptied.length > 0) return `Failed: ${emptied.join(' and ')} reached 0 on day ${state.day}`;
  const goals = state.module.objectives.filter(isGoal);
  const unfinished = goals.filter((o) => state.objectives[o.name] !== 'complete').map((o) => o.name);
  const days = `${state.module.days} day${state.module.days === 1 ? '' : 's'}`;
  if (state.outcome === 'complete')
    return goals.length === 0 ? `Complete: all ${days} played` : `Complete: every goal done in ${days}`;
  if (unfinished.length > 0)
    return `Failed: ${unfinished.join(', ')} ${unfinished.length === 1 ? 'was' : 'were'} not done by day ${state.module.days}`;
  return 'Failed: the run did not finish';
}
