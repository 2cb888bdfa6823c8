import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ANALYZE_MAX_AGE_MS,
  FIRST_VACUUM_DELAY_MS,
  PAUSE_BETWEEN_TABLES_MS,
  STATISTICS_TARGET,
  needsAnalyze,
  scheduleVacuum,
  vacuumTables,
} from './embedded-maintenance.ts';

// Each test starts an embedded database (WebAssembly) of its own from one empty cluster's dump: a
// fresh PGlite's initdb alone took 20–35 s at the lowest CPU priority beside the e2e suite on a
// 2-core machine (scripts/test.mjs).
describe('embedded database maintenance', { timeout: 90_000 }, () => {
  let empty: Blob;
  let client: PGlite | undefined;
  /** A new, empty embedded database: in memory, or in `dir`. */
  const fresh = (dir?: string) => PGlite.create(dir, { loadDataDir: empty });
  beforeAll(async () => {
    const cluster = await PGlite.create();
    empty = await cluster.dumpDataDir('none');
    await cluster.close();
  }, 90_000);
  afterEach(async () => {
    await client?.close();
  });

  it('gives the space of old row versions back, so that updating every row again does not grow the table', async () => {
    client = await fresh();
    await client.exec(`CREATE TABLE t (id int PRIMARY KEY, v text);
      INSERT INTO t SELECT g, repeat('x', 200) FROM generate_series(1, 5000) AS g;
      UPDATE t SET v = repeat('y', 200);`);
    const size = async () => (await client!.query<{ n: number }>(`SELECT pg_relation_size('t')::int AS n`)).rows[0]?.n;
    const withOldVersions = await size();
    expect((await vacuumTables(client, 0)).vacuumed).toBeGreaterThanOrEqual(1);
    await client.exec(`UPDATE t SET v = repeat('z', 200)`);
    expect(await size()).toBe(withOldVersions);
  });

  it('runs a minute after start and, stopped mid-run, finishes that run and schedules no other', async () => {
    client = await fresh();
    await client.exec('CREATE TABLE t (id int PRIMARY KEY)');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const warnings: unknown[] = [];
      const maintenance = scheduleVacuum(client, (_message, err) => warnings.push(err));
      vi.advanceTimersByTime(FIRST_VACUUM_DELAY_MS);
      let stopped = false;
      const stopping = maintenance.stop().then(() => (stopped = true));
      // The run pauses after each table.
      while (!stopped) await vi.advanceTimersByTimeAsync(PAUSE_BETWEEN_TABLES_MS);
      await stopping;
      const [t] = (
        await client.query<{ vacuumed: boolean }>(
          `SELECT last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables WHERE relname = 't'`,
        )
      ).rows;
      expect({ vacuumed: t?.vacuumed, warnings, timers: vi.getTimerCount() }).toEqual({
        vacuumed: true,
        warnings: [],
        timers: 0,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets requests that queued behind one table run before it starts the next', async () => {
    client = await fresh();
    await client.exec('CREATE TABLE a (id int PRIMARY KEY); CREATE TABLE b (id int PRIMARY KEY)');
    const db = client;
    // A long pause, so that a busy machine's late timers cannot make this fail.
    const run = vacuumTables(db, 5 * PAUSE_BETWEEN_TABLES_MS);
    // Eight statements one after another, as a sign-in makes, started with the run,
    // with a moment's work of its own between them (hashing, the network).
    const request = (async () => {
      for (let i = 0; i < 7; i++) {
        await db.query('SELECT 1');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return (
        await db.query<{ vacuumed: boolean }>(
          `SELECT last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables WHERE relname = 'b'`,
        )
      ).rows[0]?.vacuumed;
    })();
    expect(await request).toBe(false);
    await run;
  });

  it('analyzes a smaller sample than PostgreSQL does, and leaves the setting as it was', async () => {
    client = await fresh();
    await client.exec(
      `CREATE TABLE t (id int PRIMARY KEY, v int); INSERT INTO t SELECT g, g FROM generate_series(1, 20000) AS g;`,
    );
    await vacuumTables(client, 0);
    const [stats] = (
      await client.query<{ bounds: number; target: string }>(
        `SELECT array_length(histogram_bounds::text::text[], 1) AS bounds, current_setting('default_statistics_target') AS target
         FROM pg_stats WHERE tablename = 't' AND attname = 'v'`,
      )
    ).rows;
    // A histogram has one more bound than the target's buckets (PostgreSQL's default would give 101).
    expect(stats).toEqual({ bounds: STATISTICS_TARGET + 1, target: '100' });
  });

  it('analyzes a table again only once its size moved by more than 50 rows + 10%, or a week went by', async () => {
    client = await fresh();
    await client.exec(`CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t SELECT generate_series(1, 1000);`);
    const now = Date.now();
    const runs = [(await vacuumTables(client, 0, now)).analyzed];
    // 100 rows more: within 50 + 10% of 1,000.
    await client.exec('INSERT INTO t SELECT generate_series(1001, 1100)');
    runs.push((await vacuumTables(client, 0, now)).analyzed);
    await client.exec('INSERT INTO t SELECT generate_series(1101, 1200)');
    runs.push((await vacuumTables(client, 0, now)).analyzed);
    runs.push((await vacuumTables(client, 0, now + ANALYZE_MAX_AGE_MS)).analyzed);
    const t = 'public.t';
    // The first run also analyzes the table that keeps these counts.
    expect(runs.map((r) => r.includes(t))).toEqual([true, false, true, true]);
  });

  it('remembers what it analyzed across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'maintenance-'));
    try {
      const first = await fresh(dir);
      await first.exec('CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t SELECT generate_series(1, 1000);');
      await vacuumTables(first, 0);
      await first.close();
      client = await PGlite.create(dir);
      expect((await vacuumTables(client, 0)).analyzed).toEqual([]);
    } finally {
      await client?.close();
      client = undefined;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('needsAnalyze', () => {
  it('follows autovacuum: 50 rows + 10% of the last count, in either direction, or a week', () => {
    const last = { rows: 1000, at: 0 };
    expect([
      needsAnalyze(1000, undefined, 0),
      needsAnalyze(1150, last, 0),
      needsAnalyze(1151, last, 0),
      needsAnalyze(849, last, 0),
      needsAnalyze(1000, last, ANALYZE_MAX_AGE_MS - 1),
      needsAnalyze(1000, last, ANALYZE_MAX_AGE_MS),
    ]).toEqual([true, false, true, true, false, true]);
  });
});
