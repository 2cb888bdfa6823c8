/** PostgreSQL's plans of statements, for tests of which tables and indexes a statement reads. */

/** A node of a plan as EXPLAIN (FORMAT JSON) gives it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of the plan under `n`, `n` first. */
export const planNodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(planNodes)];

/** The plan in the one row EXPLAIN (FORMAT JSON) returns: its cell is text or parsed JSON, by driver. */
export function explained(row: Record<string, unknown> | undefined): PlanNode {
  const cell = Object.values(row ?? {})[0];
  return ((typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }])[0].Plan;
}
