/**
 * The users page: sorted by last name (case-insensitive, ties by id) with an
 * opaque keyset cursor, optional search over first name, last name and e-mail.
 * Both use indexes: users_last_name_id_idx and the trigram users_search_trgm_idx.
 */
import { and, asc, count, inArray, sql, type SQL } from 'drizzle-orm';
import { USER_PAGE_SIZE } from '@airman/contracts/constants.ts';
import type { UsersPage } from '@airman/contracts/api.ts';
import type { Db } from '../db/database.ts';
import { assignments, users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { presentUser, type AssignmentRow } from './presenter.ts';

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

export async function listUsers(db: Db, query: { cursor?: string; search?: string }): Promise<UsersPage> {
  const search = query.search?.trim();
  const filter: SQL | undefined = search ? sql`${searchText} LIKE ${containsPattern(search)}` : undefined;
  const conditions = [filter];
  if (query.cursor) {
    const [lastName, id] = decodeCursor(query.cursor);
    conditions.push(sql`(${sortKey}, ${users.id}) > (${lastName} collate "C", ${id})`);
  }
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(and(...conditions))
      .orderBy(sortKey, asc(users.id))
      .limit(USER_PAGE_SIZE + 1),
    db.select({ n: count() }).from(users).where(filter),
  ]);
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
    count: total[0]?.n ?? 0,
    users: page.map((u) => presentUser(u, byUser.get(u.id) ?? [], { withInviteCode: true })),
    ...(rows.length > USER_PAGE_SIZE && last ? { cursor: encodeCursor(last.last_name, last.id) } : {}),
  };
}
