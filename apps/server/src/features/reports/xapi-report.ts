/**
 * GET admin/reports/xapi: every run's xAPI statements as NDJSON (one statement a line),
 * for a unit without a live LRS. Rebuilt from the runs by the builder that queues them
 * (xapi/statements.ts), so a statement here is the one the LRS gets, under the same id.
 * Runs are read in keyset pages in the order they started, so the first line leaves at
 * once and one page at a time is held, whatever the number of runs.
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
import { runFacts } from '../game/run-statements.ts';
import type { RunRow } from '../game/repository.ts';
import { moduleExists } from '../modules/repository.ts';

const PAGE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

type PageRun = Pick<
  RunRow,
  | 'id'
  | 'user_id'
  | 'module_id'
  | 'module_snapshot'
  | 'status'
  | 'started_at'
  | 'finished_at'
  | 'score_points'
  | 'answers_before'
  | 'answers_after'
>;

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

async function* runPages(database: Database, query: XapiReportQuery, scope: Scope): AsyncGenerator<PageRun[]> {
  const units: unknown[] = [];
  const sql = pageSql(scope === null ? null : scopeSql('s', scope, (unit) => `$${4 + units.push(unit)}`));
  // Past (from, ''): every run that started on `from` or later (ids are never empty).
  let after: [number, string] = [query.from ? Date.parse(`${query.from}T00:00:00Z`) : -1, ''];
  const end = query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : Number.MAX_SAFE_INTEGER;
  for (;;) {
    // PGlite runs each query on this thread: between pages, the rest of the server gets its turn.
    await new Promise((resolve) => setImmediate(resolve));
    const [row] = await database.query<{ page: string }>(sql, [...after, end, query.module ?? null, ...units]);
    const runs = JSON.parse(row?.page ?? '[]') as PageRun[];
    const last = runs.at(-1);
    if (last) yield runs;
    if (!last || runs.length < PAGE) return;
    after = [last.started_at, last.id];
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
