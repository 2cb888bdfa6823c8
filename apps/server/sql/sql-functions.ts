/**
 * Reading SQL for the functions' one home (docs/architecture.md, "SQL functions"): the files
 * beside this one hold one function each, and migrations create a function only by including
 * its file (`--> include sql/<name>.sql`, src/db/migrations.ts); sql-functions.test.ts holds
 * them to it.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A migration as written: its journal tag and the text of its file (includes not read). */
export interface Migration {
  tag: string;
  sql: string;
}

/**
 * The statements of a script, split at each `;` outside quotes, dollar-quoted bodies and
 * comments, each without the comments and whitespace before it (and without its `;`).
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const statement = stripLeadingComments(sql.slice(start, end));
    if (statement) statements.push(statement);
    start = end + 1;
  };
  while (i < sql.length) {
    const rest = sql.slice(i);
    const dollar = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest);
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
    } else if (rest.startsWith('/*')) {
      i = blockCommentEnd(sql, i);
    } else if (sql[i] === "'" || sql[i] === '"') {
      i = quotedEnd(sql, i, sql[i]!);
    } else if (dollar) {
      const end = sql.indexOf(dollar[0], i + dollar[0].length);
      if (end === -1) throw new Error(`unterminated ${dollar[0]} quote at character ${i}`);
      i = end + dollar[0].length;
    } else if (sql[i] === ';') {
      push(i);
      i += 1;
    } else {
      i += 1;
    }
  }
  push(sql.length);
  return statements;
}

/** Where a block comment that opens at `from` ends (block comments nest in PostgreSQL). */
function blockCommentEnd(sql: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < sql.length) {
    if (sql.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  throw new Error(`unterminated comment at character ${from}`);
}

/** Where a '…' string or "…" identifier that opens at `from` ends (a doubled quote is one quote). */
function quotedEnd(sql: string, from: number, quote: string): number {
  let i = from + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] !== quote) return i + 1;
      i += 2;
    } else {
      i += 1;
    }
  }
  throw new Error(`unterminated ${quote} at character ${from}`);
}

function stripLeadingComments(text: string): string {
  let rest = text.trim();
  for (;;) {
    if (rest.startsWith('--')) {
      const end = rest.indexOf('\n');
      rest = end === -1 ? '' : rest.slice(end + 1).trim();
    } else if (rest.startsWith('/*')) {
      rest = rest.slice(blockCommentEnd(rest, 0)).trim();
    } else {
      return rest;
    }
  }
}

const IDENTIFIER = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)`;
const CREATE_FUNCTION = new RegExp(
  String.raw`^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:${IDENTIFIER}\s*\.\s*)?(${IDENTIFIER})\s*\(`,
  'i',
);

/** An identifier as PostgreSQL names it: a quoted one as written, an unquoted one in lower case. */
function identifierName(identifier: string): string {
  return identifier.startsWith('"') ? identifier.slice(1, -1).replaceAll('""', '"') : identifier.toLowerCase();
}

/** The function a CREATE [OR REPLACE] FUNCTION statement defines; undefined for any other statement. */
export function createdFunction(statement: string): string | undefined {
  const match = CREATE_FUNCTION.exec(statement);
  return match ? identifierName(match[1]!) : undefined;
}

/** The server's migrations as written, in the order of drizzle's journal. */
export function migrationTexts(drizzleDir: string): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(drizzleDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(({ tag }) => ({ tag, sql: fs.readFileSync(path.join(drizzleDir, `${tag}.sql`), 'utf8') }));
}

/** The functions a migration creates in its own text, outside the files it includes. */
export function inlineFunctions(migration: Migration): string[] {
  return splitStatements(migration.sql).flatMap((statement) => createdFunction(statement) ?? []);
}
