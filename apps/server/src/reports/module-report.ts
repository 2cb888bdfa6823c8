/**
 * The module report (decisions §4): a UTF-8 CSV streamed in keyset batches, so
 * the first byte leaves at once and memory stays flat whatever the row count.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { domainScores, questionnaireSchema, type Questionnaire, type QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import { assignmentStatusLabel } from '@airman/contracts/status.ts';
import type { Database } from '../db/database.ts';
import { modules, questionnaires, users } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { presentModule } from '../modules/present-module.ts';
import { csvLine, isoOrEmpty } from './csv.ts';
import { redeemReportToken } from './report-tokens.ts';

const BATCH = 1000;

interface ReportRow {
  id: string;
  sort_key: string;
  rank: string;
  unit: string;
  last_name: string;
  first_name: string;
  user_name: string;
  pending: boolean;
  created_at: number;
  started_at: number;
  completed_at: number;
  due_at: number;
  game_status: number;
  final_gauges: Record<string, number> | null;
  objectives_completed: string[] | null;
  answers_before: QuestionnaireAnswers | null;
  answers_after: QuestionnaireAnswers | null;
}

// The latest finished run of each assigned user, one page of users at a time,
// in the users list's order (its index serves the keyset).
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

function filename(title: string): { ascii: string; utf8: string } {
  const name = `${title} ${new Date().toISOString().slice(0, 10)}.csv`;
  return { ascii: name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_'), utf8: encodeURIComponent(name) };
}

export async function sendModuleReport(request: FastifyRequest, reply: FastifyReply, database: Database): Promise<void> {
  const { module: moduleId, token } = request.query as { module?: string; token?: string };
  if (!moduleId || !token) throw new HttpError(400, 'Report downloads need module and token');
  const { db } = database;
  const [moduleRow] = await db.select().from(modules).where(eq(modules.id, moduleId)).limit(1);
  if (!moduleRow) throw new HttpError(404, `No module '${moduleId}'`);
  const adminId = await redeemReportToken(db, token, moduleId);
  if (!adminId) throw new HttpError(401, 'This download link has expired or was already used: download the report again');
  const [admin] = await db.select({ role: users.role, active_at: users.active_at }).from(users).where(eq(users.id, adminId)).limit(1);
  if (!admin || admin.role !== 'admin' || admin.active_at === 0) throw new HttpError(403, 'Administrator access required');

  const module = presentModule(moduleRow);
  let questionnaire: Questionnaire | null = null;
  if (moduleId === READY_AIRMAN_MODULE_ID) {
    const [q] = await db.select().from(questionnaires).where(eq(questionnaires.module_id, moduleId)).limit(1);
    const parsed = questionnaireSchema.safeParse(q?.content);
    questionnaire = parsed.success ? parsed.data : null;
  }
  const gauges = Object.keys(module.starting_gauges);
  const header = [
    'Rank', 'Unit', 'Last Name', 'First Name', 'Email', 'Status', 'Added', 'Started', 'Due', 'Completed',
    ...gauges.map((g) => `Final ${g}`),
    'Objectives Completed',
    ...(questionnaire
      ? [
          ...questionnaire.domains.flatMap((d) => [`${d.name} Before`, `${d.name} After`, `${d.name} Change`]),
          ...questionnaire.items.flatMap((i) => [`${i.id} Before`, `${i.id} After`]),
        ]
      : []),
  ];

  const now = Date.now();
  const toLine = (r: ReportRow): string => {
    let extra: (string | number)[] = [];
    if (questionnaire) {
      const q = questionnaire;
      const before = r.answers_before ? domainScores(q, r.answers_before) : {};
      const after = r.answers_after ? domainScores(q, r.answers_after) : {};
      extra = [
        ...q.domains.flatMap((d) => {
          const b = before[d.id] ?? null;
          const a = after[d.id] ?? null;
          return [b ?? '', a ?? '', b !== null && a !== null ? Math.round((a - b) * 10) / 10 : ''];
        }),
        ...q.items.flatMap((i) => [r.answers_before?.[i.id] ?? '', r.answers_after?.[i.id] ?? '']),
      ];
    }
    return csvLine([
      r.pending ? '*' : r.rank,
      r.pending ? '*' : r.unit,
      r.last_name,
      r.first_name,
      r.user_name,
      assignmentStatusLabel(r, now),
      isoOrEmpty(r.created_at),
      isoOrEmpty(r.started_at),
      isoOrEmpty(r.due_at),
      isoOrEmpty(r.completed_at),
      ...gauges.map((g) => r.final_gauges?.[g] ?? ''),
      (r.objectives_completed ?? []).join('; '),
      ...extra,
    ]);
  };

  async function* lines(): AsyncGenerator<string> {
    // A byte-order mark so spreadsheet programs read the file as UTF-8.
    yield `\uFEFF${csvLine(header)}`;
    let after: [string, string] = ['', ''];
    for (;;) {
      const rows = await database.query<ReportRow>(PAGE_SQL, [moduleId, after[0], after[1]]);
      if (rows.length === 0) return;
      yield rows.map(toLine).join('');
      const last = rows[rows.length - 1] as ReportRow;
      if (rows.length < BATCH) return;
      after = [last.sort_key, last.id];
    }
  }

  const name = filename(module.game_title);
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.utf8}`)
    .header('Cache-Control', 'no-store');
  await reply.send(Readable.from(lines()));
}
