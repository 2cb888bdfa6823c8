/**
 * The databases every API test runs against: embedded PGlite always, and
 * PostgreSQL when TEST_DATABASE_URL is set (a fresh database per test file,
 * created on that server and dropped afterwards).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseLocation } from '../src/db/database.ts';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; dispose(): Promise<void> }>;
}

function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** What the migrations are made of: drizzle/ and the SQL functions they include from sql/. */
const migrationSources = [path.resolve(import.meta.dirname, '../drizzle'), path.resolve(import.meta.dirname, '../sql')];
/** The installed PGlite's version: its package.json, found above the entry Node resolves (wherever npm put it). */
function installedPgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('@electric-sql/pglite: no package.json above its entry');
    dir = parent;
  }
}
const pgliteVersion = installedPgliteVersion();

/**
 * Where the migrated empty database's dump is kept, named after what makes it: the
 * migrations' files (drizzle/ and sql/) and PGlite's version. A fresh PGlite spends seconds on its initdb and
 * the migrations, once per test file and worker; one started from the dump, a fraction.
 */
function templatePath(): string {
  const hash = crypto.createHash('sha256').update(pgliteVersion);
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  for (const dir of migrationSources) walk(dir);
  return path.join(os.tmpdir(), `airman-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * The migrated empty database as a dump: read from disk, or made (by migrating) and written
 * there. The API project's global setup makes it before any test file starts.
 */
export async function template(): Promise<Blob> {
  const file = templatePath();
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({ memory: true });
  const dump = await database.dump?.();
  await database.close();
  if (!dump) throw new Error('the embedded database gave no dump');
  // Written aside, then renamed: a worker reading it never sees half a file.
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return dump;
}

const pglite: DatabaseTarget = {
  name: 'pglite',
  async open() {
    // openDatabase still runs the migrator, which finds every migration applied.
    const database = await openDatabase({ memory: true, from: await template() });
    return { database, dispose: () => database.close() };
  },
};

/**
 * The migrated empty PostgreSQL database every test file's database is copied from
 * (CREATE DATABASE … TEMPLATE), made by the API project's global setup: a copy takes a
 * fraction of the migrations' time. Its name reaches the test files through Vitest's
 * provide/inject.
 */
export async function createPostgresTemplate(url: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `test_template_${Date.now()}_${crypto.randomBytes(4).toString('hex')}`;
  await onServer(url, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const database = await openDatabase({ url: adminUrl(url, name) });
  await database.close();
  return { name, drop: () => dropDatabase(url, name) };
}

async function onServer<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const dropDatabase = (url: string, name: string) =>
  onServer(url, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined);

function postgres(url: string): DatabaseTarget {
  return {
    name: 'postgres',
    async open() {
      const name = `test_${Date.now()}_${crypto.randomBytes(4).toString('hex')}`;
      const from = inject('postgresTemplate');
      await onServer(url, (admin) => admin.query(`CREATE DATABASE "${name}"${from ? ` TEMPLATE "${from}"` : ''}`));
      // From the template, every migration is applied and openDatabase runs none.
      const database = await openDatabase({ url: adminUrl(url, name) });
      return {
        database,
        async dispose() {
          await database.close();
          await dropDatabase(url, name);
        },
      };
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL template database's name (global setup), when TEST_DATABASE_URL is set. */
    postgresTemplate: string | undefined;
  }
}

export const databaseTargets: DatabaseTarget[] = [pglite];
const url = process.env.TEST_DATABASE_URL;
if (url) databaseTargets.push(postgres(url));

/** A database for a server process a test starts: where it is, and the environment that points the process at it. */
export interface ProcessDatabase {
  location: DatabaseLocation;
  env: NodeJS.ProcessEnv;
  dispose(): Promise<void>;
}

export interface ProcessTarget {
  name: 'pglite' | 'postgres';
  location(): Promise<ProcessDatabase>;
}

/**
 * Databases for tests that start server processes (test/server-process.ts), each with a data
 * directory of its own named after `purpose`: embedded, started from the migrated empty
 * database; and when TEST_DATABASE_URL is set, an empty PostgreSQL database the process migrates.
 */
export function processTargets(purpose: string): ProcessTarget[] {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), `${purpose}-`));
  const targets: ProcessTarget[] = [
    {
      name: 'pglite',
      async location() {
        const dir = dataDir();
        return {
          location: { dataDir: path.join(dir, 'db'), from: await template() },
          env: { DATA_DIR: dir },
          dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
        };
      },
    },
  ];
  if (url) {
    const server = url;
    targets.push({
      name: 'postgres',
      async location() {
        const name = `test_${purpose.replaceAll('-', '_')}_${Date.now()}_${crypto.randomBytes(4).toString('hex')}`;
        await onServer(server, (admin) => admin.query(`CREATE DATABASE "${name}"`));
        const dir = dataDir();
        const database = adminUrl(server, name);
        return {
          location: { url: database },
          env: { DATABASE_URL: database, DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) },
          async dispose() {
            fs.rmSync(dir, { recursive: true, force: true });
            await dropDatabase(server, name);
          },
        };
      },
    });
  }
  return targets;
}
