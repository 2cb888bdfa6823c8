/**
 * What can ever happen in a module, worked out without playing it: which
 * actions and events' choices can ever be taken, which items can ever be held,
 * which objectives can ever be activated or done, and, for what never can,
 * why, in words for the module's author (check-messages.ts: "“Pass the PT test”
 * can never be done: the action “Take the PT test” uses up “PT uniform”, and
 * nothing gives it.").
 *
 * A generous reading: counts, time and gauges are left aside, so what it
 * calls impossible is impossible in every run, and what it allows may still
 * be out of reach in play (the solver decides that).
 */
import type { Action, EventChoice, GameEvent, Module } from '@airman/contracts/module.ts';
import { say, type CheckMessage } from './check-messages.ts';

/** An action, or one choice of an event: something that changes items and objectives. */
export type Source =
  | { kind: 'action'; index: number; action: Action }
  | { kind: 'choice'; eventIndex: number; event: GameEvent; choiceIndex: number; choice: EventChoice };

export interface Reach {
  /** Items some move that can happen gives. */
  items: Set<string>;
  /** Objectives active from day 1 or activated by a move that can happen. */
  active: Set<string>;
  /** Objectives a move that can happen completes. */
  done: Set<string>;
  /** Moves that can happen (by identity of their Source). */
  usable: Set<Source>;
  sources: Source[];
}

/** Every action and every event's choice of the module, in the module's order. */
export function sourcesOf(module: Module): Source[] {
  return [
    ...module.actions.map((action, index): Source => ({ kind: 'action', index, action })),
    ...(module.events ?? []).flatMap((event, eventIndex) =>
      event.choices.map((choice, choiceIndex): Source => ({ kind: 'choice', eventIndex, event, choiceIndex, choice })),
    ),
  ];
}

function adds(s: Source): readonly string[] {
  return s.kind === 'action' ? s.action.changes_objectives.add : (s.choice.changes_objectives?.add ?? []);
}
function completes(s: Source): readonly string[] {
  return s.kind === 'action' ? s.action.changes_objectives.remove : (s.choice.changes_objectives?.remove ?? []);
}
function gives(s: Source): readonly string[] {
  return s.kind === 'action' ? s.action.changes_inventory.add : (s.choice.changes_inventory?.add ?? []);
}
function uses(s: Source): readonly string[] {
  return s.kind === 'action' ? s.action.changes_inventory.remove : (s.choice.changes_inventory?.remove ?? []);
}
function requires(s: Source): readonly string[] {
  return s.kind === 'action' ? s.action.required_objectives : (s.event.required_objectives ?? []);
}

/** Whether an event can ever be drawn, whatever the player does: a chance above 0 and a window inside the run. */
export function drawable(module: Module, event: GameEvent): boolean {
  return event.chance > 0 && event.days[0] <= module.days;
}

/** Whether a move is ruled out by the module itself, before any requirement: a disabled action, an event never drawn. */
function ruledOut(module: Module, s: Source): boolean {
  return s.kind === 'action' ? s.action.disabled : !drawable(module, s.event);
}

export function reach(module: Module): Reach {
  const sources = sourcesOf(module);
  const items = new Set<string>();
  const active = new Set(module.objectives.filter((o) => o.active).map((o) => o.name));
  const done = new Set<string>();
  const usable = new Set<Source>();
  // Each round adds at least one usable move or stops: at most one round per move.
  for (let changed = true; changed;) {
    changed = false;
    for (const s of sources) {
      if (usable.has(s) || ruledOut(module, s)) continue;
      if (!requires(s).every((o) => active.has(o)) || !uses(s).every((i) => items.has(i))) continue;
      usable.add(s);
      changed = true;
      for (const i of gives(s)) items.add(i);
      for (const o of adds(s)) active.add(o);
      for (const o of completes(s)) done.add(o);
    }
  }
  return { items, active, done, usable, sources };
}

/** How the author calls a move: "the action “Take the PT test”", "the choice “Ask directly” of the event “A wingman in crisis”". */
export function sourceName(s: Source): string {
  return s.kind === 'action'
    ? say('moveAction', { action: s.action.name })
    : say('moveChoice', { choice: s.choice.label, event: s.event.name });
}

/** Why a move can never be taken, as a sentence about it and the template it is told by, or undefined when it can. */
export function blockerOf(module: Module, r: Reach, s: Source): { key: CheckMessage; text: string } | undefined {
  const told = (key: CheckMessage, values: Record<string, string>) => ({ key, text: say(key, values) });
  if (r.usable.has(s)) return undefined;
  if (s.kind === 'action' && s.action.disabled) return told('whyDisabled', { move: sourceName(s) });
  if (s.kind === 'choice' && !drawable(module, s.event)) return told('whyNeverDrawn', { event: s.event.name });
  for (const o of requires(s)) {
    if (r.active.has(o)) continue;
    const any = r.sources.some((x) => adds(x).includes(o));
    return told(any ? 'whyNeverActiveInPlay' : 'whyNeverActive', { move: sourceName(s), objective: o });
  }
  for (const i of uses(s)) {
    if (r.items.has(i)) continue;
    const any = r.sources.some((x) => gives(x).includes(i));
    return told(any ? 'whyNeverGivenInPlay' : 'whyNeverGiven', { move: sourceName(s), item: i });
  }
  return undefined;
}

/** Why a move can never be taken, as a sentence about it, or undefined when it can. */
export function blocker(module: Module, r: Reach, s: Source): string | undefined {
  return blockerOf(module, r, s)?.text;
}

/** Why an objective can never be done, or undefined when some move can do it. */
export function whyNeverDone(module: Module, r: Reach, objective: string): string | undefined {
  if (r.done.has(objective)) return undefined;
  const finishers = r.sources.filter((s) => completes(s).includes(objective));
  if (finishers.length === 0) return say('objectiveNothingCompletes', { objective });
  const why = [...new Set(finishers.map((s) => blocker(module, r, s) ?? ''))];
  return say('objectiveNeverDone', { objective, why: why.join('; ') });
}

/** The goals (objectives shown and pursued from day 1) no line of play can ever finish, with why. */
export function blockedGoals(module: Module): { objective: string; message: string }[] {
  const r = reach(module);
  return module.objectives
    .filter((o) => o.active && !o.hidden)
    .flatMap((o) => {
      const message = whyNeverDone(module, r, o.name);
      return message === undefined ? [] : [{ objective: o.name, message }];
    });
}

/** The ways an objective is activated (revealed) and done, in the module's order. */
export function objectiveSources(module: Module, objective: string): { reveal: Source[]; complete: Source[] } {
  const sources = sourcesOf(module);
  return {
    reveal: sources.filter((s) => adds(s).includes(objective)),
    complete: sources.filter((s) => completes(s).includes(objective)),
  };
}
