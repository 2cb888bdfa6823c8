/**
 * What the migrations leave: every SQL function from its file in apps/server/sql, what they
 * tell the planner, and a database part of the way to the baseline refused before anything runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { template } from '#test/databases.ts';
import { describeApi } from '#test/harness.ts';
import { openDatabase } from './database.ts';
import { applyMigrations, BEFORE_BASELINE } from './migrations.ts';
import { assignments, gameRuns, users } from './schema.ts';

const SQL_DIR = path.resolve(import.meta.dirname, '../../sql');
const DRIZZLE_DIR = path.resolve(import.meta.dirname, '../../drizzle');

describeApi('migrations', (ctx) => {
  it('leave no function but those of apps/server/sql', async () => {
    // The extension's own functions (pg_trgm's) are its, not the migrations'.
    const rows = await ctx.database.query<{ name: string }>(
      `SELECT p.proname AS name FROM pg_proc p
        WHERE p.pronamespace = 'public'::regnamespace
          AND NOT EXISTS (SELECT 1 FROM pg_depend d
                           WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
        ORDER BY 1`,
    );
    const files = new Set(fs.readdirSync(SQL_DIR).filter((f) => f.endsWith('.sql')));
    expect(rows.length, 'functions in the migrated database').toBeGreaterThan(0);
    expect(
      rows.map((r) => r.name).filter((name) => !files.has(`${name}.sql`)),
      'functions in the migrated database without their file in apps/server/sql',
    ).toEqual([]);
  });

  it('ANALYZE gathers no statistics on the columns that are only ever sent', async () => {
    const now = Date.now();
    const module = READY_AIRMAN_MODULE_ID;
    await ctx.database.db.insert(users).values({
      id: 's-user',
      user_name: 's-user@example.com',
      password_hash: 'x',
      last_name: 'Stat',
      created_at: now,
    });
    await ctx.database.db.insert(assignments).values({
      user_id: 's-user',
      module_id: module,
      created_at: now,
      run_final_gauges: { mental: 1 },
      run_objectives_completed: [],
      run_answers_before: {},
      run_answers_after: {},
    });
    await ctx.database.db.insert(gameRuns).values({
      id: 's-run',
      user_id: 's-user',
      module_id: module,
      seed: 1,
      module_snapshot: readyAirmanModule,
      status: 'complete',
      final_gauges: { mental: 1 },
      objectives_completed: [],
      answers_before: {},
      answers_after: {},
      started_at: now,
      finished_at: now,
    });
    await ctx.database.query('ANALYZE users, assignments, game_runs');
    const analyzed = await ctx.database.query<{ column: string }>(
      `SELECT tablename || '.' || attname AS column FROM pg_stats WHERE tablename IN ('users', 'assignments', 'game_runs') ORDER BY 1`,
    );
    const columns = analyzed.map((r) => r.column);
    const payload = [
      'users.listing',
      'users.password_hash',
      'assignments.run_final_gauges',
      'assignments.run_objectives_completed',
      'assignments.run_answers_before',
      'assignments.run_answers_after',
      'game_runs.module_snapshot',
      'game_runs.log',
      'game_runs.final_gauges',
      'game_runs.objectives_completed',
      'game_runs.answers_before',
      'game_runs.answers_after',
    ];
    // The columns searched, joined and sorted on still have theirs.
    expect({
      payload: columns.filter((c) => payload.includes(c)),
      others: ['users.last_name', 'assignments.module_id', 'game_runs.user_id'].filter((c) => columns.includes(c)),
    }).toEqual({
      payload: [],
      others: ['users.last_name', 'assignments.module_id', 'game_runs.user_id'],
    });
  });
});

/** A migrations table whose newest row is a step before the baseline's (0047's `when`). */
const PART_WAY = `
  CREATE SCHEMA IF NOT EXISTS drizzle;
  CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);
  DELETE FROM drizzle.__drizzle_migrations;
  INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('0047', 1795800015000);
`;
const REFUSED = new RegExp(`older than this build's first one, 0000_baseline .*commit ${BEFORE_BASELINE}`);

describe('a database migrated part of the way to the baseline', () => {
  it('is refused before anything runs [pglite]', async () => {
    // The migrated empty database, its migrations table set back a step: the baseline, had it
    // run, would have failed on its first table, which is there, and added its own row.
    const client = await PGlite.create({ loadDataDir: await template(), extensions: { pg_trgm } });
    try {
      await client.exec(PART_WAY);
      const session = new PgliteSession<Record<string, never>, Record<string, never>>(
        client,
        new PgDialect(),
        undefined,
      );
      await expect(applyMigrations(session, DRIZZLE_DIR)).rejects.toThrow(REFUSED);
      const { rows } = await client.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations');
      expect(rows).toEqual([{ hash: '0047' }]);
    } finally {
      await client.close();
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)('is refused before anything runs [postgres]', async () => {
    const name = `part_way_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
      const target = new URL(url as string);
      target.pathname = `/${name}`;
      const before = new pg.Client({ connectionString: target.toString() });
      await before.connect();
      await before.query(PART_WAY);
      await expect(openDatabase({ url: target.toString() })).rejects.toThrow(REFUSED);
      const { rows } = await before.query<{ users: string | null }>(
        "SELECT to_regclass('public.users')::text AS users",
      );
      await before.end();
      expect(rows).toEqual([{ users: null }]);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
