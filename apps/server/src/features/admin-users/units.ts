/**
 * GET admin/units: the units users are in, each with its number of users, for
 * the unit filter of the users list and of Progress. Read from user_search (one
 * narrow row per user, registered and pending): on PostgreSQL an index-only walk
 * of user_search_unit_rank_idx, grouped as it goes, so the users cost one pass
 * over that index and no table (docs/benchmarks.md, "The unit filter's list").
 */
import { UNITS_LIMIT, type UnitsResponse } from '@airman/contracts/api.ts';
import type { Database } from '#db/database.ts';

export const UNITS_SQL = `SELECT unit, count(*)::int AS users FROM user_search WHERE unit <> ''
  GROUP BY unit ORDER BY lower(unit), unit COLLATE "C" LIMIT $1`;

export async function listUnits(database: Database): Promise<UnitsResponse> {
  return { units: await database.query<UnitsResponse['units'][number]>(UNITS_SQL, [UNITS_LIMIT]) };
}
