/**
 * GET admin/reports/xapi: every run's xAPI statements as NDJSON (one statement a line),
 * then those of the answered follow-up questionnaires, for a unit without a live LRS.
 * Rebuilt from the runs and follow-ups by the builder that queues them (xapi/statements.ts),
 * so a statement here is the one the LRS gets, under the same id. Runs are read in keyset
 * pages in the order they started, follow-ups in the order they were answered, so the first
 * line leaves at once and one page at a time is held, whatever their number.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { NDJSON_TYPE, type XapiReportQuery } from '@airman/contracts/xapi.ts';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import type { Database } from '#db/database.ts';
import { audit } from '#lib/audit.ts';
import { HttpError } from '#lib/http-error.ts';
import { scopeSql, type Scope } from '#lib/scope.ts';
import { StatementBuilder } from '#xapi/statements.ts';
import { moduleQuestionnaire } from '../game/run-questionnaire.ts';
import { runFacts, type RunFields } from '../game/run-statements.ts';
import { moduleExists } from '../modules/repository.ts';

const PAGE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

// One page as one JSON text: PGlite hands rows over field by field, dearer than one text. `scope`:
// a condition on the run's user as user_search row `s` (a unit administrator's trainees), or none.
const pageSql = (
  scope: string | null,
) => `SELECT coalesce(json_agg(p ORDER BY p.started_at, p.id), '[]')::text AS page FROM (
  SELECT r.id, r.user_id, r.module_id, r.module_snapshot, r.status, r.started_at, r.finished_at,
         r.score_points, r.answers_before, r.answers_after
  FROM game_runs r
  WHERE (r.started_at, r.id) > ($1::bigint, $2) AND r.started_at < $3
    AND ($4::text IS NULL OR r.module_id = $4)${
      scope === null
        ? ''
        : `
    AND EXISTS (SELECT 1 FROM user_search s WHERE s.id = r.user_id AND ${scope})`
    }
  ORDER BY r.started_at, r.id
  LIMIT ${PAGE}) p`;

async function* runPages(database: Database, query: XapiReportQuery, scope: Scope): AsyncGenerator<RunFields[]> {
  const units: unknown[] = [];
  const sql = pageSql(scope === null ? null : scopeSql('s', scope, (unit) => `$${4 + units.push(unit)}`));
  // Past (from, ''): every run that started on `from` or later (ids are never empty).
  let after: [number, string] = [query.from ? Date.parse(`${query.from}T00:00:00Z`) : -1, ''];
  const end = query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : Number.MAX_SAFE_INTEGER;
  for (;;) {
    // PGlite runs each query on this thread: between pages, the rest of the server gets its turn.
    await new Promise((resolve) => setImmediate(resolve));
    const [row] = await database.query<{ page: string }>(sql, [...after, end, query.module ?? null, ...units]);
    const runs = JSON.parse(row?.page ?? '[]') as RunFields[];
    const last = runs.at(-1);
    if (last) yield runs;
    if (!last || runs.length < PAGE) return;
    after = [last.started_at, last.id];
  }
}

/** An answered follow-up questionnaire, as its statement is built from it. */
interface PageFollowup {
  user_id: string;
  module_id: string;
  completed_at: number;
  answered_at: number;
  answers: Record<string, number>;
}

// The answered follow-ups of a page, as the runs' pages are read: in the order they were answered.
const followupPageSql = (
  scope: string | null,
) => `SELECT coalesce(json_agg(p ORDER BY p.answered_at, p.user_id, p.module_id, p.completed_at), '[]')::text AS page FROM (
  SELECT f.user_id, f.module_id, f.completed_at, f.answered_at, f.answers
  FROM followups f
  WHERE f.answered_at > 0 AND f.answers IS NOT NULL
    AND (f.answered_at, f.user_id, f.module_id, f.completed_at) > ($1::bigint, $2, $3, $4::bigint) AND f.answered_at < $5
    AND ($6::text IS NULL OR f.module_id = $6)${
      scope === null
        ? ''
        : `
    AND EXISTS (SELECT 1 FROM user_search s WHERE s.id = f.user_id AND ${scope})`
    }
  ORDER BY f.answered_at, f.user_id, f.module_id, f.completed_at
  LIMIT ${PAGE}) p`;

/** The follow-ups answered from `from` to `to` (UTC days, both optional, `to` included). */
async function* followupPages(
  database: Database,
  query: XapiReportQuery,
  scope: Scope,
): AsyncGenerator<PageFollowup[]> {
  const units: unknown[] = [];
  const sql = followupPageSql(scope === null ? null : scopeSql('s', scope, (unit) => `$${6 + units.push(unit)}`));
  let after: [number, string, string, number] = [
    query.from ? Date.parse(`${query.from}T00:00:00Z`) - 1 : 0,
    '',
    '',
    -1,
  ];
  const end = query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : Number.MAX_SAFE_INTEGER;
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    const [row] = await database.query<{ page: string }>(sql, [...after, end, query.module ?? null, ...units]);
    const page = JSON.parse(row?.page ?? '[]') as PageFollowup[];
    const last = page.at(-1);
    if (last) yield page;
    if (!last || page.length < PAGE) return;
    after = [last.answered_at, last.user_id, last.module_id, last.completed_at];
  }
}

async function* lines(
  database: Database,
  builder: StatementBuilder,
  query: XapiReportQuery,
  scope: Scope,
): AsyncGenerator<string> {
  const questionnaires = new Map<string, Questionnaire | null>();
  for await (const runs of runPages(database, query, scope)) {
    let text = '';
    for (const run of runs) {
      if (!questionnaires.has(run.module_id)) {
        questionnaires.set(run.module_id, await moduleQuestionnaire(database.db, run.module_id));
      }
      const q = questionnaires.get(run.module_id) ?? null;
      for (const s of builder.all(runFacts(run), q)) text += `${JSON.stringify(s)}\n`;
    }
    yield text;
  }
  for await (const page of followupPages(database, query, scope)) {
    let text = '';
    for (const f of page) {
      if (!questionnaires.has(f.module_id)) {
        questionnaires.set(f.module_id, await moduleQuestionnaire(database.db, f.module_id));
      }
      // A questionnaire removed since: nothing to name the set by, as a run's answers then.
      const q = questionnaires.get(f.module_id) ?? null;
      if (q) text += `${JSON.stringify(builder.followupAnswered(f, q))}\n`;
    }
    yield text;
  }
}

/**
 * Streams the statements of the runs the query names (an unknown module: 404, before anything is
 * sent); for a unit administrator (`scope`), only the runs of the trainees of its units.
 */
export async function sendXapiReport(
  query: XapiReportQuery,
  reply: FastifyReply,
  database: Database,
  publicUrl: string,
  scope: Scope = null,
): Promise<void> {
  if (query.module !== undefined && !(await moduleExists(database.db, query.module)))
    throw new HttpError(404, `No module '${query.module}'`);
  // An export changes nothing but is audited, as a report download is: who took which records, when.
  await audit(database.db, {
    action: 'report.xapi',
    target: { kind: 'report', id: query.module ?? '' },
    after: {
      module: query.module ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
      ...(scope !== null && { units: scope }),
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  reply
    .header('Content-Type', `${NDJSON_TYPE}; charset=utf-8`)
    .header('Content-Disposition', `attachment; filename="xapi-statements-${day}.ndjson"`)
    .header('Cache-Control', 'no-store');
  await reply.send(
    Readable.from(lines(database, new StatementBuilder(publicUrl), query, scope), { objectMode: false }),
  );
}
