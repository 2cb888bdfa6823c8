/**
 * The users page: sorted by name (last name, first name, e-mail, case-insensitive;
 * ties by id) with an opaque keyset cursor, optional search over first name, last
 * name and e-mail. Both use indexes: users_name_order_idx, and the trigram user_search_trgm_idx
 * on the narrow user_search table (one row per user, kept by a trigger). A
 * search term's matches are kept in memory while user_search is unchanged
 * (search-matches.ts).
 * Why it is built so: docs/decisions/005-users-list-at-scale.md; figures in docs/benchmarks.md.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { UsersQuery } from '@airman/contracts/api.ts';
import { USER_PAGE_SIZE } from '@airman/contracts/constants.ts';
import { transaction, type Database, type Db } from '#db/database.ts';
import { versionedCache } from '#lib/versioned-cache.ts';
import { NAME_ORDER_SQL, userCount, userSearch, users } from '#db/schema.ts';
import { HttpError } from '#lib/http-error.ts';
import { currentAdminSql, type CallerClaims } from '#auth/usable-account.ts';
import { MAX_KEPT_MATCHES, matchesStatement, SearchMatches } from './search-matches.ts';
import { scopeSql } from '#lib/scope.ts';
import { unitPath } from '@airman/contracts/units.ts';
import {
  decodeCursor as decodeFilteredCursor,
  encodeCursor as encodeFilteredCursor,
  filteredUsersPage,
  isFiltered,
  type FilterQuery,
} from './filtered-users.ts';

// The cursor carries the sort key as the database computed it: JavaScript's
// toLowerCase differs from PostgreSQL's lower() ('Σ', 'İ', …), and a key that
// is off by one character skips or repeats rows.
function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      return { key: value[0], id: value[1] };
    }
  } catch {
    // fall through
  }
  throw new HttpError(400, 'cursor: invalid cursor');
}

/** LIKE pattern for a substring, wildcards in the text escaped (lower-cased by the database, like the column). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What pg_trgm can take from a LIKE pattern: three word characters in a row. */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

interface PageRow {
  /** The user's JSON (users.listing, kept by triggers). */
  listing: string;
  key: string;
  id: string;
  total: number;
}

/** What a users page depends on (the route's schema has parsed it). */
type PageQuery = Pick<UsersQuery, 'cursor'> & FilterQuery;

/**
 * The users page as JSON text: `{count, users, cursor?}`. Built by joining the
 * users' stored JSON, so a page costs no row mapping and no serialization.
 */
export interface ListUsers {
  /** The page, for a caller already authenticated as an admin. */
  (query: PageQuery): Promise<string>;
  /**
   * PostgreSQL only: the page for a token that claims an admin, with the
   * account checked in the page's own statement (plugins/auth.ts,
   * currentAdminSql) instead of read first: the unfiltered pages, and a
   * search's pages from its kept matches (features/admin-users/search-matches.ts). Undefined
   * when that statement does not confirm the caller (not a current admin, or
   * no row to show) or the page needs another statement: the caller then
   * authenticates the ordinary way, which says why, and asks again.
   */
  checkingCaller?(query: PageQuery, caller: CallerClaims): Promise<string | undefined>;
  /**
   * A unit administrator's page (`scope`: its units): the trainees of its units' sub-trees. A
   * search's pages come from the term's kept matches narrowed to the scope, as a full
   * administrator's come from them; the rest from the filtered pages (filtered-users.ts), whose
   * cursors both give and take.
   */
  inScope(query: PageQuery, scope: readonly string[]): Promise<string>;
}

function pageText(total: number, listings: string, next: { key: string; id: string } | undefined): string {
  const cursor = next ? `,"cursor":"${encodeCursor(next.key, next.id)}"` : '';
  return `{"count":${total},"users":[${listings}]${cursor}}`;
}

function pageJson(total: number, rows: PageRow[]): string {
  const page = rows.slice(0, USER_PAGE_SIZE);
  const last = page.at(-1);
  return pageText(total, page.map((r) => r.listing).join(','), rows.length > USER_PAGE_SIZE && last ? last : undefined);
}

// The unfiltered pages, the hot path: one 51-row scan of users_name_order_idx
// (its expression exactly: NAME_ORDER_SQL, id; the same text as user_search.sort_key),
// the total from the user_count row kept by triggers (one row read, not a
// 100,000-row count). Named prepared statements (their generic plans are the
// same index scans), sent without Drizzle, whose mapping of 51 rows cost more
// than the rest of the route's JavaScript.
const pageStatement = (
  conditions: string[],
) => `SELECT listing, ${NAME_ORDER_SQL} AS key, id, (SELECT n FROM user_count) AS total
FROM users ${conditions.length ? `WHERE ${conditions.join(' AND ')} ` : ''}ORDER BY ${NAME_ORDER_SQL}, id LIMIT ${USER_PAGE_SIZE + 1}`;
// The cursor's values reach the comparison through sub-selects. Given as
// they are, PostgreSQL estimated each cursor's rows from its value, found the
// generic plan dearer than those, and planned the statement again on every
// page after the first (custom_plans in pg_prepared_statements, never
// generic: CPU spent on every page). Through sub-selects every plan sees the
// same unknown, so after five the generic plan, the same index scan, is kept.
const AFTER_CURSOR = `(${NAME_ORDER_SQL}, id) > ((SELECT $1::text) COLLATE "C", (SELECT $2::text))`;
export const FIRST_PAGE_SQL = pageStatement([]);
/** $1, $2: the cursor's key and id. */
export const NEXT_PAGE_SQL = pageStatement([AFTER_CURSOR]);
// The same pages with the caller's account checked as a one-time filter, before
// the index is read: no row unless the caller is a current admin.
/** $1, $2: the caller's user_id and tv claims. */
export const CHECKED_FIRST_PAGE_SQL = pageStatement([currentAdminSql('$1', '$2')]);
/** $1, $2: the cursor's key and id; $3, $4: the caller's user_id and tv claims. */
export const CHECKED_NEXT_PAGE_SQL = pageStatement([AFTER_CURSOR, currentAdminSql('$3', '$4')]);

/**
 * Builds the listing once per app. A search must stay an unnamed statement:
 * PostgreSQL plans it with the pattern's value, which is what lets it use the
 * trigram index well (a generic `LIKE $1` plan cannot tell 'a' from 'smith').
 */
export function usersLister(database: Database): ListUsers {
  const { db } = database;

  /** An unfiltered page's rows; given a caller, only if the account is a current admin. */
  function pageRows(cursor: { key: string; id: string } | undefined, caller?: CallerClaims): Promise<PageRow[]> {
    const after = cursor ? [cursor.key, cursor.id] : [];
    if (caller) {
      const params = [...after, caller.user_id, caller.tv];
      return cursor
        ? database.query<PageRow>(CHECKED_NEXT_PAGE_SQL, params, 'users_page_next_checked')
        : database.query<PageRow>(CHECKED_FIRST_PAGE_SQL, params, 'users_page_first_checked');
    }
    return cursor
      ? database.query<PageRow>(NEXT_PAGE_SQL, after, 'users_page_next')
      : database.query<PageRow>(FIRST_PAGE_SQL, [], 'users_page_first');
  }

  async function unfiltered(cursor: { key: string; id: string } | undefined): Promise<string> {
    const rows = await pageRows(cursor);
    if (rows[0]) return pageJson(rows[0].total, rows);
    // Past the end (the last users were deleted meanwhile): the count alone.
    const [counted] = await db.select({ n: userCount.n }).from(userCount).limit(1);
    return pageJson(counted?.n ?? 0, []);
  }

  // A term's matches are kept while user_search is unchanged (features/admin-users/search-matches.ts).
  const kept = new SearchMatches(database, (search) =>
    withSearchPlan(db, search, (q) => matchesStatement(q, matchesSearch(search))),
  );

  async function searched(search: string, cursor: { key: string; id: string } | undefined): Promise<string> {
    const page = await kept.page(search, cursor);
    if (page) return pageText(page.total, page.listings, page.next);
    const rows = await withSearchPlan(db, search, (q) => searchStatement(q, search, cursor));
    return pageJson(rows[0]?.total ?? (cursor ? await countMatching(db, search) : 0), rows);
  }

  // On the embedded database pages are kept until users change (db/users-changes.ts);
  // 200 pages of 50 users are ~10 MB.
  const cached = versionedCache<string>(database.usersChanges, 200);

  // A unit administrator's trainees in page order, kept the same way, by its units (as JSON): its
  // unsearched pages are slices of them, and their count is their number.
  const keptScopes = new SearchMatches(database, (units) => {
    const params: unknown[] = [];
    const where = scopeSql('s', JSON.parse(units) as string[], (value) => `$${params.push(value)}`);
    return database.query<{ version: number; matches: string }>(scopeMatchesSql(where), params);
  });

  /**
   * A unit administrator's page from what is kept: a search's matches narrowed to its units'
   * sub-trees, or without a search its trainees; undefined when the database must answer.
   */
  async function keptInScope(
    search: string,
    cursorText: string,
    scope: readonly string[],
  ): Promise<string | undefined> {
    let cursor: { key: string; id: string } | undefined;
    if (cursorText) {
      const [key, id] = decodeFilteredCursor(cursorText, 'name') as [string, string];
      cursor = { key, id };
    }
    const within = scope.filter((unit) => unit.trim() !== '').map(unitPath);
    const page = search
      ? await kept.page(search, cursor, undefined, within)
      : await keptScopes.page(JSON.stringify(scope), cursor);
    if (!page) return undefined;
    const next = page.next ? `,"cursor":"${encodeFilteredCursor('name', [page.next.key, page.next.id])}"` : '';
    return `{"count":${page.total},"users":[${page.listings}]${next}}`;
  }

  const page = (query: PageQuery): Promise<string> => {
    const search = query.search?.trim() ?? '';
    const cursorText = query.cursor ?? '';
    // Filtered or in another order: features/admin-users/filtered-users.ts (not kept: its answer depends on the time, past due).
    if (isFiltered(query)) return filteredUsersPage(database, query, cursorText || undefined);
    return cached(JSON.stringify([search, cursorText]), () => {
      const cursor = cursorText ? decodeCursor(cursorText) : undefined;
      return search ? searched(search, cursor) : unfiltered(cursor);
    });
  };
  const inScope = async (query: PageQuery, scope: readonly string[]): Promise<string> => {
    const search = query.search?.trim() ?? '';
    const cursorText = query.cursor ?? '';
    const fromKept = isFiltered(query) ? undefined : await keptInScope(search, cursorText, scope);
    return fromKept ?? filteredUsersPage(database, query, cursorText || undefined, Date.now(), scope);
  };
  const list: ListUsers = Object.assign(page, { inScope });
  // On the embedded database the account is read from memory anyway, and pages are kept.
  if (database.kind === 'postgres') {
    list.checkingCaller = async (query, caller) => {
      if (isFiltered(query)) return undefined;
      let cursor: { key: string; id: string } | undefined;
      try {
        cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
      } catch {
        // A bad cursor is answered (400) only to a caller who passed authentication.
        return undefined;
      }
      const search = query.search?.trim() ?? '';
      if (search) {
        // From the term's kept matches only; a search the database must answer goes the ordinary way.
        const page = await kept.page(search, cursor, caller);
        return page && pageText(page.total, page.listings, page.next);
      }
      const rows = await pageRows(cursor, caller);
      return rows[0] ? pageJson(rows[0].total, rows) : undefined;
    };
  }
  return list;
}

/**
 * A scope's trainees (`where`: scopeSql over user_search s) as kept matches: the version and their
 * `[sort key, id]` in page order as one JSON text, one more than can be kept at most (as
 * matchesStatement). The sub-trees' range of user_search_unit_path_order_idx, read alone (0044).
 */
export const scopeMatchesSql = (where: string) => `SELECT n AS version,
  (SELECT coalesce(json_agg(json_build_array(f.key, f.id) ORDER BY f.key, f.id), '[]')::text
   FROM (SELECT s.sort_key AS key, s.id AS id FROM user_search s WHERE ${where} LIMIT ${MAX_KEPT_MATCHES + 1}) f) AS matches
FROM user_search_version WHERE id = 1`;

/**
 * One page of a search with the total. The matches, read once from the narrow
 * user_search rows through the trigram index, give both the total and the
 * page; only the page's users are then read for their JSON. lower() of a bound
 * value is folded into a constant when the statement is planned with its values
 * (unnamed statements are), so the trigram index applies.
 */
export function searchStatement(q: Db, search: string, cursor: { key: string; id: string } | undefined) {
  const matched = q
    .$with('matched')
    .as(q.select({ id: userSearch.id, sort_key: userSearch.sort_key }).from(userSearch).where(matchesSearch(search)));
  const page = q.$with('page').as(
    q
      .select()
      .from(matched)
      .where(cursor ? sql`(${matched.sort_key}, ${matched.id}) > (${cursor.key} COLLATE "C", ${cursor.id})` : undefined)
      .orderBy(matched.sort_key, matched.id)
      .limit(USER_PAGE_SIZE + 1),
  );
  return q
    .with(matched, page)
    .select({
      listing: users.listing,
      key: page.sort_key,
      id: page.id,
      total: sql<number>`(select count(*) from ${matched})`.mapWith(Number),
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .orderBy(page.sort_key, page.id);
}

/**
 * Runs a search's statement. With a trigram to look up, the index is always
 * the better plan, but the planner, costing random reads as on a spinning
 * disk, would scan all of user_search for a search matching 5% of users
 * (twice as slow as the index: docs/decisions/005-users-list-at-scale.md), and
 * any search of a small table. So sequential scans are off for it. Without a trigram (fewer than
 * three letters or digits in a row) every row is a candidate and a scan is right.
 */
export async function withSearchPlan<T>(db: Db, search: string, read: (q: Db) => Promise<T>): Promise<T> {
  if (!TRIGRAM.test(search)) return read(db);
  return transaction(db, async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return read(tx);
  });
}

/** The search condition on user_search. */
export function matchesSearch(search: string) {
  return sql`${userSearch.haystack} LIKE lower(${containsPattern(search)})`;
}

/** How many users match (past the end of the matches, where no page row carries the total). */
async function countMatching(db: Db, search: string): Promise<number> {
  const [row] = await withSearchPlan(db, search, (q) =>
    q.select({ n: count() }).from(userSearch).where(matchesSearch(search)),
  );
  return row?.n ?? 0;
}
