/**
 * The module report (decisions §4): GET admin/users?csv=1&module&token streams
 * a UTF-8 CSV in keyset batches, so the first byte leaves at once and memory
 * stays flat whatever the row count.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { questionnaireSchema, type Questionnaire } from '@airman/contracts/questionnaire.ts';
import type { Database } from '../db/database.ts';
import { modules, questionnaires, users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { presentModule } from '../modules/present-module.ts';
import { reportDisposition, reportLayout, type ReportLayout, type ReportRow } from './report-columns.ts';
import { redeemReportToken } from './report-tokens.ts';

const BATCH = 1000;

type PageRow = ReportRow & { id: string; sort_key: string };

// One page of the module's assigned users with their latest finished run, in
// the users list's order: its index (lower(last_name) collate "C", id) serves
// the keyset, the same on PostgreSQL and PGlite.
const PAGE_SQL = `
SELECT u.id, lower(u.last_name) COLLATE "C" AS sort_key, u.rank, u.unit, u.last_name, u.first_name, u.user_name, u.pending,
       a.created_at, a.started_at, a.completed_at, a.due_at, a.game_status,
       r.final_gauges, r.objectives_completed, r.answers_before, r.answers_after
FROM users u
JOIN assignments a ON a.user_id = u.id AND a.module_id = $1
LEFT JOIN LATERAL (
  SELECT g.final_gauges, g.objectives_completed, g.answers_before, g.answers_after
  FROM game_runs g
  WHERE g.user_id = u.id AND g.module_id = $1 AND g.status IN ('complete', 'failed')
  ORDER BY g.finished_at DESC
  LIMIT 1
) r ON true
WHERE (lower(u.last_name) COLLATE "C", u.id) > ($2 COLLATE "C", $3)
ORDER BY lower(u.last_name) COLLATE "C", u.id
LIMIT ${BATCH}`;

/**
 * The file, piece by piece. The next page is fetched while the current one is
 * formatted and written, so the database and Node work at the same time; at
 * most two pages are in memory. The stream pulls only as fast as the client reads.
 */
async function* reportText(database: Database, moduleId: string, layout: ReportLayout): AsyncGenerator<string> {
  const page = (after: [string, string]) => {
    const rows = database.query<PageRow>(PAGE_SQL, [moduleId, ...after]);
    // A client that leaves mid-download abandons this promise: its failure must not go unhandled.
    rows.catch(() => undefined);
    return rows;
  };
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  yield `\uFEFF${layout.header}`;
  // Let the header leave first: PGlite runs queries on this thread and would hold it back.
  await new Promise((resolve) => setImmediate(resolve));
  let next: Promise<PageRow[]> | null = page(['', '']);
  while (next) {
    const rows: PageRow[] = await next;
    const last = rows.at(-1);
    next = rows.length === BATCH && last ? page([last.sort_key, last.id]) : null;
    let text = '';
    for (const row of rows) text += layout.line(row);
    if (text) yield text;
  }
}

async function questionnaireOf(database: Database, moduleId: string): Promise<Questionnaire | null> {
  if (moduleId !== READY_AIRMAN_MODULE_ID) return null;
  const [row] = await database.db.select().from(questionnaires).where(eq(questionnaires.module_id, moduleId)).limit(1);
  const parsed = questionnaireSchema.safeParse(row?.content);
  return parsed.success ? parsed.data : null;
}

/**
 * Answers GET admin/users?csv=1&module=ID&token=T: burns the single-use report
 * token (never the access token: it is not in the URL) and streams the CSV.
 */
export async function sendModuleReport(request: FastifyRequest, reply: FastifyReply, database: Database): Promise<void> {
  const { module: moduleId, token } = request.query as { module?: unknown; token?: unknown };
  if (typeof moduleId !== 'string' || !moduleId || typeof token !== 'string' || !token) {
    throw new HttpError(400, 'A report download needs module and token');
  }
  const { db } = database;
  const [moduleRow] = await db.select().from(modules).where(eq(modules.id, moduleId)).limit(1);
  if (!moduleRow) throw new HttpError(404, `No module '${moduleId}'`);
  const adminId = await redeemReportToken(db, token, moduleId);
  if (!adminId) throw new HttpError(401, 'This download link has expired or was already used: download the report again');
  // The token outlives nothing, but the admin may have been demoted or deactivated since asking.
  const [admin] = await db.select({ role: users.role, active_at: users.active_at }).from(users).where(eq(users.id, adminId)).limit(1);
  if (!admin || admin.role !== 'admin' || admin.active_at === 0) throw new HttpError(403, 'Administrator access required');

  const now = Date.now();
  const module = presentModule(moduleRow);
  const layout = reportLayout(module, await questionnaireOf(database, moduleId), now);
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', reportDisposition(module.game_title, now))
    .header('Cache-Control', 'no-store');
  // Bytes, not objects: the stream's buffer is then 16 KiB, so it holds about one page.
  await reply.send(Readable.from(reportText(database, moduleId, layout), { objectMode: false }));
}
