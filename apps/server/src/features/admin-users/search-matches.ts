/**
 * A search's matches kept in memory: the ordered (sort key, id) pairs of the
 * users a term matches, valid while user_search_version stays the same
 * (migration 0011: it grows with every committed change to user_search).
 *
 * Why: a page of a search sorts all its matches (a common term such as 'smi'
 * matches 5,000 of 100,000 users, scattered over the whole table) and its total
 * counts them: milliseconds of database work per request whichever plan is used. With
 * the matches at hand a page is a slice, and the database reads only the 50
 * users' JSON by primary key, in the same statement as the version that says
 * whether the slice is still right. A page is never answered from matches that
 * the database says are out of date: it reloads them, or falls back to the
 * search statement.
 *
 * Each match keeps its unit_path when it is a trainee (role 'user'), so a unit
 * administrator's page of a term is the same slice of the kept matches,
 * narrowed to the sub-trees of its units (lib/scope.ts).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { USER_PAGE_SIZE } from '@airman/contracts/constants.ts';
import type { Database, Db } from '#db/database.ts';
import { userSearch, userSearchVersion } from '#db/schema.ts';
import { currentAdminSql, type CallerClaims } from '#auth/usable-account.ts';

/** A term matching more users than this is searched in the database each time. */
export const MAX_KEPT_MATCHES = 20_000;
/** Matches kept across all terms (~100 bytes each in memory). */
export const KEPT_MATCHES_BUDGET = 100_000;
/** Terms kept (those with too many matches are kept too, as such, and hold no matches). */
const KEPT_TERMS = 1_000;

interface Matches {
  version: number;
  /** Sort keys and ids in page order; undefined: more than MAX_KEPT_MATCHES. */
  keys?: string[];
  ids?: string[];
  /** Each match's unit_path when it is a trainee (role 'user'), else null: what a unit administrator's scope reaches. */
  paths?: (string | null)[];
}

export interface MatchedPage {
  total: number;
  /** The page's users' JSON, comma-separated, in page order. */
  listings: string;
  /** Where the next page starts, when there is one. */
  next?: { key: string; id: string };
}

/**
 * The page's users by id, in the given order, each row with the version of the
 * same snapshot. A user deleted since has no row (and the version moved).
 */
export const SEARCH_PAGE_SQL = `SELECT (SELECT n FROM user_search_version WHERE id = 1) AS version, u.listing
FROM unnest($1::text[]) WITH ORDINALITY AS p(id, ord) JOIN users u ON u.id = p.id ORDER BY p.ord`;
/**
 * The same, with whether the caller's account is a current admin, for a page
 * whose statement checks its caller itself (auth/usable-account.ts, currentAdminSql;
 * $2, $3: the caller's user_id and tv claims). A column, not a filter: a
 * refused caller must not look like users gone missing.
 */
export const CHECKED_SEARCH_PAGE_SQL = `SELECT (SELECT n FROM user_search_version WHERE id = 1) AS version, ${currentAdminSql('$2', '$3')} AS caller_ok, u.listing
FROM unnest($1::text[]) WITH ORDINALITY AS p(id, ord) JOIN users u ON u.id = p.id ORDER BY p.ord`;
/** The version alone, for a page with no user (no match, or past the end). */
const VERSION_SQL = 'SELECT n AS version FROM user_search_version WHERE id = 1';

export type LoadMatches = (search: string) => Promise<{ version: number; matches: string }[]>;

/**
 * The matches statement: one row, the version and every matching user's
 * `[sort key, id, unit_path of a trainee or null]` in page order as one JSON text (one more than can be kept:
 * any one more says there are too many, so the inner read has no order that
 * could tempt the planner to walk user_search in page order). One text rather
 * than a row per match: 5,000 rows cost more to send and map than to build and
 * parse one text. `where` is the search condition (features/admin-users/list-users.ts).
 */
export function matchesStatement(q: Db, where: SQL) {
  const found = sql`SELECT ${userSearch.sort_key} AS key, ${userSearch.id} AS id,
    CASE WHEN ${userSearch.role} = 'user' THEN ${userSearch.unit_path} END AS path
    FROM ${userSearch} WHERE ${where} LIMIT ${MAX_KEPT_MATCHES + 1}`;
  return (
    q
      .select({
        version: userSearchVersion.n,
        matches: sql<string>`(SELECT coalesce(json_agg(json_build_array(f.key, f.id, f.path) ORDER BY f.key, f.id), '[]')::text FROM (${found}) f)`,
      })
      .from(userSearchVersion)
      // By its key: with sequential scans off (withSearchPlan) a scan of this
      // one-row table would be costed so high that PostgreSQL would compile the
      // statement (JIT), which costs more than the statement itself.
      .where(eq(userSearchVersion.id, 1))
  );
}

export class SearchMatches {
  readonly #entries = new Map<string, Matches>();
  readonly #loading = new Map<string, Promise<Matches>>();
  #kept = 0;
  /** The highest version any read has shown: entries below it are out of date. */
  #latest = 0;

  constructor(
    private readonly database: Database,
    private readonly load: LoadMatches,
    private readonly limits = { perTerm: MAX_KEPT_MATCHES, total: KEPT_MATCHES_BUDGET, terms: KEPT_TERMS },
  ) {}

  /**
   * A page of the search from its kept matches, or undefined when the
   * database must answer it (too many matches, a cursor that is not among
   * them, or matches that went out of date twice in a row). Given a caller
   * (PostgreSQL, an admin's token not yet checked), the page's statement also
   * checks the account, and anything but a page it confirmed is undefined:
   * the caller then authenticates the ordinary way and asks again. Given
   * `within` (the unit_path of each unit a unit administrator administers), only
   * the trainees of those units' sub-trees are the matches.
   */
  async page(
    search: string,
    cursor: { key: string; id: string } | undefined,
    caller?: CallerClaims,
    within?: readonly string[],
  ): Promise<MatchedPage | undefined> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const matches = await this.#matches(search);
      const { keys, ids } = within ? narrowed(matches, within) : matches;
      if (!keys || !ids) return undefined;
      const start = cursor ? indexOf(keys, ids, cursor) + 1 : 0;
      if (start === 0 && cursor) return undefined;
      const pageIds = ids.slice(start, start + USER_PAGE_SIZE);
      const { version, listings, callerOk } = await this.#read(pageIds, caller);
      // Refused, or no row to say: decided the ordinary way, and nothing kept is dropped for it.
      if (caller && callerOk !== true) return undefined;
      if (version !== undefined) this.#saw(version);
      if (version === matches.version && listings.length === pageIds.length) {
        const end = start + USER_PAGE_SIZE;
        const lastKey = keys[end - 1];
        const lastId = ids[end - 1];
        const next =
          end < ids.length && lastKey !== undefined && lastId !== undefined ? { key: lastKey, id: lastId } : undefined;
        return { total: ids.length, listings: listings.join(','), next };
      }
      this.#drop(search, matches);
    }
    return undefined;
  }

  /**
   * The users' JSON in page order, and the version (undefined when none of them
   * is left); with a caller, whether the account is a current admin (undefined
   * when no row says).
   */
  async #read(
    pageIds: string[],
    caller?: CallerClaims,
  ): Promise<{ version: number | undefined; listings: string[]; callerOk?: boolean }> {
    if (pageIds.length === 0) {
      const [row] = await this.database.query<{ version: number }>(VERSION_SQL, [], 'users_search_version');
      return { version: row?.version, listings: [] };
    }
    if (caller) {
      const rows = await this.database.query<{ version: number; caller_ok: boolean; listing: string }>(
        CHECKED_SEARCH_PAGE_SQL,
        [pageIds, caller.user_id, caller.tv],
        'users_search_page_checked',
      );
      return { version: rows[0]?.version, listings: rows.map((r) => r.listing), callerOk: rows[0]?.caller_ok };
    }
    const rows = await this.database.query<{ version: number; listing: string }>(
      SEARCH_PAGE_SQL,
      [pageIds],
      'users_search_page',
    );
    return { version: rows[0]?.version, listings: rows.map((r) => r.listing) };
  }

  #saw(version: number): void {
    if (version <= this.#latest) return;
    this.#latest = version;
    for (const [search, matches] of this.#entries) {
      if (matches.version < version) this.#drop(search, matches);
    }
  }

  #drop(search: string, matches: Matches): void {
    if (this.#entries.get(search) !== matches) return;
    this.#entries.delete(search);
    this.#kept -= matches.ids?.length ?? 0;
  }

  async #matches(search: string): Promise<Matches> {
    const kept = this.#entries.get(search);
    if (kept) {
      // Most recently used last: the budget evicts from the front.
      this.#entries.delete(search);
      this.#entries.set(search, kept);
      return kept;
    }
    const loading = this.#loading.get(search);
    if (loading) return loading;
    const promise = this.#loadAndKeep(search).finally(() => this.#loading.delete(search));
    this.#loading.set(search, promise);
    return promise;
  }

  async #loadAndKeep(search: string): Promise<Matches> {
    const [row] = await this.load(search);
    const version = row?.version ?? 0;
    const found = JSON.parse(row?.matches ?? '[]') as [string, string, string | null][];
    const keys = found.map((p) => p[0]);
    const ids = found.map((p) => p[1]);
    const paths = found.map((p) => p[2] ?? null);
    const matches: Matches = ids.length > this.limits.perTerm ? { version } : { version, keys, ids, paths };
    if (version < this.#latest) return matches;
    const size = matches.ids?.length ?? 0;
    for (const [oldest, old] of this.#entries) {
      if (this.#kept + size <= this.limits.total && this.#entries.size < this.limits.terms) break;
      this.#drop(oldest, old);
    }
    this.#entries.set(search, matches);
    this.#kept += size;
    return matches;
  }
}

/**
 * The matches that are trainees within the sub-trees whose unit_paths are `within` (a sub-tree
 * is the paths that start with its own: lib/unit-tree.ts's range); none when `within` is empty.
 */
function narrowed(matches: Matches, within: readonly string[]): Pick<Matches, 'keys' | 'ids'> {
  const { keys, ids, paths } = matches;
  if (!keys || !ids || !paths) return {};
  const tops = within.filter((top) => top !== '');
  const inside: number[] = [];
  paths.forEach((path, i) => {
    if (path !== null && tops.some((top) => path.startsWith(top))) inside.push(i);
  });
  return { keys: inside.map((i) => keys[i]!), ids: inside.map((i) => ids[i]!) };
}

/** Position of the cursor's user among the matches (ids are unique), -1 when not there. */
function indexOf(keys: string[], ids: string[], cursor: { key: string; id: string }): number {
  const i = ids.indexOf(cursor.id);
  return i !== -1 && keys[i] === cursor.key ? i : -1;
}
