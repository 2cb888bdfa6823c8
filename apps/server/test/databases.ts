/**
 * The databases every API test runs against: embedded PGlite always, and
 * PostgreSQL when TEST_DATABASE_URL is set (a fresh database per test file,
 * created on that server and dropped afterwards).
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database.ts';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; dispose(): Promise<void> }>;
}

function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const pglite: DatabaseTarget = {
  name: 'pglite',
  async open() {
    const database = await openDatabase({ memory: true });
    return { database, dispose: () => database.close() };
  },
};

function postgres(url: string): DatabaseTarget {
  return {
    name: 'postgres',
    async open() {
      const name = `test_${Date.now()}_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const database = await openDatabase({ url: adminUrl(url, name) });
      return {
        database,
        async dispose() {
          await database.close();
          const dropper = new pg.Client({ connectionString: url });
          await dropper.connect();
          await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          await dropper.end();
        },
      };
    },
  };
}

export const databaseTargets: DatabaseTarget[] = [pglite];
const url = process.env.TEST_DATABASE_URL;
if (url) databaseTargets.push(postgres(url));
