/** Words for what a move does, shared by the canvas and the Game controls: a choice shows its cost before it is made. */
import type { AddRemove } from '@airman/contracts/module.ts';

export interface MoveEffects {
  token_cost?: number | undefined;
  results?: Readonly<Record<string, number>> | undefined;
  next_day_tokens?: number | undefined;
  changes_inventory?: AddRemove | undefined;
  changes_objectives?: AddRemove | undefined;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** 'costs 2 tokens; mental +4, social −2; tomorrow +4 tokens; uses Fitness plan; completes Pass the PT test'. */
export function describeEffects(e: MoveEffects): string {
  const parts: string[] = [];
  const cost = e.token_cost ?? 0;
  parts.push(cost === 0 ? 'no time' : `${cost} token${cost === 1 ? '' : 's'}`);
  const gauges = Object.entries(e.results ?? {}).filter(([, v]) => v !== 0);
  if (gauges.length > 0) parts.push(gauges.map(([g, v]) => `${g} ${signed(v)}`).join(', '));
  if (e.next_day_tokens) parts.push(`tomorrow ${signed(e.next_day_tokens)} tokens`);
  if (e.changes_inventory?.add.length) parts.push(`gives ${e.changes_inventory.add.join(', ')}`);
  if (e.changes_inventory?.remove.length) parts.push(`uses ${e.changes_inventory.remove.join(', ')}`);
  if (e.changes_objectives?.remove.length) parts.push(`completes ${e.changes_objectives.remove.join(', ')}`);
  return parts.join('; ');
}

/** 'mental +4, social −2' between two gauge tables, or '' when nothing moved. */
export function gaugeChanges(before: Readonly<Record<string, number>>, after: Readonly<Record<string, number>>): string {
  return Object.entries(after)
    .map(([g, v]) => [g, v - (before[g] ?? 0)] as const)
    .filter(([, d]) => d !== 0)
    .map(([g, d]) => `${g} ${signed(d)}`)
    .join(', ');
}
