/**
 * Words for what a move does and what it changed, shared by every screen: a
 * choice shows its cost before it is made, and each change is announced.
 */
import type { Action, Later } from '@airman/contracts/module.ts';
import { visibleObjectives, type GameState } from '@airman/engine/game-state.ts';

/** What a move does: the fields of an action (or of an event's choice, which has no cooldown) that change a run. */
export type MoveEffects = Partial<
  Pick<
    Action,
    'token_cost' | 'set_cooldown' | 'results' | 'next_day_tokens' | 'changes_inventory' | 'changes_objectives' | 'later'
  >
>;

/** A gauge's name as shown: its first letter in capitals ('mental' → 'Mental'). */
export function gaugeLabel(name: string): string {
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
}

/** '1 token', '3 tokens': a count with its noun, singular for one. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** '+8', '−2' (a true minus sign), '0'. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** 'once a day', 'once a week', 'once every 3 days', or '' when it can be repeated. */
export function cooldownWords(days: number | undefined): string {
  if (!days) return '';
  if (days === 1) return 'once a day';
  if (days === 7) return 'once a week';
  return `once every ${days} days`;
}

/** '+8 Physical −2 Social' for a results table, '' when it changes no gauge. */
export function resultWords(results: Readonly<Record<string, number>> | undefined): string {
  return Object.entries(results ?? {})
    .filter(([, v]) => v !== 0)
    .map(([g, v]) => `${signed(v)} ${gaugeLabel(g)}`)
    .join(' ');
}

/**
 * '+8 Physical −2 Social · 2 tokens · once a day · tomorrow +4 tokens · gives
 * Fitness plan · uses Meal card · completes Pass the PT test'. `left`: the
 * days still to come after today; what falls after the last day says so.
 */
export function describeEffects(e: MoveEffects, left = Infinity): string {
  const parts: string[] = [];
  const gauges = resultWords(e.results);
  if (gauges) parts.push(gauges);
  const cost = e.token_cost ?? 0;
  parts.push(cost === 0 ? 'no time' : plural(cost, 'token'));
  const cooldown = cooldownWords(e.set_cooldown);
  if (cooldown) parts.push(cooldown);
  if (e.next_day_tokens && left > 0)
    parts.push(`tomorrow ${signed(e.next_day_tokens)} ${Math.abs(e.next_day_tokens) === 1 ? 'token' : 'tokens'}`);
  if (e.changes_inventory?.add.length) parts.push(`gives ${counted(e.changes_inventory.add)}`);
  if (e.changes_inventory?.remove.length) parts.push(`uses ${counted(e.changes_inventory.remove)}`);
  if (e.changes_objectives?.remove.length) parts.push(`completes ${e.changes_objectives.remove.join(', ')}`);
  for (const later of e.later ?? []) parts.push(`later: ${laterWords(later, left)}`);
  return parts.join(' · ');
}

/** 'tomorrow' or 'in 3 days'. */
export function inDays(days: number): string {
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

/**
 * What a delayed consequence does and when: '−6 Physical −3 Mental, −2 tokens
 * tomorrow', or '… after the last day' when it falls beyond the `left` days to come.
 */
export function laterWords(later: Pick<Later, 'in_days' | 'results' | 'next_day_tokens'>, left = Infinity): string {
  return `${landingEffects(later)} ${later.in_days > left ? 'after the last day' : inDays(later.in_days)}`;
}

/** What a consequence does when it lands: '−6 Physical −3 Mental, −2 tokens' ('no change' when nothing). */
export function landingEffects(e: Pick<Later, 'results' | 'next_day_tokens'>): string {
  const parts: string[] = [];
  const gauges = resultWords(e.results);
  if (gauges) parts.push(gauges);
  const tokens = e.next_day_tokens ?? 0;
  if (tokens) parts.push(`${signed(tokens)} token${Math.abs(tokens) === 1 ? '' : 's'}`);
  return parts.join(', ') || 'no change';
}

/** 'Fitness plan, Conditioning ×3' for a list of items that may repeat. */
function counted(items: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([item, n]) => (n > 1 ? `${item} ×${n}` : item)).join(', ');
}

/** 'Mental +4, Social −2' between two gauge tables, or '' when nothing moved. */
export function gaugeChanges(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
): string {
  return Object.entries(after)
    .map(([g, v]) => [g, v - (before[g] ?? 0)] as const)
    .filter(([, d]) => d !== 0)
    .map(([g, d]) => `${gaugeLabel(g)} ${signed(d)}`)
    .join(', ');
}

/**
 * Everything a move changed, in sentences: gauges, objectives done or newly
 * shown, items gained or used ('Mental +4, Social −2. Objective done: Pass the
 * PT test. New objective: Mentor a new Airman. Gained: Fitness plan.').
 */
export function describeChanges(before: GameState, after: GameState): string {
  const sentences: string[] = [];
  const gauges = gaugeChanges(before.gauges, after.gauges);
  if (gauges) sentences.push(gauges);
  const seen = new Map(visibleObjectives(before).map((o) => [o.name, o.status]));
  const done: string[] = [];
  const shown: string[] = [];
  for (const o of visibleObjectives(after)) {
    const was = seen.get(o.name);
    if (o.status === 'complete' && was !== 'complete') done.push(o.name);
    else if (was === undefined || (was === 'inactive' && o.status === 'active')) shown.push(o.name);
  }
  if (done.length) sentences.push(`Objective done: ${done.join(', ')}`);
  if (shown.length) sentences.push(`New objective: ${shown.join(', ')}`);
  const gained: string[] = [];
  const used: string[] = [];
  for (const item of new Set([...Object.keys(before.inventory), ...Object.keys(after.inventory)])) {
    const d = (after.inventory[item] ?? 0) - (before.inventory[item] ?? 0);
    if (d > 0) gained.push(d > 1 ? `${item} ×${d}` : item);
    if (d < 0) used.push(-d > 1 ? `${item} ×${-d}` : item);
  }
  if (gained.length) sentences.push(`Gained: ${gained.join(', ')}`);
  if (used.length) sentences.push(`Used: ${used.join(', ')}`);
  return sentences.map((s) => `${s}.`).join(' ');
}
