/**
 * The users list narrowed and ordered as an administrator asks (GET
 * admin/users with unit, role, status, module, assignment_status or sort):
 * keyset pages over user_search (the narrow copy of users: unit, rank, role,
 * activity), the page's users then read for their JSON, and `count` counting
 * every user the filters let through.
 */
import type { UsersQuery, UserSort } from '@airman/contracts/api.ts';
import { USER_PAGE_SIZE } from '@airman/contracts/constants.ts';
import type { Database } from '#db/database.ts';
import { rankOrderSql } from '#db/schema.ts';
import { HttpError } from '#lib/http-error.ts';
import { progressStatusSql } from '../progress/progress.ts';
import { usableAccountSql } from '#auth/usable-account.ts';
import { unitTreeSql } from '#lib/unit-tree.ts';
import { scopeSql } from '#lib/scope.ts';

/** The numbers the progress counts' status expression gives each assignment status. */
const STATUS_CODES: Record<NonNullable<UsersQuery['assignment_status']>, number> = {
  not_started: 0,
  in_progress: 1,
  complete: 2,
  failed: 3,
  quit: 4,
  past_due: 5,
};

/**
 * The count from the progress counts summed over ranks (features/progress/progress.ts), when
 * the filters are a module with at most a unit and an assignment status: a user has a
 * module at most once, so its assignments are its users. Otherwise undefined.
 */
function countFromProgress(q: FilterQuery, now: number): { sql: string; params: unknown[] } | undefined {
  if (
    q.module === undefined ||
    q.search?.trim() ||
    q.role !== undefined ||
    q.status !== undefined ||
    q.recert !== undefined
  )
    return undefined;
  const params: unknown[] = [q.module];
  const add = (value: unknown) => `$${params.push(value)}`;
  const where = ['module_id = $1'];
  if (q.unit !== undefined) where.push(unitTreeSql('unit_path', q.unit, add));
  if (q.assignment_status !== undefined)
    where.push(`(${progressStatusSql(add(now))}) = ${STATUS_CODES[q.assignment_status]}`);
  return {
    sql: `SELECT coalesce(sum(n), 0)::int AS n FROM progress_status_by_unit WHERE ${where.join(' AND ')}`,
    params,
  };
}

export type FilterQuery = Pick<
  UsersQuery,
  'search' | 'unit' | 'role' | 'status' | 'module' | 'assignment_status' | 'recert' | 'sort'
>;

/** True when the list must go this way rather than the plain pages by name. */
export function isFiltered(q: FilterQuery): boolean {
  return (
    [q.unit, q.role, q.status, q.module, q.assignment_status, q.recert].some((v) => v !== undefined) ||
    (q.sort !== undefined && q.sort !== 'name')
  );
}

interface SortKey {
  sql: string;
  type: 'text' | 'bigint' | 'int';
}

// Every order ends with the id, so that no two rows tie and a cursor is exact. sort_key is the
// name order (last name, first name, e-mail: NAME_ORDER_SQL in db/schema.ts), the other orders' tie-break.
const SORT_KEYS: Record<UserSort, SortKey[]> = {
  name: [{ sql: 's.sort_key', type: 'text' }],
  unit: [
    { sql: 'lower(s.unit)', type: 'text' },
    { sql: 's.sort_key', type: 'text' },
  ],
  // The rank list's order (Civilian, then E-1 up, then officers); no rank (pending invitees) last.
  rank: [
    { sql: rankOrderSql('s.rank'), type: 'int' },
    { sql: 's.sort_key', type: 'text' },
  ],
  // Most recent first; never signed in last.
  last_login: [{ sql: '-u.last_login_at', type: 'bigint' }],
};

/** The label rule of spec §4 (status.ts) over assignment a, grouped as ASSIGNMENT_STATUSES; `now` is the parameter given. */
const assignmentStatusSql = (
  now: string,
) => `CASE WHEN a.completed_at = 0 AND a.due_at > 0 AND a.due_at < ${now} THEN 'past_due'
  WHEN a.started_at = 0 THEN 'not_started'
  WHEN a.game_status = 1 THEN 'complete'
  WHEN a.game_status = 2 THEN 'failed'
  WHEN a.game_status = 3 THEN 'past_due'
  WHEN a.game_status = 4 THEN 'quit'
  ELSE 'in_progress' END`;

/** A cursor of these pages: the order and the last row's keys. */
export function encodeCursor(sort: UserSort, keys: unknown[]): string {
  return Buffer.from(JSON.stringify([sort, ...keys])).toString('base64url');
}

/** The keys of a cursor of these pages in this order, or a 400. */
export function decodeCursor(cursor: string, sort: UserSort): unknown[] {
  const width = SORT_KEYS[sort].length + 1;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value[0] === sort && value.length === width + 1) {
      const keys = value.slice(1);
      const types = [...SORT_KEYS[sort].map((k) => k.type), 'text'];
      if (keys.every((k, i) => (types[i] === 'text' ? typeof k === 'string' : Number.isSafeInteger(k)))) return keys;
    }
  } catch {
    // fall through
  }
  throw new HttpError(400, 'cursor: invalid cursor');
}

/** LIKE pattern for a substring, wildcards escaped (lower-cased by the database, like the haystack). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The filters as conditions on user_search s, their values appended to params;
 * without the module's (and its unit's) when assignment_search x gives them.
 */
function conditions(
  q: FilterQuery,
  params: unknown[],
  now: number,
  byModule = false,
  scope: readonly string[] | null = null,
): string[] {
  const add = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  if (scope !== null) where.push(scopeSql('s', scope, add));
  const search = q.search?.trim();
  if (search) where.push(`s.haystack LIKE lower(${add(containsPattern(search))})`);
  if (q.unit !== undefined && !byModule) where.push(unitTreeSql('s.unit_path', q.unit, add));
  if (q.role !== undefined) where.push(`s.role = ${add(q.role)}`);
  if (q.status === 'pending') where.push('s.pending');
  if (q.status === 'registered') where.push('NOT s.pending');
  if (q.status === 'active') where.push(usableAccountSql('s'));
  if (q.status === 'inactive') where.push('s.active_at = 0 AND NOT s.pending');
  if (q.module !== undefined && !byModule) {
    const status =
      q.assignment_status !== undefined ? ` AND ${assignmentStatusSql(add(now))} = ${add(q.assignment_status)}` : '';
    where.push(
      `EXISTS (SELECT 1 FROM assignments a WHERE a.user_id = s.id AND a.module_id = ${add(q.module)}${status})`,
    );
  }
  // Due for recertification: an assignment (of the module, when given) whose completion has lapsed,
  // looked up by the user in assignments_renews_user_idx.
  if (q.recert === 'due') {
    const of = q.module !== undefined ? ` AND r.module_id = ${add(q.module)}` : '';
    where.push(
      `EXISTS (SELECT 1 FROM assignments r WHERE r.user_id = s.id AND r.renews_at > 0 AND r.renews_at <= ${add(now)}${of})`,
    );
  }
  return where;
}

/**
 * The module, its unit and assignment status as conditions on assignment_search x
 * (its columns are those of progress_status, so the status is progress's expression).
 */
function moduleConditions(module: string, q: FilterQuery, params: unknown[], now: number): string[] {
  const add = (value: unknown) => `$${params.push(value)}`;
  const where = [`x.module_id = ${add(module)}`];
  if (q.unit !== undefined) where.push(unitTreeSql('x.unit_path', q.unit, add));
  if (q.assignment_status !== undefined)
    where.push(`(${progressStatusSql(add(now))}) = ${STATUS_CODES[q.assignment_status]}`);
  return where;
}

/** One page as JSON text: `{count, users, cursor?}`; with a scope (a unit administrator's), only the users within it. */
export async function filteredUsersPage(
  database: Database,
  q: FilterQuery,
  cursorText: string | undefined,
  now = Date.now(),
  scope: readonly string[] | null = null,
): Promise<string> {
  if (q.assignment_status !== undefined && q.module === undefined)
    throw new HttpError(400, 'assignment_status: needs module');
  const sort = q.sort ?? 'name';
  // A module's users by name: its assignments in name order (assignment_search), users read
  // only for the other filters, rather than every user in name order with a look-up of each one's assignment.
  const module = sort === 'name' ? q.module : undefined;
  // By last sign-in the users row leads (its index gives the order), so the tie-break is its id.
  const keys =
    module !== undefined
      ? [
          { sql: 'x.sort_key', type: 'text' as const },
          { sql: 'x.user_id', type: 'text' as const },
        ]
      : [...SORT_KEYS[sort], { sql: sort === 'last_login' ? 'u.id' : 's.id', type: 'text' as const }];
  const params: unknown[] = [];
  const where = conditions(q, params, now, module !== undefined, scope);
  const from =
    module !== undefined
      ? `assignment_search x${where.length ? ' JOIN user_search s ON s.id = x.user_id' : ''}`
      : `user_search s${sort === 'last_login' ? ' JOIN users u ON u.id = s.id' : ''}`;
  if (module !== undefined) where.push(...moduleConditions(module, q, params, now));
  if (cursorText) {
    const after = decodeCursor(cursorText, sort);
    const values = keys.map((k, i) =>
      k.type === 'text'
        ? `(SELECT $${params.push(after[i])}::text) COLLATE "C"`
        : `(SELECT $${params.push(after[i])}::${k.type})`,
    );
    where.push(
      `(${keys.map((k) => (k.type === 'text' ? `${k.sql} COLLATE "C"` : k.sql)).join(', ')}) > (${values.join(', ')})`,
    );
  }
  const collated = (expr: string, k: SortKey) => `${expr}${k.type === 'text' ? ' COLLATE "C"' : ''}`;
  const pageSql = `SELECT ${module !== undefined ? 'x.user_id' : 's.id'} AS id, ${keys.map((k, i) => `${k.sql} AS k${i}`).join(', ')}
    FROM ${from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${keys.map((k) => collated(k.sql, k)).join(', ')} LIMIT ${USER_PAGE_SIZE + 1}`;
  const countParams: unknown[] = [];
  const countWhere = conditions(q, countParams, now, false, scope);
  const fromProgress = scope === null ? countFromProgress(q, now) : undefined;
  const [rows, counted] = await Promise.all([
    database.query<Record<string, unknown> & { id: string; listing: string }>(
      `SELECT page.*, u.listing FROM (${pageSql}) page JOIN users u ON u.id = page.id ORDER BY ${keys.map((k, i) => collated(`page.k${i}`, k)).join(', ')}`,
      params,
    ),
    fromProgress
      ? database.query<{ n: number }>(fromProgress.sql, fromProgress.params)
      : countWhere.length
        ? database.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM user_search s WHERE ${countWhere.join(' AND ')}`,
            countParams,
          )
        : database.query<{ n: number }>('SELECT n FROM user_count'),
  ]);
  const page = rows.slice(0, USER_PAGE_SIZE);
  const last = page.at(-1);
  const cursor =
    rows.length > USER_PAGE_SIZE && last
      ? `,"cursor":"${encodeCursor(
          sort,
          keys.map((_, i) => (keys[i]!.type === 'text' ? last[`k${i}`] : Number(last[`k${i}`]))),
        )}"`
      : '';
  return `{"count":${Number(counted[0]?.n ?? 0)},"users":[${page.map((r) => r.listing).join(',')}]${cursor}}`;
}
