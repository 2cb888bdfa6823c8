/**
 * A burst of assignment updates as the application writes them, one assignment
 * a transaction, for the progress benchmark: what they cost, and how the
 * tables the progress counts are kept in grow with them. Of each ten:
 * four start a run (a new run on a finished or started module changes nothing
 * that is counted), three finish one complete, one failed, and two move a due
 * date (as an administrator does). The assignments are picked at random (a
 * fixed sequence) among the seeded ones.
 */
import type { Database } from '../../apps/server/src/db/database.ts';
import { BENCH_MODULES } from './seed-users.ts';
import { DAY_MS } from './seed-progress.ts';

const START = `UPDATE assignments SET started_at = CASE WHEN started_at > 0 THEN started_at ELSE $3::bigint END,
  game_status = CASE WHEN completed_at > 0 THEN game_status ELSE 0 END
  WHERE user_id = $1 AND module_id = $2`;
// A finished run: a completed assignment keeps its completion and status (a replay never undoes it).
const FINISH = `UPDATE assignments SET game_status = CASE WHEN completed_at > 0 THEN game_status ELSE $4::int END,
  completed_at = CASE WHEN completed_at > 0 OR $4::int <> 1 THEN completed_at ELSE $3::bigint END,
  started_at = CASE WHEN started_at > 0 THEN started_at ELSE $3::bigint - 3600000 END,
  run_score_points = CASE WHEN completed_at > 0 THEN run_score_points ELSE $5::int END
  WHERE user_id = $1 AND module_id = $2`;
const MOVE_DUE = `UPDATE assignments SET due_at = $3::bigint WHERE user_id = $1 AND module_id = $2`;

export interface TableSize {
  table: string;
  rows: number;
  /** The table's pages alone, then with its indexes, in bytes. */
  heap: number;
  total: number;
  /** Rows written since the statistics began (inserted or updated), and of the updates those that stayed on their page (HOT). */
  written: number;
  hot: number;
}

/** The progress tables (those of the counts), their size and what was written to them. */
export async function progressTableSizes(database: Database): Promise<TableSize[]> {
  const tables = await database.query<{ table: string; written: number; hot: number }>(
    `SELECT relname AS table, n_tup_ins + n_tup_upd AS written, n_tup_hot_upd AS hot
     FROM pg_stat_user_tables WHERE relname LIKE 'progress\\_%' ORDER BY relname`,
  );
  const sizes: TableSize[] = [];
  for (const { table, written, hot } of tables) {
    const [size] = await database.query<{ rows: number; heap: number; total: number }>(
      `SELECT count(*)::int AS rows, pg_relation_size('${table}') AS heap, pg_total_relation_size('${table}') AS total FROM ${table}`,
    );
    if (size)
      sizes.push({
        table,
        rows: size.rows,
        heap: Number(size.heap),
        total: Number(size.total),
        written: Number(written),
        hot: Number(hot),
      });
  }
  return sizes;
}

/** Runs `count` updates, `concurrency` at a time (1 on the embedded database), and returns how long they took in ms. */
export async function burstOfUpdates(database: Database, count: number, concurrency: number): Promise<number> {
  const [{ n: users } = { n: 0 }] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE id LIKE 'u%'`,
  );
  if (users === 0) throw new Error('no seeded users');
  let state = 12_345;
  const random = (below: number) => {
    // A linear congruential sequence: the same burst on every run.
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
  const updates: [string, unknown[]][] = [];
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const user = `u${String(random(users)).padStart(7, '0')}`;
    const module = BENCH_MODULES[random(BENCH_MODULES.length)] ?? BENCH_MODULES[0];
    const kind = i % 10;
    if (kind < 4) updates.push([START, [user, module, now]]);
    else if (kind < 8) updates.push([FINISH, [user, module, now, kind < 7 ? 1 : 2, 400 + random(500)]]);
    else updates.push([MOVE_DUE, [user, module, now + (7 + random(28)) * DAY_MS]]);
  }
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < updates.length) {
        const [text, params] = updates[next++] ?? ['', []];
        await database.query(text, params);
      }
    }),
  );
  return performance.now() - t0;
}
