/**
 * PGlite runs no autovacuum. Without it every update leaves the old row
 * version behind for good (a users row is rewritten whenever its assignments
 * change, migration 0007), tables and indexes only grow, reads slow down, and
 * the planner's statistics stay as they were. So the embedded server vacuums
 * its tables itself, and analyzes those that changed: a minute after start,
 * then every six hours.
 *
 * Each statement holds the server's only thread, so a run is made of short
 * ones, spaced out:
 * - one table per statement, with a pause after each, in which the requests
 *   that waited meanwhile finish (a sign-in is eight statements: without the
 *   pause each of them would wait behind the next table);
 * - VACUUM of a table that changed little is cheap (users at 100,000: 2 – 35
 *   ms), ANALYZE is not: it reads a sample of the table's pages. So a table is
 *   analyzed, as PostgreSQL's autovacuum would, only when its row count moved
 *   by more than 50 + 10% since its last ANALYZE, or that was a week ago. Those
 *   counts are kept in the database (schema embedded_maintenance), because
 *   PGlite's activity statistics start from nothing at every start;
 * - ANALYZE samples 300 × 10 rows, not PostgreSQL's 300 × 100: at 100,000
 *   users, ANALYZE of users took 0.35 – 0.65 s (0.5 s while sign-ins ran)
 *   with the larger sample, 0.06 – 0.25 s with this one. The plans (primary
 *   keys, unique e-mail, the users list's keyset index, the trigram index)
 *   do not depend on finer statistics;
 * - columns that are only ever sent have no statistics at all (migration 0013).
 * PostgreSQL has its own autovacuum and is left to it.
 */
import type { PGlite } from '@electric-sql/pglite';

export const FIRST_VACUUM_DELAY_MS = 60_000;
export const VACUUM_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** After each table: long enough for the requests that queued meanwhile to finish. */
export const PAUSE_BETWEEN_TABLES_MS = 100;
/** ANALYZE's sample is 300 rows per unit of this target (PostgreSQL's default target: 100). */
export const STATISTICS_TARGET = 10;
/** Statistics older than this are gathered again even if the table's size did not move. */
export const ANALYZE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const ANALYZE_THRESHOLD_ROWS = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

export interface LastAnalyze {
  /** The table's row count then (pg_class.reltuples). */
  rows: number;
  at: number;
}

/** Whether a table of `rows` rows, as its VACUUM just counted them, needs ANALYZE. */
export function needsAnalyze(rows: number, last: LastAnalyze | undefined, now: number): boolean {
  if (!last) return true;
  return (
    Math.abs(rows - last.rows) > ANALYZE_THRESHOLD_ROWS + ANALYZE_SCALE_FACTOR * last.rows ||
    now - last.at >= ANALYZE_MAX_AGE_MS
  );
}

export interface MaintenanceRun {
  vacuumed: number;
  /** The tables analyzed, by qualified name. */
  analyzed: string[];
}

/** VACUUM of every table, and ANALYZE of those that need it, one after another with a pause after each. */
export async function vacuumTables(
  client: PGlite,
  pauseMs = PAUSE_BETWEEN_TABLES_MS,
  now = Date.now(),
): Promise<MaintenanceRun> {
  await client.exec(`CREATE SCHEMA IF NOT EXISTS embedded_maintenance;
    CREATE TABLE IF NOT EXISTS embedded_maintenance.analyzed (name text PRIMARY KEY, row_estimate double precision NOT NULL, at bigint NOT NULL);`);
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const { rows: previous } = await client.query<{ name: string; rows: number; at: number }>(
    'SELECT name, row_estimate AS rows, at FROM embedded_maintenance.analyzed',
  );
  const last = new Map(previous.map((r) => [r.name, { rows: r.rows, at: Number(r.at) }]));
  const analyzed: string[] = [];
  // The one session is everybody's, but only ANALYZE reads this setting.
  await client.exec(`SET default_statistics_target = ${STATISTICS_TARGET}`);
  try {
    for (const { name } of tables) {
      await client.exec(`VACUUM ${name}`);
      const [counted] = (
        await client.query<{ rows: number }>(
          'SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = $1::regclass',
          [name],
        )
      ).rows;
      const rows = Math.max(0, counted?.rows ?? 0);
      if (needsAnalyze(rows, last.get(name), now)) {
        await client.exec(`ANALYZE ${name}`);
        await client.query(
          `INSERT INTO embedded_maintenance.analyzed (name, row_estimate, at) VALUES ($1, $2, $3)
           ON CONFLICT (name) DO UPDATE SET row_estimate = excluded.row_estimate, at = excluded.at`,
          [name, rows, now],
        );
        analyzed.push(name);
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  } finally {
    await client.exec('RESET default_statistics_target');
  }
  return { vacuumed: tables.length, analyzed };
}

export interface Maintenance {
  /** No more runs; resolves once a run under way has finished. */
  stop(): Promise<void>;
}

export function scheduleVacuum(client: PGlite, warn: (message: string, err: unknown) => void): Maintenance {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer = later(FIRST_VACUUM_DELAY_MS);

  function later(ms: number): NodeJS.Timeout {
    // Never what keeps the process alive.
    return setTimeout(run, ms).unref();
  }

  function run(): void {
    running = vacuumTables(client)
      .then(
        () => undefined,
        (err: unknown) => warn('Embedded database maintenance (VACUUM) failed; it runs again in six hours', err),
      )
      .finally(() => {
        running = undefined;
        if (!stopped) timer = later(VACUUM_INTERVAL_MS);
      });
  }

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
