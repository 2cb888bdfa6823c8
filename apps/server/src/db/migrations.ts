/**
 * The server's migrations as they are applied: drizzle's own reading of drizzle/ (its journal
 * and one .sql file per migration), with each `--> include sql/<function>.sql` line replaced by
 * that file, the one home of a SQL function's text (docs/architecture.md, "SQL functions"). The
 * same list runs through drizzle's own migration step on PostgreSQL and on PGlite.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';

/** Drizzle's separator between the statements of a migration. */
const BREAKPOINT = '--> statement-breakpoint';
/** A line that includes a file: `--> include sql/<name>.sql`, the path from the folder drizzle/ is in. */
const INCLUDE = /^--> include (sql\/[a-z0-9_]+\.sql)[ \t]*\r?$/gm;
/** Any line that means to include (to refuse one written wrong rather than run it as a comment). */
const INCLUDE_LIKE = /^-->\s*include\b.*$/gm;

/**
 * The last commit whose migrations lead step by step to the baseline (drizzle/0000_baseline.sql):
 * a database migrated only part of the way there is brought up to date by that commit's build first.
 */
export const BEFORE_BASELINE = '91ab24b';

/** A migration of the journal, its includes read: what drizzle applies, and the files it includes. */
export interface ReadMigration extends MigrationMeta {
  tag: string;
  includes: string[];
}

/**
 * The migrations in the journal's order, each include replaced by its file. The included file is
 * a statement of its own (an include line ends the statement before it); the text drizzle records
 * as the migration's hash is the file with its includes in place.
 */
export function readMigrations(migrationsFolder: string): ReadMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const root = path.dirname(migrationsFolder);
  return readMigrationFiles({ migrationsFolder }).map((migration, i) => {
    const tag = journal.entries[i]?.tag ?? String(i);
    const includes: string[] = [];
    const read = (file: string): string => {
      const at = path.join(root, file);
      if (!fs.existsSync(at)) throw new Error(`drizzle/${tag}.sql includes ${file}, which is not in ${root}`);
      includes.push(file);
      return fs.readFileSync(at, 'utf8');
    };
    const statements: string[] = [];
    const texts: string[] = [];
    for (const chunk of migration.sql) {
      for (const line of chunk.match(INCLUDE_LIKE) ?? []) {
        if (!new RegExp(INCLUDE.source).test(line))
          throw new Error(`drizzle/${tag}.sql: "${line.trim()}" is not "--> include sql/<name>.sql"`);
      }
      // split() with the pattern's group: text, included path, text, …
      const parts = chunk.split(INCLUDE);
      let text = '';
      parts.forEach((part, j) => {
        const content = j % 2 === 1 ? read(part) : part;
        text += content;
        if (!isBlank(content)) statements.push(content);
      });
      texts.push(text);
    }
    const expanded = texts.join(BREAKPOINT);
    return {
      ...migration,
      sql: statements,
      hash: crypto.createHash('sha256').update(expanded).digest('hex'),
      tag,
      includes,
    };
  });
}

/** Nothing to run: whitespace and `--` comments only. */
function isBlank(text: string): boolean {
  return text.replace(/^[ \t]*--.*$/gm, '').trim() === '';
}

/**
 * Brings the database up to date with the migrations in `migrationsFolder`, as drizzle's
 * `migrate()` does (in one transaction, each migration newer than the newest applied), after
 * refusing a database that is part of the way to the first migration: its later steps are
 * only in an earlier build (BEFORE_BASELINE). `session` is a Drizzle session without a schema, on
 * the connection to migrate (newSession in db/database.ts).
 */
export async function applyMigrations(session: PgSession, migrationsFolder: string): Promise<void> {
  const migrations = readMigrations(migrationsFolder);
  const first = migrations[0];
  if (!first) throw new Error(`No migrations in ${migrationsFolder}`);
  const applied = await newestApplied(session);
  if (applied !== undefined && applied < first.folderMillis) {
    throw new Error(
      `The database's newest migration (created_at ${applied}) is older than this build's first one, ` +
        `${first.tag} (${first.folderMillis}), which replaces the migrations before it: this build cannot ` +
        `bring the database up to date. Start the build of commit ${BEFORE_BASELINE} (the last with those ` +
        `migrations) on it once, then this one (docs/deployment.md, "A database older than the baseline").`,
    );
  }
  // Drizzle's own step, as its migrate() runs it: the same tables, transaction and order.
  await new PgDialect().migrate(migrations, session, { migrationsFolder });
}

/** The newest applied migration's created_at; undefined on a database without any. */
async function newestApplied(session: PgSession): Promise<number | undefined> {
  const [table] = await session.all<{ table: string | null }>(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS "table"`,
  );
  if (!table?.table) return undefined;
  const [row] = await session.all<{ newest: number | string | null }>(
    sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`,
  );
  return row?.newest === null || row?.newest === undefined ? undefined : Number(row.newest);
}
