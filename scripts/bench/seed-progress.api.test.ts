/**
 * The progress benchmark's seed (seed-progress.ts) writes each row once, in its
 * final state: its triggers must leave every table they keep as the
 * application's writes would. Two copies of the same trainees, one seeded, the
 * other written as the application writes: invited, moved to their unit and
 * rank, assigned, started, finished (with a due date moved and moved back on
 * the way), in updates that fire the update triggers. Then every kept table and
 * the progress page must be the same for both, but for the names.
 */
import { expect, it } from 'vitest';
import type { ProgressResponse } from '@airman/contracts/progress.ts';
import { describeApi } from '../../apps/server/test/harness.ts';
import {
  ASSIGNMENT_COLUMNS,
  ASSIGNMENTS_SOURCE,
  BENCH_MODULES_CTE,
  DAY_MS,
  USER_COLUMNS,
  named,
  seedProgress,
  seedValues,
  type ProgressSeed,
} from './seed-progress.ts';
import { benchModules } from './seed-users.ts';

const COUNT = 300;
const units = (prefix: string) => ['alpha', 'bravo', 'charlie'].map((u) => `${prefix}${u}`);
const RANKS = ['AB', 'SrA', 'TSgt'];
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The same trainees, written as the application writes them. */
async function writeAsTheApplication(
  query: (text: string, params?: unknown[]) => Promise<unknown>,
  options: ProgressSeed,
): Promise<void> {
  const values = { ...seedValues(options), password: options.passwordHash, first: 0, last: options.count - 1 };
  const run = (sql: string) => {
    const { text, params } = named(sql, values);
    return query(text, params);
  };
  const id = USER_COLUMNS.id;
  // Invited into one unit at one rank (the first of each), then moved where they are.
  await run(`INSERT INTO users (id, user_name, first_name, last_name, unit, rank, created_at, last_login_at, password_hash, role, active_at)
    SELECT ${id}, ${USER_COLUMNS.user_name}, ${USER_COLUMNS.first_name}, ${USER_COLUMNS.last_name},
           (:units::text[])[1], (:ranks::text[])[1], ${USER_COLUMNS.created_at}, ${USER_COLUMNS.last_login_at},
           :password::text, 'user', ${USER_COLUMNS.created_at}
    FROM generate_series(:first::int, :last::int) AS g`);
  await run(`UPDATE users u SET unit = v.unit, rank = v.rank
    FROM (SELECT ${id} AS id, ${USER_COLUMNS.unit} AS unit, ${USER_COLUMNS.rank} AS rank FROM generate_series(:first::int, :last::int) AS g) v
    WHERE u.id = v.id`);
  // Assigned, with no due date yet.
  await run(`INSERT INTO assignments (user_id, module_id, created_at)
    SELECT ${id}, m, ${ASSIGNMENT_COLUMNS.created_at} FROM generate_series(:first::int, :last::int) AS g, unnest(:modules::text[]) AS m`);
  const final = `(WITH ${BENCH_MODULES_CTE} SELECT ${id} AS user_id, m.id AS module_id,
      ${Object.entries(ASSIGNMENT_COLUMNS)
        .map(([column, value]) => `${value} AS ${column}`)
        .join(', ')}
    FROM ${ASSIGNMENTS_SOURCE})`;
  // Due dates given; the runs started (in progress).
  await run(`UPDATE assignments a SET due_at = v.due_at, started_at = v.started_at
    FROM ${final} v WHERE a.user_id = v.user_id AND a.module_id = v.module_id`);
  // The runs finished (complete, failed) or quit, with their results.
  await run(`UPDATE assignments a SET completed_at = v.completed_at, game_status = v.game_status,
      run_final_gauges = v.run_final_gauges, run_objectives_completed = v.run_objectives_completed,
      run_answers_before = v.run_answers_before, run_answers_after = v.run_answers_after,
      run_score_points = v.run_score_points, run_stars = v.run_stars
    FROM ${final} v WHERE a.user_id = v.user_id AND a.module_id = v.module_id AND v.game_status <> 0`);
  // A due date moved a week on and back, one assignment at a time (completed or not).
  for (const [user, module] of [
    [3, 'ready_airman_training'],
    [4, 'bench_m1'],
    [5, 'bench_m2'],
  ] as const) {
    for (const days of [7, -7])
      await query(`UPDATE assignments SET due_at = due_at + $3 WHERE user_id = $1 AND module_id = $2`, [
        `${options.prefix}${String(user).padStart(7, '0')}`,
        module,
        days * DAY_MS,
      ]);
  }
}

describeApi('the progress benchmark seed', (ctx) => {
  it('leaves every table the triggers keep as the application would', { timeout: 120_000 }, async () => {
    const now = Date.now();
    const base = { count: COUNT, passwordHash: 'not-a-hash', now, ranks: RANKS, batch: 128 };
    const fast = { ...base, prefix: 'fast-', units: units('fast-') };
    const slow = { ...base, prefix: 'slow-', units: units('slow-') };
    await benchModules(ctx.database, now);
    await seedProgress(ctx.database, { ...fast, vacuum: false });
    await writeAsTheApplication((text, params) => ctx.database.query(text, params), slow);

    // Each table's rows of one copy, its names (ids, user names, units) written without the prefix.
    const rows = async (prefix: string, sql: string) =>
      (await ctx.database.query<{ row: string }>(sql, [`${prefix}%`])).map((r) => r.row.replaceAll(prefix, '#'));
    const tables: Record<string, string> = {
      users: `SELECT row_to_json(t)::text AS row FROM (SELECT id, user_name, first_name, last_name, rank, unit, role,
                active_at, created_at, last_login_at, listing FROM users WHERE id LIKE $1 ORDER BY id) t`,
      user_search: `SELECT row_to_json(s)::text AS row FROM (SELECT * FROM user_search WHERE id LIKE $1 ORDER BY id) s`,
      assignments: `SELECT row_to_json(a)::text AS row FROM (SELECT * FROM assignments WHERE user_id LIKE $1 ORDER BY user_id, module_id) a`,
      assignment_search: `SELECT row_to_json(a)::text AS row FROM (SELECT * FROM assignment_search WHERE user_id LIKE $1 ORDER BY user_id, module_id) a`,
      // Count rows whose number fell to 0 stay (decision 008): only the counts are compared.
      progress_status: `SELECT row_to_json(p)::text AS row FROM (SELECT * FROM progress_status WHERE unit LIKE $1 AND n <> 0
                          ORDER BY module_id, unit, rank, started, completed, game_status, due_at) p`,
      progress_completions: `SELECT row_to_json(p)::text AS row FROM (SELECT * FROM progress_completions WHERE unit LIKE $1 AND n <> 0
                               ORDER BY module_id, unit, rank, day) p`,
      progress_answers: `SELECT row_to_json(p)::text AS row FROM (SELECT module_id, unit, rank, phase, domain, score_sum::text, n
                           FROM progress_answers WHERE unit LIKE $1 AND n <> 0 ORDER BY module_id, unit, rank, phase, domain) p`,
    };
    for (const [table, sql] of Object.entries(tables)) {
      const seeded = await rows('fast-', sql);
      expect(seeded.length, table).toBeGreaterThan(0);
      expect(seeded, table).toEqual(await rows('slow-', sql));
    }
    // Every status and the answers are there.
    const statuses = await ctx.database.query<{ status: string; n: number }>(
      `SELECT concat_ws(' ', (started_at > 0)::text, (completed_at > 0)::text, game_status, (due_at < $2)::text) AS status, count(*)::int AS n
       FROM assignments WHERE user_id LIKE $1 GROUP BY 1 ORDER BY 1`,
      ['fast-%', now],
    );
    expect(statuses.map((s) => s.status)).toEqual([
      'false false 0 false',
      'false false 0 true',
      'true false 0 false',
      'true false 0 true',
      'true false 2 false',
      'true false 4 false',
      'true true 1 false',
      'true true 1 true',
    ]);
    const [{ n: count } = { n: 0 }] = await ctx.database.query<{ n: number }>(`SELECT n FROM user_count`);
    const [{ n: users } = { n: 0 }] = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
    expect(Number(count)).toBe(users);

    // The progress page, for a unit of each copy, then a unit's rank and a module.
    const admin = await ctx.createUser({ role: 'admin' });
    const page = async (prefix: string, query: Record<string, string>) => {
      const res = await ctx.request(admin.token, {
        method: 'GET',
        url: `/api/admin/progress?${new URLSearchParams({ ...query, unit: `${prefix}${query.unit ?? ''}` })}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { now: _now, ...figures } = res.json<ProgressResponse>();
      return JSON.parse(JSON.stringify(figures).replaceAll(prefix, '#')) as unknown;
    };
    const queries: Record<string, string>[] = [
      { unit: 'alpha' },
      { unit: 'bravo', rank: 'SrA' },
      { unit: 'charlie', module: 'ready_airman_training', from: day(now - 200 * DAY_MS), to: day(now) },
    ];
    for (const query of queries) {
      const seeded = await page('fast-', query);
      expect(seeded).toMatchObject({ units: [expect.objectContaining({ assigned: expect.any(Number) })] });
      expect(seeded, JSON.stringify(query)).toEqual(await page('slow-', query));
    }
  });
});
