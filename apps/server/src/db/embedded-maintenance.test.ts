import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_VACUUM_DELAY_MS, scheduleVacuum, vacuumTables } from './embedded-maintenance.ts';

describe('embedded database maintenance', () => {
  let client: PGlite | undefined;
  afterEach(async () => {
    await client?.close();
  });

  it('gives the space of old row versions back, so that updating every row again does not grow the table', async () => {
    client = await PGlite.create();
    await client.exec(`CREATE TABLE t (id int PRIMARY KEY, v text);
      INSERT INTO t SELECT g, repeat('x', 200) FROM generate_series(1, 5000) AS g;
      UPDATE t SET v = repeat('y', 200);`);
    const size = async () => (await client!.query<{ n: number }>(`SELECT pg_relation_size('t')::int AS n`)).rows[0]?.n;
    const withOldVersions = await size();
    expect(await vacuumTables(client)).toBeGreaterThanOrEqual(1);
    await client.exec(`UPDATE t SET v = repeat('z', 200)`);
    expect(await size()).toBe(withOldVersions);
  });

  it('runs a minute after start and, stopped mid-run, finishes that run and schedules no other', async () => {
    client = await PGlite.create();
    await client.exec('CREATE TABLE t (id int PRIMARY KEY)');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const warnings: unknown[] = [];
      const maintenance = scheduleVacuum(client, (_message, err) => warnings.push(err));
      vi.advanceTimersByTime(FIRST_VACUUM_DELAY_MS);
      await maintenance.stop();
      const [t] = (await client.query<{ vacuumed: boolean }>(`SELECT last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables WHERE relname = 't'`)).rows;
      expect({ vacuumed: t?.vacuumed, warnings, timers: vi.getTimerCount() }).toEqual({ vacuumed: true, warnings: [], timers: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
