/**
 * Ways to play a module, for its balance (balance.ts): a random clicker, a
 * greedy player, and a planner that knows the run's seed and searches the
 * days with a beam, either for the best score or for the fewest actions.
 */
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Action, EventChoice, GameEvent, Module } from '@airman/contracts/module.ts';
import { actionsTakenToday, isGoal, pendingEvent, shownChoices, start, type GameState } from './game-state.ts';
import { apply, choiceUnavailableReason, gaugesInRange, rangesOf, takeAction, unavailableReason } from './rules.ts';
import { balanceDays, objectivePoints, points, rangeDayPoints, unbalanced } from './score.ts';

export interface Played {
  state: GameState;
  line: GameCommand[];
}

/** A line of play under search: each step points at the one before, so no line is copied. */
interface Step {
  state: GameState;
  previous?: Step;
  command?: GameCommand;
  /** Actions taken so far. */
  actions: number;
}

function lineOf(s: Step): GameCommand[] {
  const line: GameCommand[] = [];
  for (let at: Step | undefined = s; at?.command; at = at.previous) line.push(at.command);
  return line.reverse();
}

function advance(s: Step, command: GameCommand): Step {
  const r = apply(s.state, command);
  if (!r.ok) throw new Error(`illegal move from a legal list: ${r.error}`);
  return { state: r.state, previous: s, command, actions: s.actions + ('action' in command ? 1 : 0) };
}

/** A small seeded generator (mulberry32) for the random player, so its runs repeat too. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every command the player could give now: the event's choices, else the available actions and End Day. */
export function legalCommands(state: GameState): GameCommand[] {
  if (state.outcome !== 'in_progress') return [];
  const event = pendingEvent(state);
  if (event)
    return event.choices.flatMap((c, i) => (choiceUnavailableReason(state, c) === undefined ? [{ choose: i }] : []));
  const actions: GameCommand[] = state.module.actions
    .filter((a) => unavailableReason(state, a) === undefined)
    .map((a) => ({ action: a.name }));
  return [...actions, { end_day: true }];
}

function step(played: Played, command: GameCommand): Played {
  const r = apply(played.state, command);
  if (!r.ok) throw new Error(`illegal move from a legal list: ${r.error}`);
  return { state: r.state, line: [...played.line, command] };
}

/** Clicks uniformly at random among the choices, the available actions and End Day. */
export function playRandom(module: Module, seed: number): Played {
  const next = randomSource(seed ^ 0x5bd1e995);
  let played: Played = { state: start(module, seed), line: [] };
  while (played.state.outcome === 'in_progress') {
    const commands = legalCommands(played.state);
    played = step(played, commands[Math.floor(next() * commands.length)] as GameCommand);
  }
  return played;
}

function gaugeSum(results: Readonly<Record<string, number>> | undefined): number {
  let sum = 0;
  for (const v of Object.values(results ?? {})) sum += v;
  return sum;
}

/**
 * Takes the available action (or event choice) with the largest immediate
 * gauge sum, the first in the module's order on a tie, until none is left, then ends the day.
 */
export function playGreedy(module: Module, seed: number): Played {
  let played: Played = { state: start(module, seed), line: [] };
  while (played.state.outcome === 'in_progress') {
    const { state } = played;
    const event = pendingEvent(state);
    let best: GameCommand = { end_day: true };
    let bestSum = -Infinity;
    if (event) {
      event.choices.forEach((c, i) => {
        const sum = gaugeSum(c.results);
        if (choiceUnavailableReason(state, c) === undefined && sum > bestSum) [best, bestSum] = [{ choose: i }, sum];
      });
    } else {
      for (const a of module.actions) {
        const sum = gaugeSum(a.results);
        if (unavailableReason(state, a) === undefined && sum > bestSum) [best, bestSum] = [{ action: a.name }, sum];
      }
    }
    played = step(played, best);
  }
  return played;
}

/** A key for a state within one day (the day, the module and the seed are the same for all). */
function dayKey(s: GameState): string {
  let key = `${s.tokens}|${s.tokensTomorrow}|${actionsTakenToday(s)}|${s.pendingEvent}|${s.drawn.length}|${s.rangeDays}|`;
  for (const k in s.gauges) key += `${s.gauges[k]},`;
  key += '|';
  for (const k in s.objectives) key += s.objectives[k] === 'inactive' ? '0' : s.objectives[k] === 'active' ? '1' : '2';
  for (const k in s.revealed) key += s.revealed[k] ? `r${k};` : '';
  key += '|';
  for (const k in s.inventory) key += `${k}=${s.inventory[k]};`;
  key += '|';
  for (const k in s.cooldowns) key += `${k}=${s.cooldowns[k]};`;
  key += '|';
  for (const x of s.scheduled) key += `${x.day}:${x.source}:${x.text};`;
  return key;
}

/**
 * The ways today can go from `from`, before End Day is pressed (runs that end
 * on the way, by a gauge at 0, included). Actions are tried in the module's
 * order only, after the event's choice, so a set of actions is reached once
 * rather than in every order.
 */
function dayPlans(from: Step, maxStates: number): Step[] {
  // Today's event first: each open choice gets its share of the states, or
  // the first choice's ways would use them all and the others never be tried.
  const event = from.state.outcome === 'in_progress' ? pendingEvent(from.state) : undefined;
  if (event) {
    const open = answersWeighed(from.state, event);
    const share = Math.max(1, Math.floor(maxStates / open.length));
    return open.flatMap((i) => dayPlans(advance(from, { choose: i }), share));
  }
  const plans: Step[] = [];
  const actions = from.state.module.actions;
  const visit = (p: Step, firstAction: number) => {
    if (plans.length >= maxStates) return;
    plans.push(p);
    if (p.state.outcome !== 'in_progress') return;
    const event = pendingEvent(p.state);
    if (event) {
      plans.pop();
      for (const i of answersWeighed(p.state, event)) visit(advance(p, { choose: i }), 0);
      return;
    }
    for (let i = firstAction; i < actions.length; i++) {
      const action = actions[i] as Action;
      if (unavailableReason(p.state, action) === undefined) {
        visit(
          { state: takeAction(p.state, action), previous: p, command: { action: action.name }, actions: p.actions + 1 },
          i,
        );
      }
    }
  };
  visit(from, 0);
  return plans;
}

/**
 * The answers the planner weighs: every open choice, except that an event
 * naming real help (a crisis: `resources`) is never answered with a risky
 * choice while a healthy one is open.
 */
function answersWeighed(state: GameState, event: GameEvent): number[] {
  const open = event.choices.flatMap((c, i) => (choiceUnavailableReason(state, c) === undefined ? [i] : []));
  if ((event.resources?.length ?? 0) === 0) return open;
  const healthy = open.filter((i) => event.choices[i]?.risky !== true);
  return healthy.length > 0 ? healthy : open;
}

/** Ways a day may go that are ended and judged, per kept state and per state kept. */
const ENDS_PER_STATE = 4;

export type PlanGoal = 'score' | 'fewest_actions';

export interface PlanOptions {
  goal?: PlanGoal;
  /**
   * States kept from one day to the next (default 1). Two found the same wins
   * on 1,000 seeds of the seed module, and as many three-star weeks, for twice
   * the time: the editor's Check must answer within seconds.
   */
  beam?: number;
  /** Distinct states explored within one day, from one kept state. */
  maxDayStates?: number;
}

/** What value() reads of a module, worked out once per module rather than once per state. */
interface ValueTerms {
  objectivePts: number;
  rangePts: number;
  /** Per objective: whether it is a goal, and the items of the first action that finishes it. */
  objectives: ReadonlyArray<{
    name: string;
    goal: boolean;
    items: ReadonlyArray<readonly [item: string, count: number]>;
  }>;
}

const valueTermsOf = new WeakMap<Module, ValueTerms>();

function valueTerms(module: Module): ValueTerms {
  const known = valueTermsOf.get(module);
  if (known) return known;
  const terms: ValueTerms = {
    objectivePts: objectivePoints(module),
    rangePts: rangeDayPoints(module),
    objectives: module.objectives.map((o) => {
      const finisher = module.actions.find((a) => a.changes_objectives.remove.includes(o.name));
      const need = new Map<string, number>();
      for (const item of finisher?.changes_inventory.remove ?? []) need.set(item, (need.get(item) ?? 0) + 1);
      return { name: o.name, goal: isGoal(o), items: [...need] };
    }),
  };
  valueTermsOf.set(module, terms);
  return terms;
}

/**
 * How promising a state is once a day has ended: what it has scored, the
 * goals still open (and the items held toward them), bonus objectives in
 * reach, and gauges near 0 or outside their healthy range.
 */
function value(p: Step, goal: PlanGoal, inDay = false): number {
  const { state } = p;
  const module = state.module;
  const won = state.outcome === 'complete';
  if (state.outcome === 'failed') return -1e12;
  const { objectivePts, rangePts, objectives } = valueTerms(module);
  // A day not yet ended is judged as if it ended now: its gauges in range score.
  const pending = inDay && state.outcome === 'in_progress' ? gaugesInRange(state) * rangePts : 0;
  let v = goal === 'score' ? points(state) + pending : -1000 * p.actions;
  // A win with balance (3 stars need every ranged gauge in range on enough days) beats one without.
  if (won) return 1e9 + (goal === 'score' && !unbalanced(state) ? 1e6 : 0) + v;
  // Fewest actions: an open goal outweighs any number of actions.
  const goalWeight = goal === 'score' ? 2 * objectivePts : 1e6;
  for (const o of objectives) {
    if (state.objectives[o.name] !== 'active') continue;
    v += o.goal ? -goalWeight : goal === 'score' ? 0.3 * objectivePts : 0;
    // Items held toward finishing it: half way to the objective when every
    // item is in hand, so finishing it is always worth more.
    let held = 0;
    let needed = 0;
    for (const [item, n] of o.items) {
      held += Math.min(n, state.inventory[item] ?? 0);
      needed += n;
    }
    if (needed > 0) v += (held / needed) * 0.5 * (o.goal ? goalWeight : objectivePts);
  }
  const nightsAhead = !inDay || state.day < module.days;
  for (const gauge in state.gauges) {
    const x = state.gauges[gauge] as number;
    // A gauge near 0 with nights still to come is a run about to be lost, whatever else it has going for it.
    if (x < 30 && nightsAhead) v -= (30 - x) * (goal === 'score' ? 40 : 5000);
  }
  if (goal === 'score') {
    // Consequences still to come are part of the state's worth: a shortcut's cost is not free for being late.
    for (const s of state.scheduled) v += gaugeSum(s.results) * rangePts * 0.2 + s.next_day_tokens * rangePts * 0.8;
    const need = balanceDays(module);
    // Days still to be scored after this state's: a gauge short of its balance days needs them.
    const left = module.days - state.day + (inDay ? 1 : 0);
    for (const [gauge, min, max] of rangesOf(module)) {
      const x = state.gauges[gauge];
      if (x === undefined) continue;
      const have = (state.gaugeDays[gauge]?.in_range ?? 0) + (inDay && x >= min && x <= max ? 1 : 0);
      const short = Math.max(0, need - have);
      // Each day a gauge still needs weighs more as the days run out; past reach, 3 stars are lost.
      if (short > 0) v -= short > left - (inDay ? 1 : 0) ? rangePts * 8 : (short / Math.max(1, left)) * rangePts * 4;
      if (x < min) v -= (min - x) * rangePts * 0.3;
      else if (x > max) v -= (x - max) * rangePts * 0.3;
      else v += rangePts * 0.5 + Math.min(x - min, max - x) * 0.2;
    }
  }
  return v;
}

/** The best line the planner finds for the module and seed (it sees the seed's events coming). */
export function plan(module: Module, seed: number, options: PlanOptions = {}): Played {
  const goal = options.goal ?? 'score';
  const beamWidth = options.beam ?? 1;
  const maxDayStates = options.maxDayStates ?? 400;
  let beam: Step[] = [{ state: start(module, seed), actions: 0 }];
  let best: Step | undefined;
  let bestValue = -Infinity;
  while (beam.length > 0) {
    const candidates = new Map<string, { step: Step; value: number }>();
    for (const p of beam) {
      // End only the most promising ways the day can go: ending a day is the dearest move.
      const plans = dayPlans(p, maxDayStates)
        .map((step) => ({ step, value: value(step, goal, true) }))
        .sort((x, y) => y.value - x.value)
        .slice(0, ENDS_PER_STATE * beamWidth);
      for (const { step } of plans) {
        const end = step.state.outcome === 'in_progress' ? advance(step, { end_day: true }) : step;
        const v = value(end, goal);
        if (end.state.outcome !== 'in_progress') {
          if (v > bestValue) [best, bestValue] = [end, v];
          continue;
        }
        const key = dayKey(end.state);
        const known = candidates.get(key);
        if (!known || known.value < v) candidates.set(key, { step: end, value: v });
      }
    }
    beam = [...candidates.values()]
      .sort((a, b) => b.value - a.value)
      .slice(0, beamWidth)
      .map((c) => c.step);
  }
  if (!best) throw new Error('a run always ends');
  return { state: best.state, line: lineOf(best) };
}

/** How a person plays by a simple rule found after one run (docs/game-rules.md). */
export interface RulePolicy {
  /** Which answer to an event: the first shown (after shuffling), the first listed in the module, or the cheapest in time. */
  choice: 'first_shown' | 'first_listed' | 'cheapest';
  /** Goals before gauges, or gauges below their range first. */
  order: 'goals_first' | 'gauges_first';
  /** Whether moves with a later cost (shortcuts) are taken. */
  shortcuts: boolean;
  /** Whether bonus objectives are pursued like goals. */
  bonuses: boolean;
  /** Whether events are answered only with choices not marked risky (while one is open). */
  healthy?: boolean;
}

/** The careful rule: finish goals first, then top up the lowest gauge at the best gain per token, take choice 1. */
export const CAREFUL: RulePolicy = { choice: 'first_shown', order: 'goals_first', shortcuts: true, bonuses: false };

interface Effects {
  results?: Readonly<Record<string, number>> | undefined;
  next_day_tokens?: number | undefined;
  later?: Action['later'];
}

/** A shortcut: a move with a cost that comes back later (a gauge lowered or time taken). */
export function isShortcut(e: Effects): boolean {
  return (e.later ?? []).some((l) => (l.next_day_tokens ?? 0) < 0 || Object.values(l.results ?? {}).some((v) => v < 0));
}

/** Whether taking the move would bring a gauge to 0 now: a person sees that coming. */
function ruinous(state: GameState, results: Readonly<Record<string, number>> | undefined): boolean {
  for (const gauge in results ?? {}) {
    const now = state.gauges[gauge];
    if (now !== undefined && now + (results?.[gauge] ?? 0) <= 0) return true;
  }
  return false;
}

/** Objectives the rule works toward: the goals, and with `bonuses` every other objective shown. */
function pursued(state: GameState, policy: RulePolicy): Set<string> {
  return new Set(
    state.module.objectives
      .filter((o) => state.objectives[o.name] === 'active' && (policy.bonuses || isGoal(o)))
      .map((o) => o.name),
  );
}

/** An action toward the pursued objectives: one that finishes one, else gives an item one still needs; the cheapest. */
function towardGoals(state: GameState, policy: RulePolicy, usable: readonly Action[]): Action | undefined {
  const open = pursued(state, policy);
  const finishers = usable.filter((a) => a.changes_objectives.remove.some((o) => open.has(o)));
  if (finishers.length > 0) return cheapest(finishers);
  const needed = new Map<string, number>();
  for (const [objective, items] of finisherItems(state.module)) {
    if (!open.has(objective)) continue;
    for (const [item, n] of items) needed.set(item, Math.max(needed.get(item) ?? 0, n));
  }
  const givers = usable.filter((a) =>
    a.changes_inventory.add.some((item) => (state.inventory[item] ?? 0) < (needed.get(item) ?? 0)),
  );
  if (givers.length > 0) return cheapest(givers);
  if (!policy.bonuses) return undefined;
  const revealing = usable.filter((a) => a.changes_objectives.add.some((o) => state.objectives[o] === 'inactive'));
  return revealing.length > 0 ? cheapest(revealing) : undefined;
}

const finisherItemsOf = new WeakMap<Module, ReadonlyArray<readonly [string, ReadonlyMap<string, number>]>>();

/** Per objective an action or an event's choice completes: the items that move uses up (made once per module). */
function finisherItems(module: Module): ReadonlyArray<readonly [string, ReadonlyMap<string, number>]> {
  let known = finisherItemsOf.get(module);
  if (known) return known;
  const moves = [...module.actions, ...(module.events ?? []).flatMap((e) => e.choices)];
  const list: [string, Map<string, number>][] = [];
  for (const move of moves) {
    const counts = new Map<string, number>();
    for (const item of move.changes_inventory?.remove ?? []) counts.set(item, (counts.get(item) ?? 0) + 1);
    for (const objective of move.changes_objectives?.remove ?? []) list.push([objective, counts]);
  }
  known = list;
  finisherItemsOf.set(module, known);
  return known;
}

function cheapest(actions: readonly Action[]): Action {
  return actions.reduce((best, a) => (a.token_cost < best.token_cost ? a : best));
}

/**
 * For the lowest gauge below its range's top that some action raises: the
 * action raising it with the best net gain (every gauge's change) per token.
 */
function topUp(state: GameState, usable: readonly Action[], belowRangeOnly: boolean): Action | undefined {
  const ranges = state.module.healthy_range ?? {};
  const gauges = Object.keys(state.gauges)
    .filter((g) => {
      const range = Object.hasOwn(ranges, g) ? ranges[g] : undefined;
      const value = state.gauges[g] as number;
      return belowRangeOnly ? range !== undefined && value < range[0] : value < (range?.[1] ?? 100);
    })
    .sort((a, b) => (state.gauges[a] as number) - (state.gauges[b] as number));
  for (const gauge of gauges) {
    let best: Action | undefined;
    let bestRate = 0;
    for (const a of usable) {
      // What it costs the other gauges counts against it: a person reads the whole button.
      const rate = gaugeSum(a.results) / Math.max(1, a.token_cost);
      if ((a.results[gauge] ?? 0) > 0 && rate > bestRate) [best, bestRate] = [a, rate];
    }
    if (best) return best;
  }
  return undefined;
}

/** The answer the rule gives to today's event. */
function ruleChoice(state: GameState, policy: RulePolicy): GameCommand {
  const event = pendingEvent(state);
  if (!event) throw new Error('no event to answer');
  const order = policy.choice === 'first_shown' ? shownChoices(state) : event.choices.map((_, i) => i);
  const open = order.filter((i) => choiceUnavailableReason(state, event.choices[i] as EventChoice) === undefined);
  const healthy = policy.healthy ? open.filter((i) => event.choices[i]?.risky !== true) : open;
  const kept = healthy.length > 0 ? healthy : open;
  const allowed = policy.shortcuts ? kept : kept.filter((i) => !isShortcut(event.choices[i] as EventChoice));
  const pool = allowed.length > 0 ? allowed : kept;
  if (policy.choice === 'cheapest') {
    const cost = (i: number) => event.choices[i]?.token_cost ?? 0;
    return { choose: pool.reduce((best, i) => (cost(i) < cost(best) ? i : best)) };
  }
  return { choose: pool[0] as number };
}

/** Plays the module by a simple rule (CAREFUL and its variations). */
export function playRule(module: Module, seed: number, policy: RulePolicy = CAREFUL): Played {
  return continueRule({ state: start(module, seed), line: [] }, policy);
}

/**
 * Plays on from a run under way by a simple rule, to its end. `onEvent` sees
 * each event awaiting an answer before the rule answers it.
 */
export function continueRule(from: Played, policy: RulePolicy, onEvent?: (at: Played) => void): Played {
  const module = from.state.module;
  let played = from;
  let movesToday = 0;
  while (played.state.outcome === 'in_progress') {
    const { state } = played;
    let command: GameCommand = { end_day: true };
    if (pendingEvent(state)) {
      onEvent?.(played);
      command = ruleChoice(state, policy);
    } else if (movesToday < 100) {
      const usable = module.actions.filter(
        (a) =>
          unavailableReason(state, a) === undefined &&
          !ruinous(state, a.results) &&
          (policy.shortcuts || !isShortcut(a)),
      );
      const next =
        policy.order === 'goals_first'
          ? (towardGoals(state, policy, usable) ?? topUp(state, usable, false))
          : (topUp(state, usable, true) ?? towardGoals(state, policy, usable) ?? topUp(state, usable, false));
      if (next) command = { action: next.name };
    }
    movesToday = 'end_day' in command ? 0 : movesToday + 1;
    played = step(played, command);
  }
  return played;
}
