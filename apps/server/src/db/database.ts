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
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, NodePgSession, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';
import { scheduleVacuum } from './embedded-maintenance.ts';
import { listenForUsersChanges, type UsersChanges } from './users-changes.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { applyMigrations } from './migrations.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /**
   * Runs parameterised SQL and returns its rows: for the few queries Drizzle
   * cannot express, and for the hottest ones, where Drizzle's mapping costs
   * more than it gives. Given a name, PostgreSQL keeps the statement prepared
   * on each connection (a statement whose plan depends on its values must not
   * have one).
   */
  query<T>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  /**
   * PostgreSQL only: a long read's rows in batches, all from one snapshot. A
   * cursor in a read-only transaction on a connection of its own, planned for
   * the whole result. Leaving the loop early ends the transaction. On the
   * embedded database there is one connection for everyone, so no transaction
   * may stay open between batches: it reads in keyset pages instead.
   */
  cursor?<T>(text: string, params: unknown[], batch: number): AsyncGenerator<T[]>;
  /** PostgreSQL only: the connection pool's state now. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Embedded database only: changes to users as they commit, for reads kept in memory. */
  usersChanges?: UsersChanges;
  /** Embedded database only: its files as one uncompressed tarball, to start another database from. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Embedded, in a directory or in memory: empty, or started from another embedded database's
 * dump (its migrations then already applied; a directory that holds a database ignores it).
 */
export type DatabaseLocation =
  | {
      url: string;
      /**
       * The schema's owner (DATABASE_OWNER_URL): it runs the migrations, grants the `url` role what it
       * may do (grantApplicationRole) and runs `asOwner`, on one connection it then closes. Without it,
       * `url`'s role does that itself when it can (one role, as before).
       */
      ownerUrl?: string;
    }
  | { dataDir: string; from?: Blob }
  | { memory: true; from?: Blob };

/**
 * Where the migrations are: beside src/ in development, beside dist/ when built (with sql/,
 * the SQL functions they include, beside them: db/migrations.ts).
 */
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

export interface DatabaseOptions {
  /** Where the embedded database's maintenance reports a failure (default: console.warn). */
  warn?: (message: string, err: unknown) => void;
  /**
   * Work for the schema's owner once the migrations are applied, under their lock: the owner's
   * connection when there is one, else the only connection when its role may write the owner's
   * settings (the audit retention, features/audit/retention.ts), else not at all.
   */
  asOwner?: (owner: Db) => Promise<void>;
}

/**
 * Opens the database and brings its schema up to date. The embedded database
 * also vacuums itself (db/embedded-maintenance.ts: PGlite has no autovacuum).
 */
export async function openDatabase(location: DatabaseLocation, options: DatabaseOptions = {}): Promise<Database> {
  if ('url' in location) {
    // bigint (epoch ms, counts) as numbers, as PGlite returns them: they fit in 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, Number);
    // A server out of reach fails a request after 5 s (a 503: db/unavailable.ts) instead of holding it.
    const pool = new pg.Pool({ connectionString: location.url, max: 10, connectionTimeoutMillis: 5000 });
    // A connection that breaks must not end the process. An idle client's error reaches the pool
    // (which drops it); a checked-out client's reaches only the client itself, and an 'error'
    // nobody listens to is thrown. Its query fails all the same (a 503: db/unavailable.ts), the
    // client is no longer queryable, and its release discards it: the next query reconnects.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    pools.set(db, pool);
    if (location.ownerUrl) {
      await prepareAsOwner(location.ownerUrl, location.url, options.asOwner).catch(async (err: unknown) => {
        await pool.end();
        throw err;
      });
    } else {
      await prepareOnPool(pool, options.asOwner).catch(async (err: unknown) => {
        await pool.end();
        throw err;
      });
    }
    return {
      db,
      kind: 'postgres',
      query: async <T>(text: string, params: unknown[] = [], name?: string) =>
        (await pool.query({ text, values: params, name })).rows as T[],
      cursor: <T>(text: string, params: unknown[], batch: number) => cursorBatches<T>(pool, text, params, batch),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if ('dataDir' in location) {
    fs.mkdirSync(location.dataDir, { recursive: true });
    dataDir = location.dataDir;
  }
  const loadDataDir = dataDir && fs.existsSync(path.join(dataDir, 'PG_VERSION')) ? undefined : location.from;
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir && { loadDataDir }) });
  // One connection: Drizzle's own transaction, which PGlite runs while other statements wait.
  const db = drizzlePglite(client, { schema });
  await applyMigrations(
    new PgliteSession<Record<string, never>, Record<string, never>>(client, new PgDialect(), undefined),
    migrationsFolder(),
  ).catch(async (err: unknown) => {
    await client.close();
    throw err;
  });
  // One role here: it owns everything and writes the owner's settings itself.
  if (options.asOwner) await options.asOwner(db);
  const maintenance = scheduleVacuum(client, options.warn ?? ((message, err) => console.warn(message, err)));
  return {
    db,
    kind: 'pglite',
    usersChanges: await listenForUsersChanges(client),
    dump: () => client.dumpDataDir('none'),
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    close: async () => {
      await maintenance.stop();
      await client.close();
    },
  };
}

/** One role for all (no owner's URL): on a connection of the pool, under the migrations' lock. */
async function prepareOnPool(pool: pg.Pool, asOwner: DatabaseOptions['asOwner']): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // Up to date: nothing to run, so a role that may not create anything starts too.
    if (!(await migrationsCurrent(client))) await migrateOn(client);
    const { rows } = await client.query<{ owner: boolean }>(
      "SELECT has_table_privilege('public.audit_retention', 'UPDATE') AS owner",
    );
    if (asOwner && rows[0]?.owner) await asOwner(drizzlePg(client, { schema }));
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

async function migrateOn(client: pg.Client | pg.PoolClient): Promise<void> {
  await applyMigrations(
    new NodePgSession<Record<string, never>, Record<string, never>>(client, new PgDialect(), undefined),
    migrationsFolder(),
  );
}

/** Whether this build's newest migration is applied (false when there is no migrations table yet). */
async function migrationsCurrent(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ table: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS table",
  );
  if (!rows[0]?.table) return false;
  const applied = await client.query<{ newest: number | string | null }>(
    'SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations',
  );
  return Number(applied.rows[0]?.newest ?? 0) >= newestMigration();
}

/**
 * On the owner's connection, under the migrations' lock: the migrations, the application role's
 * grants and `asOwner`. Several servers starting at once take turns; each grants its own role.
 */
async function prepareAsOwner(ownerUrl: string, appUrl: string, asOwner: DatabaseOptions['asOwner']): Promise<void> {
  const owner = new pg.Client({ connectionString: ownerUrl, connectionTimeoutMillis: 5000 });
  owner.on('error', () => undefined);
  await owner.connect();
  try {
    await owner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateOn(owner);
    await grantApplicationRole(owner, decodeURIComponent(new URL(appUrl).username));
    if (asOwner) await asOwner(drizzlePg(owner, { schema }));
  } finally {
    await owner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await owner.end().catch(() => undefined);
  }
}

/** Tables the application may add to and read, never change or empty (docs/audit.md). */
const APPEND_ONLY_TABLES = ['audit_log', 'sign_in_log', 'module_versions'];
/** The owner's own: the audit retention and the retention job's permits. */
const OWNER_ONLY_TABLES = ['audit_retention', 'audit_purge_permits'];

/**
 * What the application's role may do, granted by the schema's owner (again at every start, so
 * tables of later migrations are covered): read and write the product's tables, but only INSERT
 * and SELECT the audit log, its sign-in stream and module versions, nothing on the owner's
 * tables, and the retention job through audit_apply_retention. It owns nothing, so it cannot
 * alter a table or disable a trigger; a superuser could, and is refused here.
 */
export async function grantApplicationRole(owner: pg.ClientBase, role: string): Promise<void> {
  if (!role) throw new Error('DATABASE_URL names no user: the application role to grant cannot be told');
  const { rows } = await owner.query<{ me: string; exists: boolean; superuser: boolean | null }>(
    'SELECT current_user AS me, r.rolname IS NOT NULL AS exists, r.rolsuper AS superuser FROM (SELECT 1) one LEFT JOIN pg_roles r ON r.rolname = $1',
    [role],
  );
  const info = rows[0];
  if (!info?.exists) throw new Error(`DATABASE_URL's role ${role} does not exist`);
  // The same role for both: nothing to grant, and revoking would take the owner's own rights.
  if (info.me === role) return;
  if (info.superuser)
    throw new Error(
      `DATABASE_URL's role ${role} is a superuser: it could disable the audit log's triggers; give the server a role of its own`,
    );
  const r = owner.escapeIdentifier(role);
  const list = (tables: string[]) => tables.map((t) => `public.${owner.escapeIdentifier(t)}`).join(', ');
  await owner.query(`
    GRANT USAGE ON SCHEMA public TO ${r};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r};
    REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM ${r};
    REVOKE UPDATE, DELETE ON ${list(APPEND_ONLY_TABLES)} FROM ${r};
    REVOKE ALL ON ${list(OWNER_ONLY_TABLES)} FROM ${r};
    GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO ${r};
    GRANT EXECUTE ON FUNCTION public.audit_apply_retention(text, bigint) TO ${r};
    GRANT USAGE ON SCHEMA drizzle TO ${r};
    GRANT SELECT ON drizzle.__drizzle_migrations TO ${r};
  `);
}

/** The pool of each PostgreSQL database opened here, by its Drizzle instance. */
const pools = new WeakMap<Db, pg.Pool>();

/**
 * Runs `work` in a transaction: on PostgreSQL, on a connection of its own that is always given
 * back (transactionOnOwnClient); on the embedded database, Drizzle's own; on a transaction, in a
 * savepoint of it. Every transaction of the server is opened here, never with Drizzle's
 * `db.transaction` on the pool, which leaks its client when BEGIN fails (eslint.config.js
 * refuses it).
 */
export function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const pool = pools.get(db);
  return pool ? transactionOnOwnClient(pool, work) : db.transaction(work);
}

/** Each connection's Drizzle session, made once: a transaction runs on the client it checked out. */
const sessions = new WeakMap<pg.PoolClient, NodePgDatabase<Schema>>();

/**
 * Drizzle's own transaction on a pool leaks its client when BEGIN fails (the release is in a
 * `finally` that BEGIN does not reach): a few connection cuts would leave the pool full of dead
 * clients and every request waiting. Here the client is always released, and discarded when its
 * connection failed.
 */
function transactionOnOwnClient<T>(pool: pg.Pool, work: (tx: Db) => Promise<T>): Promise<T> {
  return onOwnClient(pool, (client) => {
    let session = sessions.get(client);
    if (!session) sessions.set(client, (session = drizzlePg(client, { schema })));
    return session.transaction(work);
  });
}

/** Work on a client of its own, always released, and discarded when its connection failed. */
async function onOwnClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await work(client);
  } catch (err) {
    if (isDatabaseUnavailable(err)) broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}

async function* cursorBatches<T>(pool: pg.Pool, text: string, params: unknown[], batch: number): AsyncGenerator<T[]> {
  if (!Number.isInteger(batch) || batch < 1) throw new Error(`batch must be a positive integer, not ${batch}`);
  const client = await pool.connect();
  let committed = false;
  let broken: Error | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // By default a cursor is planned to return its first tenth fast; this one is read to the end.
    await client.query('SET LOCAL cursor_tuple_fraction = 1');
    // JIT compiling such a plan costs more than it saves on the report (docs/decisions/018-module-report-read.md).
    await client.query('SET LOCAL jit = off');
    await client.query(`DECLARE batches NO SCROLL CURSOR FOR ${text}`, params);
    for (;;) {
      const { rows } = await client.query(`FETCH ${batch} FROM batches`);
      if (rows.length) yield rows as T[];
      if (rows.length < batch) break;
    }
    await client.query('COMMIT');
    committed = true;
  } finally {
    // Stopped early or failed: the transaction ends before the connection goes back to the pool.
    if (!committed)
      await client
        .query('ROLLBACK')
        .catch((err: unknown) => (broken = err instanceof Error ? err : new Error(String(err))));
    client.release(broken);
  }
}

/** The newest migration this build carries (its journal's `when`, which the migrator stores as created_at). */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** Whether the database answers, and whether it has every migration of this build. */
export async function readiness(database: Database): Promise<{ database: boolean; migrations: boolean }> {
  let applied: number;
  try {
    const [row] = await database.query<{ newest: number | string | null }>(
      'SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations',
    );
    applied = Number(row?.newest ?? 0);
  } catch {
    // Out of reach, or no migration table at all: a query that fails names neither apart, and both mean not ready.
    return { database: await answers(database), migrations: false };
  }
  return { database: true, migrations: applied >= newestMigration() };
}

async function answers(database: Database): Promise<boolean> {
  try {
    await database.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
