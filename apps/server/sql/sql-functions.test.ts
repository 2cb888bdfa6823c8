import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createdFunction,
  currentFunctions,
  droppedFunctions,
  normaliseDefinition,
  readMigrations,
  splitStatements,
} from './sql-functions.ts';

const SQL_DIR = import.meta.dirname;
const DRIZZLE_DIR = path.join(SQL_DIR, '..', 'drizzle');

describe('reading migrations', () => {
  it('splits statements only at semicolons outside bodies, strings, identifiers and comments', () => {
    const sql = [
      "-- a comment; with a semicolon\nCREATE TABLE \"a;b\" (x text DEFAULT 'it''s; here');",
      '--> statement-breakpoint',
      '/* outer /* nested; */ still; */ CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN PERFORM 1; END $$;',
      'CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $body$ SELECT $$;$$ $body$',
    ].join('\n');
    expect(splitStatements(sql)).toEqual([
      "CREATE TABLE \"a;b\" (x text DEFAULT 'it''s; here')",
      'CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN PERFORM 1; END $$',
      'CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $body$ SELECT $$;$$ $body$',
    ]);
  });

  it('refuses a script with an unterminated body', () => {
    expect(() => splitStatements('CREATE FUNCTION f() AS $$ SELECT 1;')).toThrow('unterminated $$ quote');
  });

  it('names the function a statement creates or drops, as PostgreSQL names it', () => {
    expect(createdFunction('CREATE OR REPLACE FUNCTION "Mixed"(u "users") RETURNS text')).toBe('Mixed');
    expect(createdFunction('create function public.Lower_Case() returns trigger')).toBe('lower_case');
    expect(createdFunction('CREATE TRIGGER t AFTER INSERT ON x EXECUTE FUNCTION f()')).toBeUndefined();
    expect(droppedFunctions('DROP FUNCTION IF EXISTS "a"(integer, text), b CASCADE')).toEqual(['a', 'b']);
    expect(droppedFunctions('DROP TRIGGER IF EXISTS "t" ON "users"')).toEqual([]);
  });

  it('keeps the last definition of each function, and none of one dropped since', () => {
    const functions = currentFunctions([
      { tag: '0001', sql: 'CREATE FUNCTION "f"() AS $$ one $$;\nCREATE FUNCTION "g"() AS $$ g $$;' },
      { tag: '0002', sql: 'CREATE OR REPLACE FUNCTION "f"() AS $$ two $$;\nDROP FUNCTION IF EXISTS "g"();' },
    ]);
    expect([...functions.values()]).toEqual([
      { name: 'f', statement: 'CREATE OR REPLACE FUNCTION "f"() AS $$ two $$', migration: '0002' },
    ]);
  });

  it('compares definitions by their words, CREATE FUNCTION as CREATE OR REPLACE FUNCTION', () => {
    expect(normaliseDefinition('CREATE FUNCTION f()\n  RETURNS void\tAS $$ SELECT 1 $$')).toBe(
      normaliseDefinition('CREATE OR REPLACE FUNCTION f() RETURNS void AS $$\n  SELECT 1\n$$'),
    );
    expect(normaliseDefinition('CREATE FUNCTION f() AS $$ SELECT 1 $$')).not.toBe(
      normaliseDefinition('CREATE FUNCTION f() AS $$ SELECT 2 $$'),
    );
  });
});

/** Where two normalised texts first differ, with a little of each around it. */
function firstDifference(file: string, migration: string): string {
  let i = 0;
  while (i < file.length && file[i] === migration[i]) i += 1;
  const from = Math.max(0, i - 40);
  return `at character ${i}:\n  file:      …${file.slice(from, i + 40)}…\n  migration: …${migration.slice(from, i + 40)}…`;
}

describe('apps/server/sql', () => {
  const functions = currentFunctions(readMigrations(DRIZZLE_DIR));
  const files = fs.readdirSync(SQL_DIR).filter((name) => name.endsWith('.sql'));

  it('has a file for every function the migrations leave', () => {
    const missing = [...functions.keys()].filter((name) => !files.includes(`${name}.sql`));
    expect(missing, 'functions of the migrations without a file in apps/server/sql').toEqual([]);
  });

  it('has a file for no other function', () => {
    const extra = files.filter((file) => !functions.has(file.slice(0, -'.sql'.length)));
    expect(extra, 'files in apps/server/sql naming no function the migrations leave').toEqual([]);
  });

  it.each(files)('%s holds its function as the last migration defines it', (file) => {
    const name = file.slice(0, -'.sql'.length);
    const definition = functions.get(name);
    if (!definition) return; // A file naming no function: reported above.
    const statements = splitStatements(fs.readFileSync(path.join(SQL_DIR, file), 'utf8'));
    expect(statements, `${file}: one statement, CREATE OR REPLACE FUNCTION of ${name}`).toHaveLength(1);
    const [statement] = statements as [string];
    expect(statement, `${file}: a CREATE OR REPLACE FUNCTION statement`).toMatch(
      /^CREATE\s+OR\s+REPLACE\s+FUNCTION\b/i,
    );
    expect(createdFunction(statement), `${file}: the function it defines`).toBe(name);
    const fromFile = normaliseDefinition(statement);
    const fromMigration = normaliseDefinition(definition.statement);
    if (fromFile !== fromMigration) {
      expect.fail(
        `apps/server/sql/${file} differs from ${name} as drizzle/${definition.migration}.sql defines it last ` +
          `(a change to a function goes into a new migration, copied from its file) ${firstDifference(fromFile, fromMigration)}`,
      );
    }
  });
});
