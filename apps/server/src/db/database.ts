/**
 * Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite
 * in a directory (or in memory). Both are used through the same Drizzle API and
 * the same migrations, so every query runs the same code path on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { listenForUsersChanges, type UsersChanges } from './users-changes.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Runs parameterised SQL and returns its rows (for the few queries Drizzle cannot express). */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Embedded database only: changes to users as they commit, for reads kept in memory. */
  usersChanges?: UsersChanges;
  close(): Promise<void>;
}

export type DatabaseLocation = { url: string } | { dataDir: string } | { memory: true };

/** Where the migrations are: beside src/ in development, beside dist/ when built. */
function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, '../../drizzle'), path.join(here, '../drizzle')]) {
    if (fs.existsSync(path.join(candidate, 'meta/_journal.json'))) return candidate;
  }
  throw new Error(`Migrations not found near ${here}`);
}

// Any number that is the same in every process: migrations run under this lock
// so that several servers starting at once do not race.
const MIGRATION_LOCK = 4_201_733;

/** Opens the database and brings its schema up to date. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if ('url' in location) {
    // bigint (epoch ms, counts) as numbers, as PGlite returns them: they fit in 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, Number);
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if ('dataDir' in location) {
    fs.mkdirSync(location.dataDir, { recursive: true });
    dataDir = location.dataDir;
  }
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: 'pglite',
    usersChanges: await listenForUsersChanges(client),
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

/** True when the database answers. */
export async function ping(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
