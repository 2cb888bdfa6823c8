/**
 * The users page: sorted by last name (case-insensitive, ties by id) with an
 * opaque keyset cursor, optional search over first name, last name and e-mail.
 * Both use indexes: users_last_name_id_idx and the trigram users_search_trgm_idx.
 * Plans and timings at 100,000 users: docs/api.md, "Users".
 */
import { and, asc, count, sql, type SQL } from 'drizzle-orm';
import { USER_PAGE_SIZE } from '@airman/contracts/constants.ts';
import type { Db } from '../db/database.ts';
import type { UsersChanges } from '../db/users-changes.ts';
import { cachedLoader } from '../lib/versioned-cache.ts';
import { userCount, users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';

/** Exactly the expression of users_last_name_id_idx. */
const sortKey = sql`lower(${users.last_name}) collate "C"`;
/** Exactly the expression of users_search_trgm_idx. */
const searchText = sql`lower(${users.first_name} || ' ' || ${users.last_name} || ' ' || ${users.user_name})`;

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

interface PageRow {
  /** The user's JSON (users.listing, kept by triggers). */
  listing: string;
  key: string;
  id: string;
  total: number;
}

/**
 * The users page as JSON text: `{count, users, cursor?}`. Built by joining the
 * users' stored JSON, so a page costs no row mapping and no serialization.
 */
export type ListUsers = (query: { cursor?: string; search?: string }) => Promise<string>;

function pageJson(total: number, rows: PageRow[]): string {
  const page = rows.slice(0, USER_PAGE_SIZE);
  const last = page.at(-1);
  const cursor = rows.length > USER_PAGE_SIZE && last ? `,"cursor":"${encodeCursor(last.key, last.id)}"` : '';
  return `{"count":${total},"users":[${page.map((r) => r.listing).join(',')}]${cursor}}`;
}

/**
 * Builds the listing once per app. The unfiltered pages (the hot path) are
 * named prepared statements: their generic plans are the same index scans, and
 * Drizzle builds their SQL once. A search must stay an unnamed statement:
 * PostgreSQL plans it with the pattern's value, which is what lets it use the
 * trigram index well (a generic `LIKE $1` plan cannot tell 'a' from 'smith').
 */
export function usersLister(db: Db, usersChanges?: UsersChanges): ListUsers {
  // The total is the user_count row kept by triggers: one row read, not a 100,000-row count.
  const pageColumns = {
    listing: users.listing,
    key: sql<string>`${sortKey}`,
    id: users.id,
    total: sql<number>`(select ${userCount.n} from ${userCount})`.mapWith(Number),
  };
  const firstPage = db
    .select(pageColumns)
    .from(users)
    .orderBy(sortKey, asc(users.id))
    .limit(USER_PAGE_SIZE + 1)
    .prepare('users_page_first');
  const nextPage = db
    .select(pageColumns)
    .from(users)
    .where(sql`(${sortKey}, ${users.id}) > (${sql.placeholder('key')} collate "C", ${sql.placeholder('id')})`)
    .orderBy(sortKey, asc(users.id))
    .limit(USER_PAGE_SIZE + 1)
    .prepare('users_page_next');

  async function unfiltered(cursor: { key: string; id: string } | undefined): Promise<string> {
    const rows = cursor ? await nextPage.execute(cursor) : await firstPage.execute();
    if (rows[0]) return pageJson(rows[0].total, rows);
    // Past the end (the last users were deleted meanwhile): the count alone.
    const [counted] = await db.select({ n: userCount.n }).from(userCount).limit(1);
    return pageJson(counted?.n ?? 0, []);
  }

  async function searched(search: string, cursor: { key: string; id: string } | undefined): Promise<string> {
    // lower() of a bound value is folded into a constant when the statement is
    // planned with its values (unnamed statements are), so the trigram index applies.
    const filter = sql`${searchText} LIKE lower(${containsPattern(search)})`;
    const after = cursor ? sql`(${sortKey}, ${users.id}) > (${cursor.key} collate "C", ${cursor.id})` : undefined;
    // One scan gives the page and, through the window, the count of matches.
    // Ordering by an expression the sort index does not provide keeps the
    // planner on the trigram index: matches of a last name are clustered in the
    // sort order, so walking the sort index and filtering costs ~75 ms for 'smi'.
    const rows = await db
      .select({ listing: users.listing, key: sql<string>`${sortKey}`, id: users.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(users)
      .where(and(filter, after))
      .orderBy(sql`${sortKey} || ''`, asc(users.id))
      .limit(USER_PAGE_SIZE + 1);
    // With a cursor the window counts only what follows it: count the whole match then.
    return pageJson(cursor ? await countMatching(db, filter) : (rows[0]?.total ?? 0), rows);
  }

  // On the embedded database pages are kept until users change (db/users-changes.ts);
  // 200 pages of 50 users are ~10 MB.
  const page = cachedLoader<string>(usersChanges, 200, (key) => {
    const [search, cursorText] = JSON.parse(key) as [string, string];
    const cursor = cursorText ? decodeCursor(cursorText) : undefined;
    return search ? searched(search, cursor) : unfiltered(cursor);
  });

  return (query) => page(JSON.stringify([query.search?.trim() ?? '', query.cursor ?? '']));
}

async function countMatching(db: Db, filter: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(filter);
  return row?.n ?? 0;
}
