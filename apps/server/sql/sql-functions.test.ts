import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMigrations } from '../src/db/migrations.ts';
import { createdFunction, inlineFunctions, migrationTexts, splitStatements } from './sql-functions.ts';

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

  it('names the function a statement creates, as PostgreSQL names it', () => {
    expect(createdFunction('CREATE OR REPLACE FUNCTION "Mixed"(u "users") RETURNS text')).toBe('Mixed');
    expect(createdFunction('create function public.Lower_Case() returns trigger')).toBe('lower_case');
    expect(createdFunction('CREATE TRIGGER t AFTER INSERT ON x EXECUTE FUNCTION f()')).toBeUndefined();
  });

  it('finds a function a migration creates in its own text, and none it includes', () => {
    const sql = [
      'CREATE TABLE "t" ("id" text);',
      '--> include sql/user_count_deleted.sql',
      '--> statement-breakpoint',
      'CREATE OR REPLACE FUNCTION "f"() RETURNS void LANGUAGE sql AS $$ SELECT 1 $$;',
    ].join('\n');
    expect(inlineFunctions({ tag: '0001_x', sql })).toEqual(['f']);
  });
});

describe('apps/server/sql', () => {
  const files = fs.readdirSync(SQL_DIR).filter((name) => name.endsWith('.sql'));

  it('is where the migrations take each function from: none defines one in its own text', () => {
    const inline = migrationTexts(DRIZZLE_DIR).flatMap((migration) =>
      inlineFunctions(migration).map((name) => `drizzle/${migration.tag}.sql: ${name}`),
    );
    expect(inline, 'functions a migration defines instead of including sql/<name>.sql').toEqual([]);
  });

  it('has each file included by a migration', () => {
    const included = new Set(readMigrations(DRIZZLE_DIR).flatMap((migration) => migration.includes));
    const unused = files.filter((file) => !included.has(`sql/${file}`));
    expect(unused, 'files in apps/server/sql that no migration includes').toEqual([]);
  });

  it.each(files)('%s holds one CREATE OR REPLACE FUNCTION of the function it is named after', (file) => {
    const name = file.slice(0, -'.sql'.length);
    const statements = splitStatements(fs.readFileSync(path.join(SQL_DIR, file), 'utf8'));
    expect(statements, `${file}: one statement, CREATE OR REPLACE FUNCTION of ${name}`).toHaveLength(1);
    const [statement] = statements as [string];
    expect(statement, `${file}: a CREATE OR REPLACE FUNCTION statement`).toMatch(
      /^CREATE\s+OR\s+REPLACE\s+FUNCTION\b/i,
    );
    expect(createdFunction(statement), `${file}: the function it defines`).toBe(name);
  });
});
