/**
 * Training progress at a glance (GET admin/progress). The counts come from
 * the progress tables that triggers keep as assignments change (db/schema.ts,
 * migrations 0017 and 0021): a page sums a few thousand rows of counts instead
 * of reading every assignment, those summed over ranks unless it asks for one.
 * The overdue list reads the assignments through their overdue index. Five
 * statements, run side by side.
 *
 * `current` is the completed assignments less those whose completion has lapsed but that the
 * scheduler has not renewed yet (features/record/renewals.ts; read through assignments_renews_idx,
 * a few at any time). With recert=due the counts, the completions and the questionnaire means are
 * of the assignments due for recertification, read through the same index (those are not in the
 * counts' keys): their completions are their certificates, their means scored as the triggers do.
 */
import type {
  OverdueTraineesQuery,
  OverdueTraineesResponse,
  ProgressQuery,
  ProgressResponse,
  StatusCounts,
} from '@airman/contracts/progress.ts';
import { NUDGE_USERS_MAX } from '@airman/contracts/record.ts';
import { PROGRESS_DEFAULT_WEEKS, PROGRESS_MAX_RANGE_DAYS, PROGRESS_OVERDUE_LIMIT } from '@airman/contracts/progress.ts';
import type { Database } from '#db/database.ts';
import { HttpError } from '#lib/http-error.ts';
import { unitTreeSql, unitsTreeSql } from '#lib/unit-tree.ts';
import { scopeSql } from '#lib/scope.ts';
import { usableAccountSql } from '#auth/usable-account.ts';
import { NUDGE_EVERY_MS } from '../record/nudge.ts';
import { pairedChange } from './confidence.ts';

const DAY_MS = 86_400_000;

/**
 * A progress_status (or progress_status_by_unit) row's status as spec §4 labels it, as a number: past due
 * (not completed and due before $1) wins, then never started, then game_status.
 * 0 not started, 1 in progress, 2 complete, 3 failed, 4 quit, 5 past due.
 */
export const progressStatusSql = (now: string) => `CASE WHEN NOT completed AND due_at > 0 AND due_at < ${now} THEN 5
  WHEN NOT started THEN 0
  WHEN game_status = 1 THEN 2
  WHEN game_status = 2 THEN 3
  WHEN game_status = 3 THEN 5
  WHEN game_status = 4 THEN 4
  ELSE 1 END`;
const STATUS_SQL = progressStatusSql('$1');

/**
 * The filters as SQL conditions, their values numbered from $`first`; columns
 * as the progress tables name them, or prefixed (a. for the assignment, u. for the user).
 */
function filterSql(
  query: ProgressQuery,
  first: number,
  prefixed = false,
  scope: readonly string[] | null = null,
): { where: string; params: unknown[]; userWhere: string; moduleWhere: string } {
  const conditions: string[] = [];
  const userConditions: string[] = [];
  const moduleConditions: string[] = [];
  const params: unknown[] = [];
  const add = (column: string, value: string | undefined, of: string[][]) => {
    if (value === undefined) return;
    params.push(value);
    for (const list of of) list.push(`${column} = $${first + params.length - 1}`);
  };
  add(prefixed ? 'a.module_id' : 'module_id', query.module, [conditions, moduleConditions]);
  // The unit and every unit under it (lib/unit-tree.ts); its text is one parameter, however often used.
  if (query.unit !== undefined) {
    let placeholder: string | undefined;
    const once = (value: unknown) => (placeholder ??= `$${first + params.push(value) - 1}`);
    const sql = unitTreeSql(prefixed ? 'u.unit_path' : 'unit_path', query.unit, once);
    conditions.push(sql);
    userConditions.push(sql);
  }
  add(prefixed ? 'u.rank' : 'rank', query.rank, [conditions, userConditions]);
  // A unit administrator's units: the counts of their assignments; the overdue trainees of them.
  if (scope !== null) {
    const bind = (value: unknown) => `$${first + params.push(value) - 1}`;
    const sql = prefixed ? scopeSql('u', scope, bind) : unitsTreeSql('unit_path', scope, bind);
    conditions.push(sql);
    userConditions.push(sql);
  }
  const all = (list: string[]) => (list.length ? list.join(' AND ') : 'true');
  return { where: all(conditions), params, userWhere: all(userConditions), moduleWhere: all(moduleConditions) };
}

interface CountsRow {
  by_unit: number;
  module_id: string | null;
  unit: string | null;
  assigned: number;
  not_started: number;
  in_progress: number;
  complete: number;
  failed: number;
  quit: number;
  past_due: number;
  overdue: number;
  completed: number;
}

interface LapsedRow {
  by_unit: number;
  module_id: string | null;
  unit: string | null;
  n: number;
}

function countsOf(row: CountsRow | undefined, lapsed: number): StatusCounts {
  const n = (k: keyof Omit<StatusCounts, 'completion' | 'current' | 'current_share'>) => Number(row?.[k] ?? 0);
  const assigned = n('assigned');
  const current = Math.max(0, Number(row?.completed ?? 0) - lapsed);
  return {
    assigned,
    not_started: n('not_started'),
    in_progress: n('in_progress'),
    complete: n('complete'),
    failed: n('failed'),
    quit: n('quit'),
    past_due: n('past_due'),
    completion: assigned === 0 ? 0 : n('complete') / assigned,
    current,
    current_share: assigned === 0 ? 0 : current / assigned,
  };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
/** The Monday (UTC) of the week of epoch day d (1970-01-01 was a Thursday). */
const mondayOf = (day: number) => day - ((((day + 3) % 7) + 7) % 7);

/** The completions chart's range: as asked, or the last PROGRESS_DEFAULT_WEEKS weeks to today. */
function progressRange(query: Pick<ProgressQuery, 'from' | 'to'>, now: number): { from: string; to: string } {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(dayMs(to) - (PROGRESS_DEFAULT_WEEKS * 7 - 1) * DAY_MS);
  if (from > to) throw new HttpError(400, 'from: must not be after to');
  if ((dayMs(to) - dayMs(from)) / DAY_MS >= PROGRESS_MAX_RANGE_DAYS) {
    throw new HttpError(400, `from: the range may be at most ${PROGRESS_MAX_RANGE_DAYS} days`);
  }
  return { from, to };
}

/** GET admin/progress/overdue-trainees: who "remind all overdue in this filter" reaches. */
export async function overdueTrainees(
  database: Database,
  query: OverdueTraineesQuery,
  now = Date.now(),
  scope: readonly string[] | null = null,
): Promise<OverdueTraineesResponse> {
  if (query.module !== undefined) {
    const found = await database.query('SELECT 1 FROM modules WHERE id = $1', [query.module]);
    if (found.length === 0) throw new HttpError(404, `No module '${query.module}'`);
  }
  const filter = filterSql(query, 3, true, scope);
  // The overdue list's assignments (as below), less whom the reminder would skip (features/record/nudge.ts).
  const rows = await database.query<{ id: string }>(
    `SELECT u.id FROM user_search u
     WHERE ${usableAccountSql('u')} AND ${filter.userWhere}
       AND EXISTS (SELECT 1 FROM assignments a JOIN modules m ON m.id = a.module_id
                   WHERE a.user_id = u.id AND a.completed_at = 0 AND a.due_at > 0 AND a.due_at < $1
                     AND m.archived_at = 0 AND ${filter.moduleWhere}${query.recert === 'due' ? ' AND a.renews_at > 0 AND a.renews_at <= $1' : ''})
       AND NOT EXISTS (SELECT 1 FROM nudges n WHERE n.user_id = u.id AND n.nudged_at > $2)
     ORDER BY u.id
     LIMIT ${NUDGE_USERS_MAX}`,
    [now, now - NUDGE_EVERY_MS, ...filter.params],
  );
  return { user_ids: rows.map((r) => r.id) };
}

export async function progressReport(
  database: Database,
  query: ProgressQuery,
  now = Date.now(),
  scope: readonly string[] | null = null,
): Promise<Omit<ProgressResponse, 'followup_days'>> {
  const range = progressRange(query, now);
  const moduleRows = await database.query<{ id: string; title: string; archived_at: number }>(
    `SELECT id, game_title AS title, archived_at FROM modules ${query.module !== undefined ? 'WHERE id = $1' : ''} ORDER BY lower(game_title), id`,
    query.module !== undefined ? [query.module] : [],
  );
  if (query.module !== undefined && moduleRows.length === 0) throw new HttpError(404, `No module '${query.module}'`);

  const fromDay = dayMs(range.from) / DAY_MS;
  const toDay = dayMs(range.to) / DAY_MS;
  const counted = filterSql(query, 2, false, scope);
  const overdueFilter = filterSql(query, 2, true, scope);
  // Without a rank the counts summed over ranks (migration 0021) serve: a tenth of the rows.
  const byRank = query.rank !== undefined;
  const recertDue = query.recert === 'due';
  // Due for recertification: the assignments themselves, through assignments_renews_idx, in the counts' columns.
  const statusTable = recertDue
    ? `(SELECT a.module_id, u.unit, u.unit_path, u.rank, 1 AS n, a.started_at > 0 AS started, a.completed_at > 0 AS completed,
               a.game_status, a.due_at
        FROM assignments a JOIN user_search u ON u.id = a.user_id
        WHERE a.renews_at > 0 AND a.renews_at <= $1) t`
    : byRank
      ? 'progress_status'
      : 'progress_status_by_unit';
  const completionsTable = byRank ? 'progress_completions' : 'progress_completions_by_unit';
  // With recert=due: the completions' filters after $1-$3, the questionnaire's from $1 (then now).
  const recertCompletions = filterSql(query, 4, true, scope);
  const recertAnswers = filterSql(query, 1, true, scope);
  const followupFilter = filterSql(query, 1, false, scope);
  const [counts, lapsedRows, days, overdue, domains, changes, later] = await Promise.all([
    database.query<CountsRow>(
      `SELECT grouping(module_id) AS by_unit, module_id, unit, sum(n) AS assigned,
              sum(n) FILTER (WHERE st = 0) AS not_started, sum(n) FILTER (WHERE st = 1) AS in_progress,
              sum(n) FILTER (WHERE st = 2) AS complete, sum(n) FILTER (WHERE st = 3) AS failed,
              sum(n) FILTER (WHERE st = 4) AS quit, sum(n) FILTER (WHERE st = 5) AS past_due,
              sum(n) FILTER (WHERE overdue) AS overdue, sum(n) FILTER (WHERE completed) AS completed
       FROM (SELECT module_id, unit, n, completed, ${STATUS_SQL} AS st, (NOT completed AND due_at > 0 AND due_at < $1) AS overdue
             FROM ${statusTable} WHERE ${counted.where}) s
       GROUP BY GROUPING SETS ((module_id), (unit))
       HAVING sum(n) > 0`,
      [now, ...counted.params],
    ),
    // Completions that have lapsed and wait for the scheduler's renewal: counted completed, not current.
    database.query<LapsedRow>(
      `SELECT grouping(a.module_id) AS by_unit, a.module_id, u.unit, count(*) AS n
       FROM assignments a JOIN user_search u ON u.id = a.user_id
       WHERE a.renews_at > 0 AND a.renews_at <= $1 AND a.completed_at > 0 AND ${overdueFilter.where}
       GROUP BY GROUPING SETS ((a.module_id), (u.unit))`,
      [now, ...overdueFilter.params],
    ),
    database.query<{ day: number; completions: number }>(
      recertDue
        ? // The completions of the assignments due for recertification: their certificates, one per completion.
          `SELECT (c.completed_at / 86400000)::integer AS day, count(*) AS completions
           FROM assignments a JOIN user_search u ON u.id = a.user_id
           JOIN certificates c ON c.user_id = a.user_id AND c.module_id = a.module_id
           WHERE a.renews_at > 0 AND a.renews_at <= $1 AND c.completed_at >= $2 AND c.completed_at < $3
             AND ${recertCompletions.where}
           GROUP BY 1`
        : `SELECT day, sum(n) AS completions FROM ${completionsTable}
           WHERE day >= $1 AND day <= $2 AND ${filterSql(query, 3, false, scope).where} GROUP BY day`,
      recertDue
        ? [now, fromDay * DAY_MS, (toDay + 1) * DAY_MS, ...recertCompletions.params]
        : [fromDay, toDay, ...counted.params],
    ),
    database.query<{
      user_id: string;
      first_name: string;
      last_name: string;
      user_name: string;
      rank: string;
      unit: string;
      pending: boolean;
      module: string;
      due_at: number;
    }>(
      // With a rank the trainees are few (a unit's rank: about 1% of them): gather them first and
      // look each one's overdue assignments up in assignments_overdue_user_idx (migration 0022),
      // rather than walk every overdue assignment in due order and look up each one's user (86,806
      // buffers at 100,000 users). Their unit and rank are not asked again of the join: the planner
      // would then count on a few dozen of them, not a thousand, and its estimates of what follows
      // would be off (on the embedded database, PostgreSQL 18, it skipped through the due dates of
      // the overdue index for each trainee: 30,378 buffers).
      `${byRank ? `WITH u AS MATERIALIZED (SELECT * FROM user_search u WHERE ${overdueFilter.userWhere})` : ''}
       SELECT u.id AS user_id, u.first_name, u.last_name, u.user_name, u.rank, u.unit, u.pending, a.module_id AS module, a.due_at
       FROM assignments a JOIN ${byRank ? 'u' : 'user_search u'} ON u.id = a.user_id
       WHERE a.completed_at = 0 AND a.due_at > 0 AND a.due_at < $1
         AND ${byRank ? overdueFilter.moduleWhere : overdueFilter.where}${recertDue ? ' AND a.renews_at > 0 AND a.renews_at <= $1' : ''}
       ORDER BY a.due_at, a.user_id, a.module_id
       LIMIT ${PROGRESS_OVERDUE_LIMIT}`,
      [now, ...overdueFilter.params],
    ),
    database.query<{
      module: string;
      domain: string;
      name: string;
      phase: 'before' | 'after' | null;
      mean: number | null;
      n: number;
    }>(
      // Each questionnaire's domains in its order, with the sums of the filtered trainees' scores:
      // from the sums kept by triggers, or scored as they are (the same function) for the
      // assignments due for recertification.
      `WITH sums AS (${
        recertDue
          ? `SELECT s.module_id, s.phase, s.domain, sum(s.score) AS total, count(*) AS n
             FROM (SELECT array_agg(ROW(a.user_id, a.module_id, u.unit, u.rank, a.started_at, a.completed_at, a.due_at,
                                        a.game_status, a.run_answers_before, a.run_answers_after)::progress_item) AS items
                   FROM assignments a JOIN user_search u ON u.id = a.user_id
                   WHERE a.renews_at > 0 AND a.renews_at <= $${recertAnswers.params.length + 1}
                     AND ${recertAnswers.where}) i
             CROSS JOIN LATERAL progress_item_scores(i.items) s
             GROUP BY 1, 2, 3`
          : `SELECT module_id, phase, domain, sum(score_sum) AS total, sum(n) AS n
             FROM progress_answers WHERE ${filterSql(query, 1, false, scope).where} GROUP BY 1, 2, 3 HAVING sum(n) > 0`
      })
       SELECT q.module_id AS module, d->>'id' AS domain, d->>'name' AS name, sums.phase,
              round(sums.total / sums.n, 1)::float8 AS mean, sums.n
       FROM questionnaires q CROSS JOIN LATERAL jsonb_array_elements(q.content->'domains') WITH ORDINALITY AS x(d, ord)
       LEFT JOIN sums ON sums.module_id = q.module_id AND sums.domain = d->>'id'
       ${query.module !== undefined ? 'WHERE q.module_id = $1' : ''}
       ORDER BY q.module_id, x.ord`,
      recertDue ? [...recertAnswers.params, now] : counted.params,
    ),
    database.query<ChangeRow>(
      // The paired changes (after − before) of the filtered trainees: from the sums kept by
      // triggers (migration 0046), or paired as they are for the assignments due for recertification.
      recertDue
        ? `SELECT c.module_id AS module, c.domain, count(*) AS n, sum(c.change)::float8 AS total,
                  sum(c.change * c.change)::float8 AS squares, count(*) FILTER (WHERE c.change > 0) AS improved
           FROM (SELECT array_agg(ROW(a.user_id, a.module_id, u.unit, u.rank, a.started_at, a.completed_at, a.due_at,
                                      a.game_status, a.run_answers_before, a.run_answers_after)::progress_item) AS items
                 FROM assignments a JOIN user_search u ON u.id = a.user_id
                 WHERE a.renews_at > 0 AND a.renews_at <= $${recertAnswers.params.length + 1}
                   AND a.run_answers_before IS NOT NULL AND a.run_answers_after IS NOT NULL
                   AND ${recertAnswers.where}) i
           CROSS JOIN LATERAL progress_item_changes(i.items) c
           GROUP BY 1, 2`
        : `SELECT module_id AS module, domain, sum(n) AS n, sum(change_sum)::float8 AS total,
                  sum(change_squares)::float8 AS squares, sum(improved) AS improved
           FROM progress_changes WHERE ${filterSql(query, 1, false, scope).where} GROUP BY 1, 2 HAVING sum(n) > 0`,
      recertDue ? [...recertAnswers.params, now] : counted.params,
    ),
    database.query<LaterRow>(
      // The counted follow-ups (each trainee's latest of a module, features/followup): each domain's
      // score, and its change against the trainee's before set, summed by triggers (migration
      // 0046). Not narrowed by recert.
      `SELECT module_id AS module, domain, kind, sum(n) AS n, sum(total)::float8 AS total, sum(squares)::float8 AS squares
       FROM progress_followups WHERE ${followupFilter.where} GROUP BY 1, 2, 3 HAVING sum(n) > 0`,
      followupFilter.params,
    ),
  ]);

  const byModule = new Map(counts.filter((r) => Number(r.by_unit) === 0).map((r) => [r.module_id, r]));
  const lapsed = new Map(
    lapsedRows.map((r) => [`${Number(r.by_unit)}:${(Number(r.by_unit) ? r.unit : r.module_id) ?? ''}`, Number(r.n)]),
  );
  const lapsedOf = (byUnit: number, key: string | null) => lapsed.get(`${byUnit}:${key ?? ''}`) ?? 0;
  const titles = new Map(moduleRows.map((m) => [m.id, m.title]));
  const perDay = new Map(days.map((d) => [Number(d.day), Number(d.completions)]));
  const weekRows: ProgressResponse['weeks'] = [];
  for (let monday = mondayOf(fromDay); monday <= toDay; monday += 7) {
    let completions = 0;
    for (let d = monday; d < monday + 7; d++) completions += perDay.get(d) ?? 0;
    weekRows.push({ week: isoDay(monday * DAY_MS), completions });
  }

  return {
    now,
    ...range,
    modules: moduleRows
      .filter((m) => m.archived_at === 0 || byModule.has(m.id) || query.module !== undefined)
      .map((m) => ({
        id: m.id,
        title: m.title,
        archived: m.archived_at > 0,
        ...countsOf(byModule.get(m.id), lapsedOf(0, m.id)),
      })),
    units: counts
      .filter((r) => Number(r.by_unit) === 1)
      .map((r) => ({ unit: r.unit ?? '', ...countsOf(r, lapsedOf(1, r.unit)) }))
      .sort((a, b) => (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0)),
    weeks: weekRows,
    questionnaires: questionnaireMeans(domains, changes, later, titles),
    overdue_total: [...byModule.values()].reduce((sum, r) => sum + Number(r.overdue), 0),
    overdue: overdue.map((o) => ({
      ...o,
      module_title: titles.get(o.module) ?? o.module,
      due_at: Number(o.due_at),
      days_overdue: Math.floor((now - Number(o.due_at)) / DAY_MS),
    })),
  };
}

interface ChangeRow {
  module: string;
  domain: string;
  n: number;
  total: number;
  squares: number;
  improved: number;
}

interface LaterRow {
  module: string;
  domain: string;
  kind: 'score' | 'change';
  n: number;
  total: number;
  squares: number;
}

/** The questionnaire statement's rows (one per domain and phase) as each module's domains, with their changes. */
function questionnaireMeans(
  rows: {
    module: string;
    domain: string;
    name: string;
    phase: 'before' | 'after' | null;
    mean: number | null;
    n: number;
  }[],
  changes: ChangeRow[],
  later: LaterRow[],
  titles: Map<string, string>,
): ProgressResponse['questionnaires'] {
  const key = (module: string, domain: string) => JSON.stringify([module, domain]);
  const paired = new Map(changes.map((c) => [key(c.module, c.domain), c]));
  const laterOf = new Map(later.map((l) => [JSON.stringify([l.module, l.domain, l.kind]), l]));
  type Domain = ProgressResponse['questionnaires'][number]['domains'][number];
  const out = new Map<string, Map<string, Domain>>();
  for (const r of rows) {
    const domains = out.get(r.module) ?? new Map<string, Domain>();
    out.set(r.module, domains);
    const entry = domains.get(r.domain) ?? {
      id: r.domain,
      name: r.name,
      before: { mean: null, n: 0 },
      after: { mean: null, n: 0 },
      ...changesOf(paired.get(key(r.module, r.domain)), laterOf, r.module, r.domain),
    };
    domains.set(r.domain, entry);
    if (r.phase) entry[r.phase] = { mean: r.mean === null ? null : Number(r.mean), n: Number(r.n) };
  }
  return [...out].map(([module, domains]) => ({
    module,
    title: titles.get(module) ?? module,
    domains: [...domains.values()],
  }));
}

/** A domain's paired change, its follow-up's mean and its follow-up change, from their sums. */
function changesOf(
  paired: ChangeRow | undefined,
  later: Map<string, LaterRow>,
  module: string,
  domain: string,
): Pick<ProgressResponse['questionnaires'][number]['domains'][number], 'paired' | 'followup' | 'followup_mean'> {
  const score = later.get(JSON.stringify([module, domain, 'score']));
  const change = later.get(JSON.stringify([module, domain, 'change']));
  const scoreN = Number(score?.n ?? 0);
  const changeN = Number(change?.n ?? 0);
  let followup = null;
  if (change && changeN > 0) {
    const { n, mean_change, ci95 } = pairedChange(changeN, Number(change.total), Number(change.squares), 0);
    followup = { n, mean_change, ci95 };
  }
  return {
    followup_mean: {
      mean: score && scoreN > 0 ? Math.round((Number(score.total) / scoreN) * 10) / 10 : null,
      n: scoreN,
    },
    paired: pairedChange(
      Number(paired?.n ?? 0),
      Number(paired?.total ?? 0),
      Number(paired?.squares ?? 0),
      Number(paired?.improved ?? 0),
    ),
    followup,
  };
}
