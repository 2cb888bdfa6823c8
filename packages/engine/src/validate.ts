/**
 * Module validation shared by the server (saving), the editor (as the admin
 * types) and the game: errors make a module unplayable; warnings point at
 * content that can never matter (and whether the module can be won at all).
 * Every message is one of check-messages.ts (or module-messages.ts, the schema's);
 * problemPlace says where, in the editor's words.
 */
import { MODULE_MAX_ITEMS } from '@airman/contracts/constants.ts';
import { DEFAULT_GAME_RECORD, moduleSchema, type Module } from '@airman/contracts/module.ts';
import { isGoal } from './game-state.ts';
import { say } from './check-messages.ts';
import { blockerOf, reach, whyNeverDone } from './reach.ts';
import { solve, type SolveOptions } from './solver.ts';

export interface Problem {
  path: (string | number)[];
  message: string;
  severity: 'error' | 'warning';
}

function duplicates(names: string[]): Set<string> {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const n of names) (seen.has(n) ? dup : seen).add(n);
  return dup;
}

/** Problems of shape and references (no search). */
export function validateStructure(input: unknown): Problem[] {
  const parsed = moduleSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => ({
      path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      message: i.message,
      severity: 'error',
    }));
  }
  const m = parsed.data;
  const problems: Problem[] = [];
  const error = (path: Problem['path'], message: string) => problems.push({ path, message, severity: 'error' });
  const warn = (path: Problem['path'], message: string) => problems.push({ path, message, severity: 'warning' });
  const gauges = new Set(Object.keys(m.starting_gauges));
  const objectives = new Set(m.objectives.map((o) => o.name));
  const checkLater = (at: Problem['path'], later: Module['actions'][number]['later']) =>
    (later ?? []).forEach((l, k) => {
      for (const g of Object.keys(l.results ?? {}))
        if (!gauges.has(g)) error([...at, 'later', k, 'results', g], say('unknownGauge', { gauge: g }));
      if (l.in_days >= m.days)
        warn([...at, 'later', k, 'in_days'], say('laterTooLate', { in_days: l.in_days, days: m.days }));
    });

  for (const d of duplicates(m.objectives.map((o) => o.name)))
    error(['objectives'], say('duplicateObjective', { name: d }));
  for (const d of duplicates(m.actions.map((a) => a.name))) error(['actions'], say('duplicateAction', { name: d }));
  // The pickers offer the default record's 'None' as "no module": a module of that name would look like it.
  if (m.game_title.trim() === DEFAULT_GAME_RECORD.game_title) {
    warn(['game_title'], say('noneTitle'));
  }
  if (gauges.size === 0) warn(['starting_gauges'], say('noGauges'));

  const choices = (m.events ?? []).flatMap((e) => e.choices);
  const added = new Set([
    ...m.actions.flatMap((a) => a.changes_objectives.add),
    ...choices.flatMap((c) => c.changes_objectives?.add ?? []),
  ]);
  const completed = new Set([
    ...m.actions.flatMap((a) => a.changes_objectives.remove),
    ...choices.flatMap((c) => c.changes_objectives?.remove ?? []),
  ]);
  const items = new Set([
    ...m.actions.flatMap((a) => a.changes_inventory.add),
    ...choices.flatMap((c) => c.changes_inventory?.add ?? []),
  ]);
  const named = new Set([
    ...items,
    ...m.actions.flatMap((a) => a.changes_inventory.remove),
    ...choices.flatMap((c) => c.changes_inventory?.remove ?? []),
  ]);
  if (named.size > MODULE_MAX_ITEMS) error([], say('tooManyItems', { count: named.size, max: MODULE_MAX_ITEMS }));

  for (const field of ['daily_change', 'healthy_range'] as const) {
    for (const g of Object.keys(m[field] ?? {}))
      if (!gauges.has(g)) error([field, g], say('unknownGauge', { gauge: g }));
  }
  for (const g of Object.keys(m.lessons ?? {})) {
    if (!gauges.has(g)) error(['lessons', g], say('unknownGauge', { gauge: g }));
    else if (!Object.hasOwn(m.healthy_range ?? {}, g)) warn(['lessons', g], say('lessonNoRange', { gauge: g }));
  }
  for (const [g, [min, max]] of Object.entries(m.healthy_range ?? {})) {
    const startAt = m.starting_gauges[g];
    if (min === 0 && max === 100) warn(['healthy_range', g], say('rangeCoversAll'));
    else if (startAt !== undefined && (startAt < min || startAt > max))
      warn(['healthy_range', g], say('startOutsideRange', { start: startAt, min, max }));
  }
  for (const d of duplicates((m.events ?? []).map((e) => e.name)))
    error(['events'], say('duplicateEvent', { name: d }));
  (m.events ?? []).forEach((e, i) => {
    (e.required_objectives ?? []).forEach((o, j) => {
      if (!objectives.has(o)) error(['events', i, 'required_objectives', j], say('unknownObjective', { objective: o }));
    });
    if (e.days[0] > m.days) warn(['events', i, 'days'], say('eventTooLate', { day: e.days[0], days: m.days }));
    if (e.chance === 0) warn(['events', i, 'chance'], say('eventNoChance'));
    e.choices.forEach((c, j) => {
      const at = ['events', i, 'choices', j];
      for (const g of Object.keys(c.results ?? {}))
        if (!gauges.has(g)) error([...at, 'results', g], say('unknownGauge', { gauge: g }));
      (['add', 'remove'] as const).forEach((kind) =>
        (c.changes_objectives?.[kind] ?? []).forEach((o, k) => {
          if (!objectives.has(o))
            error([...at, 'changes_objectives', kind, k], say('unknownObjective', { objective: o }));
        }),
      );
    });
    e.choices.forEach((c, j) => checkLater(['events', i, 'choices', j], c.later));
    // An event must never leave the player stuck: one choice needs no item.
    if (!e.choices.some((c) => (c.changes_inventory?.remove.length ?? 0) === 0)) {
      error(['events', i, 'choices'], say('eventNoFreeChoice'));
    }
  });

  m.actions.forEach((a, i) => {
    for (const g of Object.keys(a.results))
      if (!gauges.has(g)) error(['actions', i, 'results', g], say('unknownGauge', { gauge: g }));
    checkLater(['actions', i], a.later);
    a.required_objectives.forEach((o, j) => {
      if (!objectives.has(o))
        error(['actions', i, 'required_objectives', j], say('unknownObjective', { objective: o }));
    });
    (['add', 'remove'] as const).forEach((kind) =>
      a.changes_objectives[kind].forEach((o, j) => {
        if (!objectives.has(o))
          error(['actions', i, 'changes_objectives', kind, j], say('unknownObjective', { objective: o }));
      }),
    );
    if (a.token_cost > m.daily_time_tokens) {
      warn(['actions', i, 'token_cost'], say('actionTooCostly', { tokens: m.daily_time_tokens }));
    }
    a.changes_inventory.remove.forEach((item, j) => {
      if (!items.has(item)) warn(['actions', i, 'changes_inventory', 'remove', j], say('itemNeverGiven', { item }));
    });
  });
  // What no line of play can ever do, and why: the move that would do it and what blocks that move.
  const r = reach(m);
  m.actions.forEach((a, i) => {
    const source = r.sources.find((s) => s.kind === 'action' && s.index === i);
    const why = source && !a.disabled ? blockerOf(m, r, source) : undefined;
    // An item nothing gives is named above, on the item.
    if (why !== undefined && why.key !== 'whyNeverGiven')
      warn(['actions', i], say('actionNeverTaken', { why: why.text }));
  });
  m.objectives.forEach((o, i) => {
    if (!o.active && !added.has(o.name) && !completed.has(o.name)) warn(['objectives', i], say('objectiveNeverActive'));
    // A goal never done is the solver's verdict (validate below, the editor's Check): named there, once.
    else if ((o.active || added.has(o.name)) && !isGoal(o)) {
      const why = whyNeverDone(m, r, o.name);
      if (why !== undefined) warn(['objectives', i], why);
    }
  });
  return problems;
}

/** Every problem, including whether the module can be won (a warning, from the solver). */
export function validate(input: unknown, options: SolveOptions = {}): Problem[] {
  const problems = validateStructure(input);
  if (problems.some((p) => p.severity === 'error')) return problems;
  const verdict = solve(input as Module, options);
  if (verdict.winnable === false)
    problems.push({ path: [], message: say('cannotBeWon', { reason: verdict.reason }), severity: 'warning' });
  if (verdict.winnable === 'unknown')
    problems.push({ path: [], message: say('mayNotBeWinnable', { reason: verdict.reason }), severity: 'warning' });
  return problems;
}
