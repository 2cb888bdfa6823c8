/**
 * GET admin/units: the units users are in as a tree (packages/contracts/src/units.ts), each with its
 * number of users and with those under it, for the unit filter of the users list and of Progress.
 * Read from user_search (one narrow row per user, registered and pending): on PostgreSQL an
 * index-only walk of user_search_unit_rank_idx, grouped as it goes, so the users cost one pass
 * over that index and no table (docs/benchmarks.md, "The unit filter's list"); the tree is built
 * from the distinct units. A unit administrator's list holds only its scope's units.
 */
import { UNITS_LIMIT, type UnitsResponse } from '@airman/contracts/api.ts';
import { unitTree } from '@airman/contracts/units.ts';
import type { Database } from '#db/database.ts';
import { unitsTreeSql } from '#lib/unit-tree.ts';

export const UNITS_SQL = `SELECT unit, count(*)::int AS users FROM user_search WHERE unit <> ''
  GROUP BY unit ORDER BY lower(unit), unit COLLATE "C" LIMIT $1`;

/** The units of the users, or with `scope` those of its units' sub-trees only. */
export async function listUnits(database: Database, scope?: readonly string[]): Promise<UnitsResponse> {
  const params: unknown[] = [UNITS_LIMIT];
  const add = (value: unknown) => `$${params.push(value)}`;
  const sql = scope
    ? `SELECT unit, count(*)::int AS users FROM user_search WHERE unit <> '' AND ${unitsTreeSql('unit_path', scope, add)}
       GROUP BY unit ORDER BY lower(unit), unit COLLATE "C" LIMIT $1`
    : UNITS_SQL;
  return { units: unitTree(await database.query<{ unit: string; users: number }>(sql, params)) };
}
