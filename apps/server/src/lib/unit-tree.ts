/**
 * A unit filter as SQL: the unit and every unit under it (packages/contracts/src/units.ts). The
 * tables the filters read carry unit_path (migration 0039), a key whose sub-tree is one range in
 * "C" order, so the filter is an index range scan whatever the depth.
 */

/**
 * `column` (a unit_path column) within the unit's sub-tree; `add` appends the unit to the
 * statement's parameters and answers its placeholder. No text: the users of no unit.
 */
export function unitTreeSql(column: string, unit: string, add: (value: unknown) => string): string {
  if (unit.trim() === '') return `${column} = ''`;
  const p = add(unit);
  return `(${column} >= unit_path(${p}::text) COLLATE "C" AND ${column} < unit_path_end(${p}::text) COLLATE "C")`;
}

/** `column` within any of the units' sub-trees (a unit administrator's scope); none: false. */
export function unitsTreeSql(column: string, units: readonly string[], add: (value: unknown) => string): string {
  const each = units.filter((u) => u.trim() !== '').map((u) => unitTreeSql(column, u, add));
  return each.length ? `(${each.join(' OR ')})` : 'false';
}
