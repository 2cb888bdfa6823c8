/**
 * What a unit administrator may reach (docs/security.md, "Roles"): the trainees (role 'user') of its
 * units and of every unit under them. Outside that, a user is answered as if it did not exist (404),
 * a unit is refused (403), and nothing is changed. A full administrator's scope is null: no limit.
 */
import { isUnitWithin } from '@airman/contracts/units.ts';
import type { Database } from '#db/database.ts';
import { HttpError } from './http-error.ts';
import { unitsTreeSql } from './unit-tree.ts';

export type Scope = readonly string[] | null;

/** The users of a scope as a condition on a user_search row `s` (its role and unit_path). */
export function scopeSql(alias: string, scope: readonly string[], add: (value: unknown) => string): string {
  return `(${alias}.role = 'user' AND ${unitsTreeSql(`${alias}.unit_path`, scope, add)})`;
}

/** The ids of these users that are outside the scope (none for a full administrator); unknown ids count as outside. */
export async function outsideScope(database: Database, scope: Scope, ids: readonly string[]): Promise<string[]> {
  if (scope === null || ids.length === 0) return [];
  const params: unknown[] = [ids];
  const add = (value: unknown) => `$${params.push(value)}`;
  const inside = await database.query<{ id: string }>(
    `SELECT s.id FROM user_search s WHERE s.id = ANY($1::text[]) AND ${scopeSql('s', scope, add)}`,
    params,
  );
  const found = new Set(inside.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** 404 unless the user is within the scope: a unit administrator never learns who is outside it. */
export async function assertUserInScope(database: Database, scope: Scope, id: string): Promise<void> {
  if ((await outsideScope(database, scope, [id])).length > 0) throw new HttpError(404, 'No such user');
}

/** 403 unless the unit is within the scope (the unit of an invitee, or a user's new unit). */
export function assertUnitInScope(scope: Scope, unit: string, field = 'unit'): void {
  if (scope === null) return;
  if (!scope.some((top) => isUnitWithin(unit, top)))
    throw new HttpError(403, `${field}: '${unit}' is not one of the units you administer (${scope.join(', ')})`);
}
