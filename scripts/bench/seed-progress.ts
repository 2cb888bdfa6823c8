/**
 * The progress benchmark's data: N trainees with 5 assignments each, spread
 * over what the progress page groups by: 12 units, 8 ranks, every assignment
 * status (past due included), completions over the last 26 weeks, due dates
 * as cohorts get them (a Friday, picked in the date picker: the date plus 23
 * hours, in one of the 4 weeks behind or 8 weeks ahead), and the kept run
 * results of every finished run, with the questionnaire's answers before and
 * after where the module has one.
 *
 * Each row is written once, in its final state, with set-based SQL (INSERT …
 * SELECT … FROM generate_series): users, then their assignments, a batch of
 * users at a time. The inserts go through the schema's triggers, so the
 * listing JSON, user_search, assignment_search, the user count and the
 * progress counts are what the application's own writes leave (checked by
 * seed-progress.api.test.ts against the same data written as the application
 * writes it: users moved to their unit and rank, assignments started, then
 * finished). The game runs themselves are not written: no progress statement
 * reads them, and an assignment keeps its run's results, as finishing a run
 * writes them.
 *
 * Every value is a hash of the user's number (and the module), not of the id:
 * two seeds with different id prefixes hold the same data.
 */
import type { Database } from '../../apps/server/src/db/database.ts';
import { BENCH_MODULES, benchModules, FIRST_NAMES, LAST_NAMES } from './seed-users.ts';

export const BENCH_UNITS = [
  '655 ISRW',
  '1st SOS',
  '2nd BW',
  '4th FW',
  '18th WG',
  '31st FW',
  '48th FW',
  '56th FW',
  '62nd AW',
  '92nd ARW',
  '366th FW',
  '388th FW',
];
export const BENCH_RANKS = ['AB', 'Amn', 'A1C', 'SrA', 'SSgt', 'TSgt', 'MSgt', '2d Lt'];

export const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

export interface ProgressSeed {
  /** Users are numbered 0 … count - 1. */
  count: number;
  passwordHash: string;
  /** The time the data is made for ("now" of its statuses and dates). */
  now: number;
  /** Ids are the prefix and the number on 7 digits (default 'u'). */
  prefix?: string;
  units?: string[];
  ranks?: string[];
  /** Users a statement (default 20,000: 100,000 assignments). */
  batch?: number;
  /** VACUUM (ANALYZE) after (default true). */
  vacuum?: boolean;
}

/** Friday of the week of `now` (1970-01-01 was a Thursday), 23:00 UTC: the cohorts' due dates are a week apart from it. */
export function cohortFriday(now: number): number {
  const today = Math.floor(now / DAY_MS);
  return (today - ((today + 3) % 7) + 4) * DAY_MS + 23 * 3_600_000;
}

const hash = (sql: string) => `(hashtext(${sql})::bigint & 2147483647)`;

/**
 * A user's columns from their number g (select-list items over a row source
 * that has `g`), with the parameters :units, :ranks, :now and :prefix.
 */
export const USER_COLUMNS = {
  id: `:prefix::text || lpad(g::text, 7, '0')`,
  user_name: `:prefix::text || g || '@bench.example.com'`,
  first_name: `(ARRAY[${FIRST_NAMES.map((n) => `'${n}'`).join(',')}])[1 + g % ${FIRST_NAMES.length}]`,
  last_name: `(ARRAY[${LAST_NAMES.map((n) => `'${n}'`).join(',')}])[1 + (g * 7) % ${LAST_NAMES.length}] || CASE WHEN g % 3 = 0 THEN '' ELSE chr(97 + g % 26) || chr(97 + (g / 26) % 26) END`,
  unit: `(:units::text[])[1 + ${hash('g::text')} % cardinality(:units::text[])]`,
  rank: `(:ranks::text[])[1 + ${hash(`g || 'r'`)} % cardinality(:ranks::text[])]`,
  created_at: `:now::bigint - ${200 * DAY_MS}`,
  last_login_at: `:now::bigint - ${hash(`g || 'l'`)} % ${30 * DAY_MS}`,
};

/**
 * An assignment's final columns, from the user's number g and the module `m`
 * (see ASSIGNMENTS_SOURCE), with :now and :friday (the cohorts' Friday).
 *
 * h, 0–99 per assignment: 0–19 not started, 20–39 in progress, 40–69
 * complete, 70–79 failed, 80–89 quit, 90–99 past the due date (90–94 started,
 * 95–99 not). A completion is on one of the last 182 days, its run started 1–5
 * days before; other starts are on one of the last 180 days.
 */
export const KIND = `CASE WHEN s.h < 20 OR s.h >= 95 THEN 'n' WHEN s.h < 40 OR s.h >= 90 THEN 'p'
  WHEN s.h < 70 THEN 'c' WHEN s.h < 80 THEN 'f' ELSE 'q' END`;

export const ASSIGNMENT_COLUMNS = {
  created_at: `:now::bigint - ${200 * DAY_MS}`,
  completed_at: `CASE WHEN k.kind = 'c' THEN :now::bigint - (s.h2 % 182) * ${DAY_MS} - s.h2 % ${DAY_MS / 2} ELSE 0 END`,
  started_at: `CASE k.kind WHEN 'n' THEN 0
    WHEN 'c' THEN :now::bigint - (s.h2 % 182) * ${DAY_MS} - s.h2 % ${DAY_MS / 2} - (1 + s.h2 % 5) * ${DAY_MS}
    ELSE :now::bigint - (s.h2 % 180 + 1) * ${DAY_MS} END`,
  game_status: `CASE k.kind WHEN 'c' THEN 1 WHEN 'f' THEN 2 WHEN 'q' THEN 4 ELSE 0 END`,
  due_at: `CASE WHEN s.h >= 90 THEN :friday::bigint - (1 + s.h2 % 4) * ${WEEK_MS}
    WHEN k.kind = 'c' THEN :friday::bigint + (s.h2 % 13 - 4) * ${WEEK_MS}
    ELSE :friday::bigint + (1 + s.h2 % 8) * ${WEEK_MS} END`,
  // A finished run's results (complete or failed); answers only where the module has a questionnaire.
  // The JSON values are picked from the few that m holds (their number, g, varies them).
  run_final_gauges: `CASE WHEN k.kind IN ('c', 'f') THEN m.gauges[1 + g % 60] END`,
  run_objectives_completed: `CASE k.kind WHEN 'c' THEN '["Complete readiness training", "Pass the PT test"]'::jsonb
    WHEN 'f' THEN '["Complete readiness training"]'::jsonb END`,
  run_answers_before: `CASE WHEN k.kind IN ('c', 'f') THEN m.before[1 + g % m.span] END`,
  run_answers_after: `CASE WHEN k.kind IN ('c', 'f') THEN m.after[1 + (g + s.h2 % 3) % m.span] END`,
  run_score_points: `CASE k.kind WHEN 'c' THEN 400 + s.h2 % 500 WHEN 'f' THEN s.h2 % 300 END`,
  run_stars: `CASE k.kind WHEN 'c' THEN 1 + s.h2 % 3 WHEN 'f' THEN 0 END`,
};

/**
 * Rows of (g, m, s, k) for users :first … :last and the modules :modules
 * (ASSIGNMENTS_SOURCE, after the WITH query BENCH_MODULES_CTE): m the module,
 * with the final gauges a run may end with (60 of them) and, when it has a
 * questionnaire, the answers a trainee may give before and after (one set for
 * each answer value an item starts at: `span` of them); s the hashes; k the kind.
 */
export const BENCH_MODULES_CTE = `m AS MATERIALIZED (SELECT mo.id, mo.ord,
         ARRAY(SELECT jsonb_object_agg(gauge, 20 + (v + length(gauge)) % 60)
               FROM generate_series(0, 59) AS v, json_object_keys(mo_row.content->'starting_gauges') AS gauge GROUP BY v ORDER BY v) AS gauges,
         sc.span,
         ARRAY(SELECT jsonb_object_agg(it->>'id', sc.lo + (v + n) % sc.span)
               FROM generate_series(0, sc.span - 1) AS v, jsonb_array_elements(q.content->'items') WITH ORDINALITY AS i(it, n) GROUP BY v ORDER BY v) AS before,
         ARRAY(SELECT jsonb_object_agg(it->>'id', sc.lo + (v + 2 * n) % sc.span)
               FROM generate_series(0, sc.span - 1) AS v, jsonb_array_elements(q.content->'items') WITH ORDINALITY AS i(it, n) GROUP BY v ORDER BY v) AS after
       FROM unnest(:modules::text[]) WITH ORDINALITY AS mo(id, ord)
       JOIN modules mo_row ON mo_row.id = mo.id
       LEFT JOIN questionnaires q ON q.module_id = mo.id
       LEFT JOIN LATERAL (SELECT min((v->>'value')::int) AS lo, max((v->>'value')::int) - min((v->>'value')::int) + 1 AS span
                          FROM jsonb_array_elements(q.content->'scale') v) sc ON true)`;

export const ASSIGNMENTS_SOURCE = `m
  CROSS JOIN generate_series(:first::int, :last::int) AS g
  CROSS JOIN LATERAL (SELECT ${hash(`g || ':' || m.id`)} % 100 AS h, ${hash(`m.id || ':' || g`)} AS h2) s
  CROSS JOIN LATERAL (SELECT ${KIND} AS kind) k`;

/** The seed's parameters by name, for `named`. */
export function seedValues(options: ProgressSeed): Record<string, unknown> {
  return {
    units: options.units ?? BENCH_UNITS,
    ranks: options.ranks ?? BENCH_RANKS,
    now: options.now,
    friday: cohortFriday(options.now),
    prefix: options.prefix ?? 'u',
    modules: BENCH_MODULES,
  };
}

/** SQL with :name parameters as positional ones ($1 …), numbering only the names it uses. */
export function named(sql: string, values: Record<string, unknown>): { text: string; params: unknown[] } {
  const order: string[] = [];
  const text = sql.replace(/(?<!:):([a-z_]+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for :${name}`);
    if (!order.includes(name)) order.push(name);
    return `$${order.indexOf(name) + 1}`;
  });
  return { text, params: order.map((name) => values[name]) };
}

/** Seeds the users and their assignments in their final state (see the top of this file). */
export async function seedProgress(database: Database, options: ProgressSeed): Promise<void> {
  await benchModules(database, options.now);
  const batch = options.batch ?? 20_000;
  const users = `INSERT INTO users (${Object.keys(USER_COLUMNS).join(', ')}, password_hash, role, active_at)
    SELECT ${Object.values(USER_COLUMNS).join(', ')}, :password::text, 'user', ${USER_COLUMNS.created_at}
    FROM generate_series(:first::int, :last::int) AS g`;
  const assignments = `WITH ${BENCH_MODULES_CTE}
    INSERT INTO assignments (user_id, module_id, ${Object.keys(ASSIGNMENT_COLUMNS).join(', ')})
    SELECT ${USER_COLUMNS.id}, m.id, ${Object.values(ASSIGNMENT_COLUMNS).join(', ')}
    FROM ${ASSIGNMENTS_SOURCE}
    ORDER BY g, m.ord`;
  for (let first = 0; first < options.count; first += batch) {
    const values = {
      ...seedValues(options),
      password: options.passwordHash,
      first,
      last: Math.min(options.count, first + batch) - 1,
    };
    for (const statement of [users, assignments]) {
      const { text, params } = named(statement, values);
      await database.query(text, params);
    }
  }
  // The state the database keeps itself in (autovacuum on PostgreSQL, the embedded server's
  // own maintenance on PGlite): the users rows rewritten when their assignments arrived are
  // reclaimed, and the planner has statistics.
  if (options.vacuum ?? true) await database.query('VACUUM (ANALYZE)');
}
