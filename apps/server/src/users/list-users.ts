/**
 * The users page: sorted by last name (case-insensitive, ties by id) with an
 * opaque keyset cursor, optional search over first name, last name and e-mail.
 * Both use indexes: users_last_name_id_idx and the trigram users_search_trgm_idx.
 */
import { and, asc, count, inArray, sql, type SQL } from 'drizzle-orm';
import { USER_PAGE_SIZE } from '@airman/contracts/constants.ts';
import type { UsersPage } from '@airman/contracts/api.ts';
import type { Db } from '../db/database.ts';
import { assignments, userCount, users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { presentUser, type AssignmentRow, type UserRow } from './presenter.ts';

const sortKey = sql`lower(${users.last_name}) collate "C"`;
const searchText = sql`lower(${users.first_name} || ' ' || ${users.last_name} || ' ' || ${users.user_name})`;

function encodeCursor(lastName: string, id: string): string {
  return Buffer.from(JSON.stringify([lastName.toLowerCase(), id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      return [value[0], value[1]];
    }
  } catch {
    // fall through
  }
  throw new HttpError(400, 'cursor: invalid cursor');
}

/** LIKE pattern for a case-insensitive substring, wildcards in the text escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// pg_trgm needs 3 characters to use its index; shorter searches match so many
// users that walking the sorted index and filtering finds a page sooner.
const TRIGRAM_MIN = 3;

export async function listUsers(db: Db, query: { cursor?: string; search?: string }): Promise<UsersPage> {
  const search = query.search?.trim();
  const conditions: (SQL | undefined)[] = [];
  if (search) conditions.push(sql`${searchText} LIKE ${containsPattern(search)}`);
  if (query.cursor) {
    const [lastName, id] = decodeCursor(query.cursor);
    conditions.push(sql`(${sortKey}, ${users.id}) > (${lastName} collate "C", ${id})`);
  }
  let rows: UserRow[];
  let total: number;
  if (search) {
    // One scan for the page and the count of matches. Ordering by an expression
    // the sort index does not provide keeps the planner on the trigram index
    // (walking the sort index and filtering costs ~75 ms at 100,000 users).
    const order = search.length >= TRIGRAM_MIN ? sql`${sortKey} || ''` : sortKey;
    const found = await db
      .select({ user: users, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(users)
      .where(and(...conditions))
      .orderBy(order, asc(users.id))
      .limit(USER_PAGE_SIZE + 1);
    rows = found.map((f) => f.user);
    // With a cursor the window counts only what follows it: count the whole match then.
    total = query.cursor ? await countMatching(db, conditions[0]) : (found[0]?.total ?? 0);
  } else {
    const [page, counted] = await Promise.all([
      db.select().from(users).where(and(...conditions)).orderBy(sortKey, asc(users.id)).limit(USER_PAGE_SIZE + 1),
      db.select({ n: userCount.n }).from(userCount).limit(1),
    ]);
    rows = page;
    total = counted[0]?.n ?? 0;
  }
  const page = rows.slice(0, USER_PAGE_SIZE);
  const byUser = new Map<string, AssignmentRow[]>();
  if (page.length > 0) {
    const list = await db
      .select()
      .from(assignments)
      .where(inArray(assignments.user_id, page.map((u) => u.id)))
      .orderBy(asc(assignments.created_at));
    for (const a of list) byUser.set(a.user_id, [...(byUser.get(a.user_id) ?? []), a]);
  }
  const last = page.at(-1);
  return {
    count: total,
    users: page.map((u) => presentUser(u, byUser.get(u.id) ?? [], { withInviteCode: true })),
    ...(rows.length > USER_PAGE_SIZE && last ? { cursor: encodeCursor(last.last_name, last.id) } : {}),
  };
}

async function countMatching(db: Db, filter: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(filter);
  return row?.n ?? 0;
}
