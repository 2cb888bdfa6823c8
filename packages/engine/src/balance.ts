/**
 * A module's balance over many seeds: how often random clicking, greedy play
 * and the planner win, how many stars the planner earns, how many stars the
 * fewest-actions win earns, and how many decisions a good day holds.
 */
import type { GameEvent, Module } from '@airman/contracts/module.ts';
import type { GameCommand } from '@airman/contracts/game.ts';
import { pendingEvent, start, type GameState } from './game-state.ts';
import {
  CAREFUL,
  continueRule,
  isShortcut,
  plan,
  playGreedy,
  playRandom,
  playRule,
  type PlanOptions,
  type Played,
  type RulePolicy,
} from './play.ts';
import { apply, choiceUnavailableReason } from './rules.ts';
import { points, score } from './score.ts';

/** Simple rules a person might find after one run, measured (not held to a target). */
export const OTHER_RULES: Readonly<Record<string, RulePolicy>> = {
  /** Careful play, but every event answered with the choice that takes the least time. */
  cheapest_choice: { ...CAREFUL, choice: 'cheapest' },
  /** Gauges below their range topped up first, goals after. */
  gauges_first: { ...CAREFUL, order: 'gauges_first' },
  /** Careful play that also chases every objective it reveals. */
  bonus_hunter: { ...CAREFUL, bonuses: true },
  /** Careful play that never takes a shortcut. */
  no_shortcuts: { ...CAREFUL, shortcuts: false },
  /**
   * The short rule one run teaches: finish what is on screen (bonuses too),
   * reach out, never take anything marked 'later', top up the lowest gauge.
   */
  short_rule: { ...CAREFUL, bonuses: true, shortcuts: false },
  /** Every habit at once: the short rule, healthy answers to events, and gauges below their range first. */
  combined_habit: { ...CAREFUL, bonuses: true, shortcuts: false, healthy: true, order: 'gauges_first' },
};

/** The sensible player who plays on after each answer measured (answerPoints): careful, healthy answers only. */
export const SENSIBLE: RulePolicy = { ...CAREFUL, healthy: true };

/** An event's answer as measured: its mean final points with a sensible player continuing. */
export interface AnswerFigures {
  choice: string;
  risky: boolean;
  mean_points: number;
  /** Draws in which it was measured. */
  draws: number;
}

/** A risky answer that out-scores its event's best healthy answer on average. */
export interface RiskyPays {
  event: string;
  choice: string;
  healthy_choice: string;
  /** Its mean points minus the best healthy answer's. */
  gain: number;
}

export interface RuleFigures {
  win: number;
  stars_3: number;
  mean_points: number;
}

/** The choice of one event the planner takes most often, and in what share of the draws it could choose. */
export interface DominantChoice {
  event: string;
  choice: string;
  /** Its index in the event's choices (0: listed first). */
  index: number;
  share: number;
  draws: number;
}

export interface Balance {
  module: string;
  seeds: number;
  random_win: number;
  greedy_win: number;
  solver_win: number;
  solver_stars_3: number;
  /** The most stars any seed's fewest-actions win earns (0 when no such win was found). */
  min_win_stars: number;
  median_decisions_per_day: number;
  /** The careful rule (play.ts CAREFUL): wins and three-star wins. */
  careful_win: number;
  careful_stars_3: number;
  /** Careful play answering each event with the choice the module lists first. */
  first_choice_win: number;
  /** The largest share of draws in which one choice of one event is the planner's best (0 when no event was drawn often enough). */
  dominant_choice_max: number;
  dominant_choice: DominantChoice | null;
  /** The short rule (OTHER_RULES.short_rule): its three-star weeks. */
  short_rule_stars_3: number;
  /** Every habit at once (OTHER_RULES.combined_habit): its three-star weeks. */
  combined_habit_stars_3: number;
  /** Careful play's mean points with shortcuts minus without them; null for a module without shortcuts. */
  shortcut_gain: number | null;
  other_rules: Record<string, RuleFigures>;
  /** Per event: each answer's mean final points, each taken in turn wherever the sensible player met the event. */
  answers: Record<string, AnswerFigures[]>;
  /** Each risky answer that scores more on average than the best healthy answer of its event (should be none). */
  risky_pays: RiskyPays[];
  /** Per event, in the module's order: the share of weeks the sensible player met it in. */
  event_share: Record<string, number>;
}

/** Draws of an event with two or more open choices before its share counts toward dominant_choice_max. */
export const MIN_CHOICE_DRAWS = 5;

export interface BalanceOptions {
  /** Random runs per seed (more runs, a finer rate). */
  randomRuns?: number;
  planner?: PlanOptions;
}

/** What playing a range of seeds counted; tallies of several ranges add up (mergeTallies). */
export interface Tally {
  seeds: number;
  randomRuns: number;
  randomWins: number;
  greedyWins: number;
  solverWins: number;
  threeStars: number;
  minWinStars: number;
  /** Decisions on each day of every planner win. */
  decisions: number[];
  /** Per rule (careful, first_choice, and OTHER_RULES): wins, three-star wins, points summed. */
  rules: Record<string, { wins: number; threeStars: number; points: number }>;
  /** Event name → how often the planner took each of its choices when two or more were open. */
  choices: Record<string, number[]>;
  /** Event name → per choice: final points summed and draws, with the sensible player continuing. */
  answers: Record<string, { points: number[]; draws: number[] }>;
  /** Event name → the weeks the sensible player met it in. */
  met: Record<string, number>;
}

/** Rules every tally plays: careful, careful answering with the first listed choice, and the others. */
function rulesToPlay(): Record<string, RulePolicy> {
  return { careful: CAREFUL, first_choice: { ...CAREFUL, choice: 'first_listed' }, ...OTHER_RULES };
}

/** Counts, per event, the choice the line takes wherever two or more choices were open. */
function countChoices(start0: GameState, line: readonly GameCommand[], into: Record<string, number[]>): void {
  let state = start0;
  for (const command of line) {
    const event = pendingEvent(state);
    if (event && 'choose' in command) {
      const open = event.choices.filter((c) => choiceUnavailableReason(state, c) === undefined).length;
      if (open >= 2) {
        const counts = (into[event.name] ??= event.choices.map(() => 0));
        counts[command.choose] = (counts[command.choose] ?? 0) + 1;
      }
    }
    const r = apply(state, command);
    if (!r.ok) throw new Error(`the planner's line does not replay: ${r.error}`);
    state = r.state;
  }
}

/**
 * Plays the seed sensibly and, at each event met, every open answer in turn
 * with the sensible player continuing to the end: adds each one's final points.
 */
function measureAnswers(module: Module, seed: number, into: Tally['answers'], met: Tally['met']): void {
  continueRule({ state: start(module, seed), line: [] }, SENSIBLE, (at) => {
    const event = pendingEvent(at.state);
    if (!event) return;
    met[event.name] = (met[event.name] ?? 0) + 1;
    const figures = (into[event.name] ??= {
      points: event.choices.map(() => 0),
      draws: event.choices.map(() => 0),
    });
    event.choices.forEach((c, i) => {
      if (choiceUnavailableReason(at.state, c) !== undefined) return;
      const r = apply(at.state, { choose: i });
      if (!r.ok) return;
      const end = continueRule({ state: r.state, line: [] }, SENSIBLE).state;
      figures.points[i] = (figures.points[i] ?? 0) + points(end);
      figures.draws[i] = (figures.draws[i] ?? 0) + 1;
    });
  });
}

/** Player decisions (actions and event choices, not End Day) on each day of a line. */
export function decisionsPerDay(played: Played): number[] {
  const days: number[] = [0];
  for (const command of played.line) {
    if ('end_day' in command) days.push(0);
    else days[days.length - 1]! += 1;
  }
  // The last End Day ends the run and opens no day.
  if (days.length > 1 && days[days.length - 1] === 0) days.pop();
  return days;
}

/** No seed played yet. */
function emptyTally(): Tally {
  return {
    seeds: 0,
    randomRuns: 0,
    randomWins: 0,
    greedyWins: 0,
    solverWins: 0,
    threeStars: 0,
    minWinStars: 0,
    decisions: [],
    rules: {},
    choices: {},
    answers: {},
    met: {},
  };
}

/** Plays seeds `from` … `to`−1 every way. */
export function tally(module: Module, from: number, to: number, options: BalanceOptions = {}): Tally {
  const randomRuns = options.randomRuns ?? 1;
  const t = emptyTally();
  const rules = rulesToPlay();
  for (let seed = from; seed < to; seed++) {
    t.seeds += 1;
    for (let r = 0; r < randomRuns; r++) {
      t.randomRuns += 1;
      if (playRandom(module, seed + r * 1_000_003).state.outcome === 'complete') t.randomWins += 1;
    }
    if (playGreedy(module, seed).state.outcome === 'complete') t.greedyWins += 1;
    const best = plan(module, seed, options.planner);
    if (best.state.outcome === 'complete') {
      t.solverWins += 1;
      if (score(best.state).stars === 3) t.threeStars += 1;
      t.decisions.push(...decisionsPerDay(best));
    }
    countChoices(start(module, seed), best.line, t.choices);
    for (const [name, policy] of Object.entries(rules)) {
      const played = playRule(module, seed, policy).state;
      const r = (t.rules[name] ??= { wins: 0, threeStars: 0, points: 0 });
      if (played.outcome === 'complete') r.wins += 1;
      if (score(played).stars === 3) r.threeStars += 1;
      r.points += points(played);
    }
    measureAnswers(module, seed, t.answers, t.met);
    const fewest = plan(module, seed, { ...options.planner, goal: 'fewest_actions' });
    if (fewest.state.outcome === 'complete') t.minWinStars = Math.max(t.minWinStars, score(fewest.state).stars);
  }
  return t;
}

function mergeRules(a: Tally['rules'], b: Tally['rules']): Tally['rules'] {
  const merged: Tally['rules'] = {};
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[name] ?? { wins: 0, threeStars: 0, points: 0 };
    const y = b[name] ?? { wins: 0, threeStars: 0, points: 0 };
    merged[name] = { wins: x.wins + y.wins, threeStars: x.threeStars + y.threeStars, points: x.points + y.points };
  }
  return merged;
}

function mergeChoices(a: Tally['choices'], b: Tally['choices']): Tally['choices'] {
  const merged: Tally['choices'] = {};
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[name] ?? [];
    const y = b[name] ?? [];
    merged[name] = Array.from({ length: Math.max(x.length, y.length) }, (_, i) => (x[i] ?? 0) + (y[i] ?? 0));
  }
  return merged;
}

function mergeAnswers(a: Tally['answers'], b: Tally['answers']): Tally['answers'] {
  const merged: Tally['answers'] = {};
  const add = (x: number[], y: number[]) =>
    Array.from({ length: Math.max(x.length, y.length) }, (_, i) => (x[i] ?? 0) + (y[i] ?? 0));
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[name] ?? { points: [], draws: [] };
    const y = b[name] ?? { points: [], draws: [] };
    merged[name] = { points: add(x.points, y.points), draws: add(x.draws, y.draws) };
  }
  return merged;
}

export function mergeTallies(tallies: readonly Tally[]): Tally {
  return tallies.reduce(
    (a, b) => ({
      seeds: a.seeds + b.seeds,
      randomRuns: a.randomRuns + b.randomRuns,
      randomWins: a.randomWins + b.randomWins,
      greedyWins: a.greedyWins + b.greedyWins,
      solverWins: a.solverWins + b.solverWins,
      threeStars: a.threeStars + b.threeStars,
      minWinStars: Math.max(a.minWinStars, b.minWinStars),
      decisions: [...a.decisions, ...b.decisions],
      rules: mergeRules(a.rules, b.rules),
      choices: mergeChoices(a.choices, b.choices),
      answers: mergeAnswers(a.answers, b.answers),
      met: Object.fromEntries(
        [...new Set([...Object.keys(a.met), ...Object.keys(b.met)])].map((k) => [k, (a.met[k] ?? 0) + (b.met[k] ?? 0)]),
      ),
    }),
    emptyTally(),
  );
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const rate = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 1000);

/**
 * Whether an event is meant as a dilemma: none of its choices completes an
 * objective. One that does is a step of the story with a right answer (the
 * PT test taken, a wingman in crisis helped), not a trade to balance.
 */
export function isDilemma(event: GameEvent): boolean {
  return !event.choices.some((c) => (c.changes_objectives?.remove.length ?? 0) > 0);
}

/** The event choice the planner takes in the largest share of its draws (among events drawn often enough). */
function dominantChoice(module: Module, t: Tally): DominantChoice | null {
  let best: DominantChoice | null = null;
  for (const [eventName, counts] of Object.entries(t.choices)) {
    const draws = counts.reduce((a, b) => a + b, 0);
    const event = module.events?.find((e) => e.name === eventName);
    if (draws < MIN_CHOICE_DRAWS || !event || !isDilemma(event)) continue;
    const index = counts.indexOf(Math.max(...counts));
    const share = rate(counts[index] as number, draws);
    if (!best || share > best.share) {
      best = { event: eventName, choice: event?.choices[index]?.label ?? '', index, share, draws };
    }
  }
  return best;
}

function hasShortcuts(module: Module): boolean {
  return module.actions.some(isShortcut) || (module.events ?? []).some((e) => e.choices.some(isShortcut));
}

/** Each event's answers with their mean final points, in the module's order of events and choices. */
function answerFigures(module: Module, t: Tally): Record<string, AnswerFigures[]> {
  const out: Record<string, AnswerFigures[]> = {};
  for (const event of module.events ?? []) {
    const figures = t.answers[event.name];
    if (!figures) continue;
    out[event.name] = event.choices.map((c, i) => {
      const draws = figures.draws[i] ?? 0;
      const mean = draws === 0 ? 0 : Math.round(((figures.points[i] ?? 0) / draws) * 10) / 10;
      return { choice: c.label, risky: c.risky === true, mean_points: mean, draws };
    });
  }
  return out;
}

/**
 * Draws an answer is measured in before it counts toward risky_pays: over the
 * editor's 30 seeds most events come fewer times, and a mean of a few weeks is noise.
 */
export const MIN_ANSWER_DRAWS = 20;

/** Each risky answer measured often enough that out-scores the best healthy answer of its event. */
export function riskyPays(answers: Readonly<Record<string, readonly AnswerFigures[]>>): RiskyPays[] {
  const pays: RiskyPays[] = [];
  for (const [event, figures] of Object.entries(answers)) {
    const healthy = figures
      .filter((f) => !f.risky && f.draws > 0)
      .reduce<AnswerFigures | undefined>(
        (best, f) => (!best || f.mean_points > best.mean_points ? f : best),
        undefined,
      );
    if (!healthy) continue;
    for (const f of figures) {
      if (f.risky && f.draws >= MIN_ANSWER_DRAWS && f.mean_points > healthy.mean_points) {
        const gain = Math.round((f.mean_points - healthy.mean_points) * 10) / 10;
        pays.push({ event, choice: f.choice, healthy_choice: healthy.choice, gain });
      }
    }
  }
  return pays;
}

export function summarize(module: Module, t: Tally): Balance {
  const rule = (name: string) => t.rules[name] ?? { wins: 0, threeStars: 0, points: 0 };
  const mean = (name: string) => (t.seeds === 0 ? 0 : Math.round((rule(name).points / t.seeds) * 10) / 10);
  const dominant = dominantChoice(module, t);
  const answers = answerFigures(module, t);
  return {
    module: module.id,
    seeds: t.seeds,
    random_win: rate(t.randomWins, t.randomRuns),
    greedy_win: rate(t.greedyWins, t.seeds),
    solver_win: rate(t.solverWins, t.seeds),
    solver_stars_3: rate(t.threeStars, t.seeds),
    min_win_stars: t.minWinStars,
    median_decisions_per_day: median(t.decisions),
    careful_win: rate(rule('careful').wins, t.seeds),
    careful_stars_3: rate(rule('careful').threeStars, t.seeds),
    short_rule_stars_3: rate(rule('short_rule').threeStars, t.seeds),
    combined_habit_stars_3: rate(rule('combined_habit').threeStars, t.seeds),
    first_choice_win: rate(rule('first_choice').wins, t.seeds),
    dominant_choice_max: dominant?.share ?? 0,
    dominant_choice: dominant,
    shortcut_gain: hasShortcuts(module) ? Math.round((mean('careful') - mean('no_shortcuts')) * 10) / 10 : null,
    other_rules: Object.fromEntries(
      Object.keys(OTHER_RULES).map((name) => [
        name,
        { win: rate(rule(name).wins, t.seeds), stars_3: rate(rule(name).threeStars, t.seeds), mean_points: mean(name) },
      ]),
    ),
    answers,
    risky_pays: riskyPays(answers),
    event_share: Object.fromEntries((module.events ?? []).map((e) => [e.name, rate(t.met[e.name] ?? 0, t.seeds)])),
  };
}

/** The balance of seeds 0 … seeds−1, in this thread. */
export function balance(module: Module, seeds: number, options: BalanceOptions = {}): Balance {
  return summarize(module, tally(module, 0, seeds, options));
}

/** The balance a module should meet; each failed target, in words. */
export const BALANCE_TARGETS = {
  random_win: 0.05,
  greedy_win: 0.3,
  solver_win: 0.95,
  solver_stars_3: 0.5,
  min_win_stars: 1,
  median_decisions_per_day: 3,
  careful_win: 0.9,
  careful_stars_3: 0.5,
  short_rule_stars_3: 0.5,
  dominant_choice_max: 0.75,
  /** Shortcuts must cost careful play points on average: the gain must stay below this. */
  shortcut_gain: 0,
} as const;

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/**
 * Each target the balance misses, in plain words for the module's author
 * ("too easy: careful play gets 3 stars on 100%"); empty when it meets them all.
 */
export function missedTargets(b: Balance): string[] {
  const t = BALANCE_TARGETS;
  const missed: string[] = [];
  if (b.random_win > t.random_win)
    missed.push(`too easy: random clicking wins on ${percent(b.random_win)} (at most ${percent(t.random_win)})`);
  if (b.greedy_win > t.greedy_win)
    missed.push(
      `too easy: taking the biggest gain each time wins on ${percent(b.greedy_win)} (at most ${percent(t.greedy_win)})`,
    );
  if (b.careful_win < t.careful_win)
    missed.push(`too hard: careful play wins only ${percent(b.careful_win)} (at least ${percent(t.careful_win)})`);
  if (b.careful_stars_3 > t.careful_stars_3)
    missed.push(
      `too easy: careful play gets 3 stars on ${percent(b.careful_stars_3)} (at most ${percent(t.careful_stars_3)})`,
    );
  if (b.short_rule_stars_3 > t.short_rule_stars_3)
    missed.push(
      `too easy: the short rule (reach out, no shortcuts, top up the lowest gauge) gets 3 stars on ${percent(b.short_rule_stars_3)} (at most ${percent(t.short_rule_stars_3)})`,
    );
  if (b.solver_win < t.solver_win)
    missed.push(`too hard: even the planner wins only ${percent(b.solver_win)} (at least ${percent(t.solver_win)})`);
  if (b.solver_stars_3 < t.solver_stars_3)
    missed.push(
      `3 stars out of reach: the planner gets them on ${percent(b.solver_stars_3)} (at least ${percent(t.solver_stars_3)})`,
    );
  if (b.min_win_stars > t.min_win_stars)
    missed.push(
      `rushing pays: the win with the fewest actions earns ${b.min_win_stars} stars (at most ${t.min_win_stars})`,
    );
  if (b.median_decisions_per_day < t.median_decisions_per_day)
    missed.push(
      `too few decisions: a winning day holds ${b.median_decisions_per_day} (median; at least ${t.median_decisions_per_day})`,
    );
  const d = b.dominant_choice;
  if (d && b.dominant_choice_max > t.dominant_choice_max)
    missed.push(
      `no dilemma: the ${ORDINALS[d.index] ?? `${d.index + 1}th`} choice of '${d.event}' ('${d.choice}') is best in ${percent(d.share)} of draws (at most ${percent(t.dominant_choice_max)})`,
    );
  if (b.shortcut_gain !== null && b.shortcut_gain >= t.shortcut_gain)
    missed.push(
      `shortcuts pay: careful play scores ${b.shortcut_gain} points more on average with them than without (they should cost)`,
    );
  for (const r of b.risky_pays)
    missed.push(
      `risk pays: in '${r.event}', the risky '${r.choice}' scores ${r.gain} points more on average than the best healthy answer ('${r.healthy_choice}')`,
    );
  return missed;
}
