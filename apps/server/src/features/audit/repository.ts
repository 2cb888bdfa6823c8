/**
 * Reading the audit log: a page of entries matching the filters, newest first (by time, then
 * id), with an opaque keyset cursor; every filter has an index that ends in (at, id)
 * (db/schema.ts), so a page is one index range scan however large the log, a date range
 * included.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '@airman/contracts/audit.ts';
import type { Db } from '#db/database.ts';
import { auditLog, users } from '#db/schema.ts';
import { HttpError } from '#lib/http-error.ts';
import { checkTimeZoneParameter, nextDay, startOfDayIn } from '#lib/time-zone.ts';

interface Position {
  at: number;
  id: number;
}

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify({ at: position.at, id: position.id }), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): Position {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Position> | null;
    const { at, id } = value ?? {};
    if (Number.isSafeInteger(at) && Number.isSafeInteger(id) && (at as number) >= 0 && (id as number) > 0)
      return { at: at as number, id: id as number };
  } catch {
    // answered below
  }
  throw new HttpError(400, 'cursor: invalid cursor');
}

export type AuditFilter = Omit<AuditQuery, 'cursor' | 'limit' | 'csv'> & {
  /** A unit administrator's units: only the entries about its users (lib/scope.ts). */
  scope?: readonly string[] | null;
};

/** A user_search row `s`'s unit_path within the unit's sub-tree (lib/unit-tree.ts); no text: the users of no unit. */
function underUnit(unit: string): SQL {
  if (unit.trim() === '') return sql`s.unit_path = ''`;
  return sql`(s.unit_path >= unit_path(${unit}::text) COLLATE "C" AND s.unit_path < unit_path_end(${unit}::text) COLLATE "C")`;
}

/** The entry is about a user (as user_search row `s`) who meets `condition`, by the user as they are now. */
function aboutUser(condition: SQL): SQL {
  return sql`${auditLog.target_kind} = 'user' AND EXISTS (SELECT 1 FROM user_search s WHERE s.id = ${auditLog.target_id}
    AND ${condition})`;
}

/** The entry is about a user within the units (a trainee of them, or of a unit under one). */
function inScope(scope: readonly string[]): SQL {
  const ranges = scope.filter((u) => u.trim() !== '').map(underUnit);
  return aboutUser(sql`s.role = 'user' AND (${ranges.length ? sql.join(ranges, sql` OR `) : sql`false`})`);
}

/**
 * The filter as the log is searched: a user target given by e-mail becomes that user's id when
 * someone has the address now (every entry about them, whatever address they had then); a zone
 * the runtime does not know is refused.
 */
export async function resolveFilter(db: Db, filter: AuditFilter): Promise<AuditFilter> {
  checkTimeZoneParameter(filter.tz);
  const target = filter.target_id;
  if (filter.target_kind !== 'user' || target === undefined || !target.includes('@')) return filter;
  const email = target.trim().toLowerCase();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.user_name, email)).limit(1);
  return { ...filter, target_id: user?.id ?? email };
}

/** A user target still named by e-mail (no one has the address now): the entries made under it. */
function targetCondition(kind: AuditFilter['target_kind'], target: string): SQL | undefined {
  return kind === 'user' && target.includes('@') ? eq(auditLog.target_name, target) : eq(auditLog.target_id, target);
}

function conditions(filter: AuditFilter, after: Position | undefined): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (filter.scope) where.push(inScope(filter.scope));
  // The unit and every unit under it, as on Users and Progress.
  if (filter.unit !== undefined) where.push(aboutUser(underUnit(filter.unit)));
  if (filter.actor !== undefined)
    where.push(
      filter.actor.includes('@')
        ? eq(auditLog.actor_name, filter.actor.trim().toLowerCase())
        : eq(auditLog.actor_id, filter.actor),
    );
  if (filter.target_kind !== undefined) where.push(eq(auditLog.target_kind, filter.target_kind));
  if (filter.target_id !== undefined) where.push(targetCondition(filter.target_kind, filter.target_id));
  if (filter.action !== undefined) where.push(eq(auditLog.action, filter.action));
  const tz = filter.tz ?? 'UTC';
  if (filter.from !== undefined) where.push(gte(auditLog.at, startOfDayIn(filter.from, tz)));
  if (filter.to !== undefined) where.push(lt(auditLog.at, startOfDayIn(nextDay(filter.to), tz)));
  // A row comparison: the index's range starts right after the previous page's last entry.
  if (after !== undefined)
    where.push(sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::bigint, ${after.id}::bigint)`);
  return where.length > 0 ? and(...where) : undefined;
}

type Row = typeof auditLog.$inferSelect;

export function presentEntry(row: Row): AuditEntry {
  return { ...row, id: String(row.id), before: row.before ?? null, after: row.after ?? null };
}

/** One page of entries and the cursor of the next, if there is one. */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  cursor: string | undefined,
  limit: number,
): Promise<{ entries: AuditEntry[]; cursor?: string }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions(filter, cursor === undefined ? undefined : decodeCursor(cursor)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(presentEntry),
    ...(rows.length > limit && last && { cursor: encodeCursor(last) }),
  };
}

/** Every matching entry, newest first, in keyset pages (memory stays one page). */
export async function* allEntries(db: Db, filter: AuditFilter, batch = 1000): AsyncGenerator<AuditEntry[]> {
  let cursor: string | undefined;
  do {
    const page = await auditPage(db, filter, cursor, batch);
    if (page.entries.length > 0) yield page.entries;
    cursor = page.cursor;
  } while (cursor !== undefined);
}
