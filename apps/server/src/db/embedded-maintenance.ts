/**
 * PGlite runs no autovacuum. Without it every update leaves the old row
 * version behind for good (a users row is rewritten whenever its assignments
 * change, migration 0007), tables and indexes only grow, reads slow down, and
 * the planner's statistics stay as they were. So the embedded server vacuums
 * and analyzes its tables itself: a minute after start, then every six hours.
 * One table per statement, so the server's only thread is held for one table
 * at a time (users at 100,000: ~0.8 s; everything: ~2 s). PostgreSQL has its
 * own autovacuum and is left to it.
 */
import type { PGlite } from '@electric-sql/pglite';

export const FIRST_VACUUM_DELAY_MS = 60_000;
export const VACUUM_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** VACUUM (ANALYZE) of every table, one after another; how many there were. */
export async function vacuumTables(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  for (const { name } of rows) {
    await client.exec(`VACUUM (ANALYZE) ${name}`);
    // Requests waiting meanwhile get their turn between tables.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return rows.length;
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
