/**
 * Bulk data for benchmarks: N users with 5 assignments each, written with
 * set-based SQL (generate_series) so 100,000 users take seconds, not minutes.
 * Every fourth user has completed their modules; for the first module (the one
 * the CSV report benchmark downloads) they also have the finished run the
 * report reads: final gauges, objectives and questionnaire answers before and after.
 */
import type { Database } from '../../apps/server/src/db/database.ts';
import { seed } from '../../apps/server/src/seed/seed.ts';

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
];
export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
];

export const BENCH_MODULES = ['ready_airman_training', 'bench_m1', 'bench_m2', 'bench_m3', 'bench_m4'];

/** The product's seed (its base module and questionnaire, this administrator), saying nothing. */
export function seedQuietly(database: Database, adminEmail: string, adminPassword: string): Promise<void> {
  return seed(database.db, {
    adminEmail,
    adminPassword,
    announce: () => undefined,
    log: { info: () => undefined } as never,
  });
}

/** Writes the benchmark's modules (copies of ready_airman_training) if they are missing. */
export async function benchModules(database: Database, now: number): Promise<void> {
  for (const id of BENCH_MODULES.slice(1)) {
    await database.query(
      `INSERT INTO modules (id, game_title, game_type, content, created_at, updated_at)
       SELECT $1::text, $2::text, 'ready_airman_training', content, $3::bigint, $3::bigint FROM modules WHERE id = 'ready_airman_training'
       ON CONFLICT DO NOTHING`,
      [id, `Bench module ${id}`, now],
    );
  }
}

export async function seedBenchUsers(database: Database, count: number, passwordHash: string): Promise<void> {
  const now = Date.now();
  await benchModules(database, now);
  const last = `ARRAY[${LAST_NAMES.map((n) => `'${n}'`).join(',')}]`;
  const first = `ARRAY[${FIRST_NAMES.map((n) => `'${n}'`).join(',')}]`;
  const batch = 10_000;
  for (let start = 0; start < count; start += batch) {
    const end = Math.min(count, start + batch) - 1;
    await database.query(
      `INSERT INTO users (id, user_name, password_hash, first_name, last_name, rank, unit, role, active_at, created_at)
       SELECT 'u' || lpad(g::text, 7, '0'),
              'user' || g || '@bench.example.com',
              $1::text,
              (${first})[1 + g % ${FIRST_NAMES.length}],
              (${last})[1 + (g * 7) % ${LAST_NAMES.length}] || CASE WHEN g % 3 = 0 THEN '' ELSE chr(97 + g % 26) || chr(97 + (g / 26) % 26) END,
              'SrA', '655 ISRW', 'user', $2::bigint, $2::bigint
       FROM generate_series($3::int, $4::int) AS g`,
      [passwordHash, now, start, end],
    );
    await database.query(
      `INSERT INTO assignments (user_id, module_id, created_at, started_at, completed_at, due_at, game_status)
       SELECT 'u' || lpad(g::text, 7, '0'), m, $1::bigint,
              CASE WHEN g % 2 = 0 THEN $1::bigint ELSE 0 END,
              CASE WHEN g % 4 = 0 THEN $1::bigint ELSE 0 END,
              $1::bigint + 86400000, CASE WHEN g % 4 = 0 THEN 1 ELSE 0 END
       FROM generate_series($2::int, $3::int) AS g, unnest($4::text[]) AS m`,
      [now, start, end, BENCH_MODULES],
    );
    await database.query(
      `INSERT INTO game_runs (id, user_id, module_id, seed, module_snapshot, status, final_gauges, objectives_completed,
                              answers_before, answers_after, started_at, finished_at)
       SELECT 'r' || lpad(g::text, 7, '0'), 'u' || lpad(g::text, 7, '0'), m.id, g, m.content::json, 'complete',
              (SELECT jsonb_object_agg(k, 20 + (g + length(k)) % 60) FROM json_object_keys(m.content->'starting_gauges') AS k),
              '["Complete readiness training", "Pass the PT test"]'::jsonb,
              (SELECT jsonb_object_agg(i, 1 + (g + n::int) % 5) FROM jsonb_array_elements_text(jsonb_path_query_array(q.content::jsonb, '$.items[*].id')) WITH ORDINALITY AS x(i, n)),
              (SELECT jsonb_object_agg(i, 1 + (g + 2 * n::int) % 5) FROM jsonb_array_elements_text(jsonb_path_query_array(q.content::jsonb, '$.items[*].id')) WITH ORDINALITY AS x(i, n)),
              $1::bigint - 3600000, $1::bigint
       FROM generate_series($2::int, $3::int) AS g, modules m LEFT JOIN questionnaires q ON q.module_id = m.id
       WHERE g % 4 = 0 AND m.id = $4`,
      [now, start, end, BENCH_MODULES[0]],
    );
    // As finishing those runs does: their results onto the assignments.
    await database.query(
      `UPDATE assignments a SET run_final_gauges = g.final_gauges, run_objectives_completed = g.objectives_completed,
              run_answers_before = g.answers_before, run_answers_after = g.answers_after
       FROM game_runs g
       WHERE g.id BETWEEN 'r' || lpad($1::text, 7, '0') AND 'r' || lpad($2::text, 7, '0')
         AND a.user_id = g.user_id AND a.module_id = g.module_id`,
      [start, end],
    );
  }
  // The state the database keeps itself in (autovacuum on PostgreSQL, the embedded
  // server's own maintenance on PGlite): the old row versions the seeding left
  // behind (every users row is rewritten when its assignments arrive) are reclaimed.
  await database.query('VACUUM (ANALYZE)');
}
