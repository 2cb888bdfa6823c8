/**
 * Where a benchmark keeps its data on one target database: a fresh embedded database in a
 * temporary directory, or a fresh database on the PostgreSQL server at BENCH_DATABASE_URL;
 * `drop` removes it and the directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchStore {
  dataDir: string;
  /** Set on PostgreSQL. */
  databaseUrl: string | undefined;
  /** The server's environment for this store. */
  serverEnv: NodeJS.ProcessEnv;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A fresh store on `target` ('postgres', else embedded), its names starting with `prefix`. */
export async function benchStore(target: string, prefix: string): Promise<BenchStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const pgDatabase =
    target === 'postgres' ? await benchPgDatabase(`${prefix.replaceAll('-', '_')}_${Date.now()}`) : null;
  const databaseUrl = pgDatabase?.url;
  return {
    dataDir,
    databaseUrl,
    serverEnv: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    open: () => openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'db') }),
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await pgDatabase?.drop();
    },
  };
}

/** A fresh database called `name` on the PostgreSQL server at BENCH_DATABASE_URL: its URL, and how to drop it. */
export async function benchPgDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  await onServer(`CREATE DATABASE "${name}"`);
  const u = new URL(BENCH_PG_URL);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
