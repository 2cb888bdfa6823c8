/**
 * The floor: the SQL a route runs, run directly against the same database, so
 * each route's figure can be read as a ratio to what the database alone does.
 * PostgreSQL: pgbench, 50 clients like autocannon's 50 connections. PGlite:
 * the statements one after another in this process (PGlite runs one at a time,
 * so that is its most). The SQL is the server's own (features/admin-users/list-users.ts, features/admin-users/search-matches.ts,
 * plugins/auth.ts), with its values written in.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../apps/server/src/db/database.ts';
import { ACCOUNT_SQL } from '../../apps/server/src/plugins/auth.ts';
import {
  CHECKED_FIRST_PAGE_SQL,
  CHECKED_NEXT_PAGE_SQL,
  FIRST_PAGE_SQL,
  NEXT_PAGE_SQL,
} from '../../apps/server/src/features/admin-users/list-users.ts';
import { CHECKED_SEARCH_PAGE_SQL, SEARCH_PAGE_SQL } from '../../apps/server/src/features/admin-users/search-matches.ts';

export interface FloorCase {
  route: string;
  /** Statements run in order for one request. */
  statements: string[];
  /** pgbench -M prepared for statements the server prepares; simple for those planned with their values. */
  prepared: boolean;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The statement with its parameters written in as literals (pgbench runs the text as it is). */
const inline = (text: string, params: unknown[]) =>
  text.replace(/\$(\d+)/g, (_, i: string) => quote(String(params[Number(i) - 1])));

export interface SearchFloor {
  /** The ids of the first page of 'smi'. */
  pageIds: string[];
  /** The matches statement of a term (what a term's first request runs before its page). */
  matches: { sql: string; params: unknown[] };
}

/**
 * The statements of each measured route. On PostgreSQL an admin's users page
 * (unfiltered, or a search's page from kept matches) checks the account in its
 * own statement (features/admin-users/list-users.ts); the embedded database reads the account
 * first (from memory, in the server).
 */
export function floorCases(
  kind: Database['kind'],
  admin: { id: string; tv: number },
  deepKey: string,
  deepId: string,
  search: SearchFloor,
): FloorCase[] {
  const auth = inline(ACCOUNT_SQL, [admin.id]);
  const checked = kind === 'postgres';
  const ids = `{${search.pageIds.join(',')}}`;
  // The account read, then the page; on PostgreSQL the page's statement checks the account itself.
  const page = (plain: string, checkedPage: string) => (checked ? [checkedPage] : [auth, plain]);
  const plainSearchPage = inline(SEARCH_PAGE_SQL, [ids]);
  const checkedSearchPage = inline(CHECKED_SEARCH_PAGE_SQL, [ids, admin.id, admin.tv]);
  // A term's matches with sequential scans off in their transaction (features/admin-users/list-users.ts, withSearchPlan), then the page.
  const matchesThen = (searchPage: string) => [
    'BEGIN',
    'SET LOCAL enable_seqscan = off',
    inline(search.matches.sql, search.matches.params),
    'COMMIT',
    searchPage,
  ];
  return [
    { route: 'GET /api/session', statements: [auth], prepared: true },
    {
      route: 'GET /api/admin/users (first page)',
      statements: page(FIRST_PAGE_SQL, inline(CHECKED_FIRST_PAGE_SQL, [admin.id, admin.tv])),
      prepared: true,
    },
    { route: 'GET /api/admin/users?search=smi', statements: page(plainSearchPage, checkedSearchPage), prepared: true },
    {
      route: 'GET /api/admin/users?search=…, a term whose matches are not kept',
      statements: checked ? matchesThen(checkedSearchPage) : [auth, ...matchesThen(plainSearchPage)],
      prepared: false,
    },
    {
      route: 'GET /api/admin/users (page 1,000)',
      statements: page(
        inline(NEXT_PAGE_SQL, [deepKey, deepId]),
        inline(CHECKED_NEXT_PAGE_SQL, [deepKey, deepId, admin.id, admin.tv]),
      ),
      prepared: true,
    },
  ];
}

/** Transactions per second pgbench reaches with 50 clients, or undefined without pgbench. */
export function pgbenchFloor(url: string, c: FloorCase, seconds: number): number | undefined {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'floor-')), 'case.sql');
  fs.writeFileSync(file, c.statements.map((s) => `${s.replace(/\s+/g, ' ')};\n`).join(''));
  const u = new URL(url);
  const run = spawnSync(
    'pgbench',
    [
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username) || 'postgres',
      '-n',
      '-c',
      '50',
      '-j',
      '2',
      '-T',
      String(seconds),
      '-M',
      c.prepared ? 'prepared' : 'simple',
      '-f',
      file,
      u.pathname.slice(1),
    ],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(run.stdout ?? '');
  return tps ? Number(tps[1]) : undefined;
}

/** Requests' worth of SQL per second on PGlite, statements one after another. */
export async function pgliteFloor(database: Database, c: FloorCase, seconds: number): Promise<number> {
  const once = async () => {
    for (const statement of c.statements) await database.query(statement);
  };
  for (let i = 0; i < 20; i++) await once();
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    await once();
    n++;
  }
  return n / ((performance.now() - start) / 1000);
}
