/**
 * Module validation shared by the server (saving), the editor (as the admin
 * types) and the game: errors make a module unplayable; warnings point at
 * content that can never matter (and whether the module can be won at all).
 */
import { DEFAULT_GAME_RECORD, moduleSchema, type Module } from '@airman/contracts/module.ts';
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
    return parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message, severity: 'error' }));
  }
  const m = parsed.data;
  const problems: Problem[] = [];
  const error = (path: Problem['path'], message: string) => problems.push({ path, message, severity: 'error' });
  const warn = (path: Problem['path'], message: string) => problems.push({ path, message, severity: 'warning' });
  const gauges = new Set(Object.keys(m.starting_gauges));
  const objectives = new Set(m.objectives.map((o) => o.name));

  for (const d of duplicates(m.objectives.map((o) => o.name))) error(['objectives'], `duplicate objective '${d}'`);
  for (const d of duplicates(m.actions.map((a) => a.name))) error(['actions'], `duplicate action '${d}'`);
  // The pickers offer the default record's 'None' as "no module": a module of that name would look like it.
  if (m.game_title.trim() === DEFAULT_GAME_RECORD.game_title) {
    warn(['game_title'], `'${DEFAULT_GAME_RECORD.game_title}' is what the module pickers show for no module: give the module its own title`);
  }
  if (gauges.size === 0) warn(['starting_gauges'], 'no gauges: nothing can fail the run');

  const added = new Set(m.actions.flatMap((a) => a.changes_objectives.add));
  const completed = new Set(m.actions.flatMap((a) => a.changes_objectives.remove));
  const items = new Set(m.actions.flatMap((a) => a.changes_inventory.add));

  m.actions.forEach((a, i) => {
    for (const g of Object.keys(a.results)) if (!gauges.has(g)) error(['actions', i, 'results', g], `unknown gauge '${g}'`);
    a.required_objectives.forEach((o, j) => {
      if (!objectives.has(o)) error(['actions', i, 'required_objectives', j], `unknown objective '${o}'`);
    });
    (['add', 'remove'] as const).forEach((kind) =>
      a.changes_objectives[kind].forEach((o, j) => {
        if (!objectives.has(o)) error(['actions', i, 'changes_objectives', kind, j], `unknown objective '${o}'`);
      }),
    );
    if (a.token_cost > m.daily_time_tokens) {
      warn(['actions', i, 'token_cost'], `costs ${a.token_cost} tokens but a day has only ${m.daily_time_tokens}: it can never be taken`);
    }
    a.changes_inventory.remove.forEach((item, j) => {
      if (!items.has(item)) warn(['actions', i, 'changes_inventory', 'remove', j], `no action gives '${item}': this action can never be taken`);
    });
  });
  m.objectives.forEach((o, i) => {
    if (!o.active && !added.has(o.name)) warn(['objectives', i], `'${o.name}' is never activated by any action`);
    if ((o.active || added.has(o.name)) && !completed.has(o.name)) {
      warn(['objectives', i], `'${o.name}' can never be completed: no action removes it`);
    }
  });
  return problems;
}

/** Every problem, including whether the module can be won (a warning, from the solver). */
export function validate(input: unknown, options: SolveOptions = {}): Problem[] {
  const problems = validateStructure(input);
  if (problems.some((p) => p.severity === 'error')) return problems;
  const verdict = solve(input as Module, options);
  if (verdict.winnable === false) problems.push({ path: [], message: `cannot be won: ${verdict.reason}`, severity: 'warning' });
  if (verdict.winnable === 'unknown') problems.push({ path: [], message: `could not decide whether it can be won: ${verdict.reason}`, severity: 'warning' });
  return problems;
}
