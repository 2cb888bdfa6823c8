/**
 * The module report (docs/api.md, "The module report"): GET admin/users?csv=1&module&token streams
 * a UTF-8 CSV in batches of rows (a cursor on PostgreSQL, keyset pages on the
 * embedded database), so the first byte leaves at once and at most two batches
 * are held whatever the row count.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { UsersQuery } from '@airman/contracts/api.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { questionnaireSchema, type Questionnaire } from '@airman/contracts/questionnaire.ts';
import type { Database } from '#db/database.ts';
import { modules, questionnaires, users } from '#db/schema.ts';
import { HttpError } from '#lib/http-error.ts';
import { checkTimeZoneParameter } from '#lib/time-zone.ts';
import { presentModule } from '../modules/present-module.ts';
import { reportDisposition, reportLayout, type ReportLayout, type ReportRow } from './report-columns.ts';
import { redeemReportToken } from './report-tokens.ts';
import { audit } from '#lib/audit.ts';
import { isUsableAccount } from '#auth/usable-account.ts';
import { scopeSql, type Scope } from '#lib/scope.ts';
import { unitTreeSql } from '#lib/unit-tree.ts';

const BATCH = 1000;
/** The embedded database's first page is small, so the header is not held back behind a long query on this thread. */
const FIRST_PAGE = 100;

type PageRow = ReportRow & { id: string; sort_key: string };

// The module's assigned users with their assignment and its latest finished
// run's results (kept on the assignment when a run finishes: no lookup of each
// user's runs), in the users list's order (sort_key: last name, first name,
// e-mail, as db/schema.ts's NAME_ORDER_SQL; then id). Read from user_search, the
// narrow copy of users kept by a trigger (migration 0010): the users rows carry
// their JSON, ten times the pages, more than the embedded database's buffers hold. The latest
// answered follow-up questionnaire of each (features/followup), through its primary key.
const ASSIGNED = `
SELECT u.id, u.sort_key, u.rank, u.unit, u.last_name, u.first_name, u.user_name, u.pending,
       a.created_at, a.started_at, a.completed_at, a.due_at, a.game_status,
       a.run_final_gauges AS final_gauges, a.run_objectives_completed AS objectives_completed,
       a.run_answers_before AS answers_before, a.run_answers_after AS answers_after,
       a.run_score_points AS score_points, a.run_stars AS stars, a.run_module_version AS module_version, a.renews_at,
       a.run_days_in_range AS days_in_range,
       coalesce(f.answered_at, 0) AS followup_at, f.scores AS followup_scores, f.changes AS followup_changes
FROM user_search u
JOIN assignments a ON a.user_id = u.id AND a.module_id = $1
LEFT JOIN LATERAL (SELECT f.answered_at, f.scores, f.changes FROM followups f
                   WHERE f.user_id = a.user_id AND f.module_id = a.module_id AND f.answered_at > 0
                   ORDER BY f.completed_at DESC LIMIT 1) f ON true`;

/**
 * A unit administrator's trainees only (lib/scope.ts), everyone for an administrator; with a unit,
 * of that unit and every unit under it (lib/unit-tree.ts). Values numbered from $`first`.
 */
function scopeWhere(scope: Scope, unit: string | undefined, first: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${first + params.push(value) - 1}`;
  const conditions: string[] = [];
  if (scope !== null) conditions.push(scopeSql('u', scope, add));
  if (unit !== undefined) conditions.push(unitTreeSql('u.unit_path', unit, add));
  return { sql: conditions.length > 0 ? conditions.join(' AND ') : 'true', params };
}

/** All of them, for a cursor: one hash join and one sort. */
const allSql = (where: string) => `${ASSIGNED}\nWHERE ${where}\nORDER BY u.sort_key, u.id`;
/** A keyset page's row as an array, in this order: a page of 1,000 as arrays is 60% of the text of objects. */
const PAGE_COLUMNS = [
  'id',
  'sort_key',
  'rank',
  'unit',
  'last_name',
  'first_name',
  'user_name',
  'pending',
  'created_at',
  'started_at',
  'completed_at',
  'due_at',
  'game_status',
  'final_gauges',
  'objectives_completed',
  'answers_before',
  'answers_after',
  'score_points',
  'stars',
  'module_version',
  'renews_at',
  'followup_at',
  'followup_scores',
  'followup_changes',
  'days_in_range',
] as const satisfies readonly (keyof PageRow)[];
type PageTuple = {
  -readonly [I in keyof typeof PAGE_COLUMNS]: (typeof PAGE_COLUMNS)[I] extends keyof PageRow
    ? PageRow[(typeof PAGE_COLUMNS)[I]]
    : never;
};

/**
 * One keyset page as one JSON text of PageTuples ($2, $3: the last row's
 * sort_key and id; $4: the page size). PGlite hands rows to JavaScript field
 * by field, which costs more than PostgreSQL runs the query: one text for a
 * page of 1,000 rows took the walk over 100,000 from 4.3 to 2.9 s; arrays
 * rather than objects, another ~0.2–0.4 s (less text to build and to parse).
 */
const pageSql = (
  where: string,
) => `SELECT coalesce(json_agg(json_build_array(${PAGE_COLUMNS.map((c) => `p.${c}`).join(', ')}) ORDER BY p.sort_key, p.id), '[]')::text AS page FROM (
${ASSIGNED}
WHERE (u.sort_key, u.id) > ($2 COLLATE "C", $3) AND ${where}
ORDER BY u.sort_key, u.id
LIMIT $4) p`;

function pageRow(t: PageTuple): PageRow {
  return {
    id: t[0],
    sort_key: t[1],
    rank: t[2],
    unit: t[3],
    last_name: t[4],
    first_name: t[5],
    user_name: t[6],
    pending: t[7],
    created_at: t[8],
    started_at: t[9],
    completed_at: t[10],
    due_at: t[11],
    game_status: t[12],
    final_gauges: t[13],
    objectives_completed: t[14],
    answers_before: t[15],
    answers_after: t[16],
    score_points: t[17],
    stars: t[18],
    module_version: t[19],
    renews_at: t[20],
    followup_at: t[21],
    followup_scores: t[22],
    followup_changes: t[23],
    days_in_range: t[24],
  };
}

/** The rows in keyset pages, each its own statement (the embedded database: see Database.cursor). */
async function* keysetPages(
  database: Database,
  moduleId: string,
  where: { sql: string; params: unknown[] },
): AsyncGenerator<PageRow[]> {
  const sql = pageSql(where.sql);
  let after = ['', ''];
  let size = FIRST_PAGE;
  for (;;) {
    // PGlite runs each query on this thread: between pages, the rest of the server
    // (this download's compressed bytes included) gets its turn.
    await new Promise((resolve) => setImmediate(resolve));
    const [result] = await database.query<{ page: string }>(sql, [moduleId, ...after, size, ...where.params]);
    const rows = (JSON.parse(result?.page ?? '[]') as PageTuple[]).map(pageRow);
    const last = rows.at(-1);
    if (last) yield rows;
    if (!last || rows.length < size) return;
    after = [last.sort_key, last.id];
    size = BATCH;
  }
}

/**
 * The file, piece by piece. The next batch is read while the current one is
 * formatted and written, so the database and Node work at the same time; at
 * most two batches are in memory. The stream pulls only as fast as the client
 * reads; a client that leaves stops the reading (and ends the cursor's transaction).
 */
async function* reportText(batches: AsyncGenerator<PageRow[]>, layout: ReportLayout): AsyncGenerator<string> {
  try {
    // A byte-order mark so spreadsheet programs read the file as UTF-8.
    yield `\uFEFF${layout.header}`;
    let next = batches.next();
    for (;;) {
      const batch = await next;
      if (batch.done) return;
      next = batches.next();
      // If the client leaves now, this read is abandoned: its failure must not go unhandled.
      next.catch(() => undefined);
      let text = '';
      for (const row of batch.value) text += layout.line(row);
      yield text;
    }
  } finally {
    await batches.return(undefined);
  }
}

async function questionnaireOf(database: Database, moduleId: string): Promise<Questionnaire | null> {
  if (moduleId !== READY_AIRMAN_MODULE_ID) return null;
  const [row] = await database.db.select().from(questionnaires).where(eq(questionnaires.module_id, moduleId)).limit(1);
  const parsed = questionnaireSchema.safeParse(row?.content);
  return parsed.success ? parsed.data : null;
}

/** The download's parameters, as the users route's schema parsed them (types and lengths checked). */
type ReportQuery = Pick<UsersQuery, 'module' | 'token' | 'tz' | 'unit'>;

/**
 * Answers GET admin/users?csv=1&module=ID&token=T[&tz=ZONE][&unit=UNIT]: burns the
 * single-use report token (never the access token: it is not in the URL) and
 * streams the CSV, its file named after the day in tz (the admin's time zone; UTC
 * without) and its dates the days in tz; with unit, the users of that unit and of
 * every unit under it only.
 */
export async function sendModuleReport(query: ReportQuery, reply: FastifyReply, database: Database): Promise<void> {
  const { module: moduleId, token, tz, unit } = query;
  if (!moduleId || !token) throw new HttpError(400, 'A report download needs module and token');
  // Checked before the token is spent: a bad request changes nothing.
  checkTimeZoneParameter(tz);
  const { db } = database;
  const [moduleRow] = await db.select().from(modules).where(eq(modules.id, moduleId)).limit(1);
  if (!moduleRow) throw new HttpError(404, `No module '${moduleId}'`);
  const adminId = await redeemReportToken(db, token, moduleId);
  if (!adminId)
    throw new HttpError(401, 'This download link has expired or was already used: download the report again');
  // The token outlives nothing, but the admin may have been demoted or deactivated since asking.
  const [admin] = await db
    .select({ role: users.role, active_at: users.active_at, pending: users.pending, user_name: users.user_name })
    .from(users)
    .where(eq(users.id, adminId))
    .limit(1);
  if (!admin || (admin.role !== 'admin' && admin.role !== 'unit_admin') || !isUsableAccount(admin))
    throw new HttpError(403, 'Administrator access required');
  // A unit administrator's report holds its trainees only, by its units as they are now.
  const scope: Scope =
    admin.role === 'unit_admin'
      ? (await database.query<{ unit: string }>('SELECT unit FROM admin_units WHERE user_id = $1', [adminId])).map(
          (r) => r.unit,
        )
      : null;
  // A download changes nothing but is audited all the same: who took which records, when.
  await audit(db, {
    action: 'report.download',
    actor: { id: adminId, name: admin.user_name },
    target: { kind: 'report', id: moduleId, name: moduleRow.game_title },
    after: { module: moduleId, ...(tz && { tz }), ...(unit !== undefined && { unit }) },
  });

  const now = Date.now();
  const module = presentModule(moduleRow);
  const layout = reportLayout(module, await questionnaireOf(database, moduleId), now, tz);
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', reportDisposition(module.game_title, now, tz))
    .header('Cache-Control', 'no-store');
  // Bytes, not objects: the stream's buffer is then 16 KiB, so it holds about one page.
  const all = scopeWhere(scope, unit, 2);
  const batches = database.cursor
    ? database.cursor<PageRow>(allSql(all.sql), [moduleId, ...all.params], BATCH)
    : keysetPages(database, moduleId, scopeWhere(scope, unit, 5));
  await reply.send(Readable.from(reportText(batches, layout), { objectMode: false }));
}
