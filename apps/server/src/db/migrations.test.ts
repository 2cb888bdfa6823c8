import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readMigrations } from './migrations.ts';

let root: string | undefined;
afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A server folder with drizzle/ (one migration, 0000_first, of this text) and sql/ (these files). */
function folder(migration: string, files: Record<string, string> = {}): string {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-test-'));
  fs.mkdirSync(path.join(root, 'drizzle/meta'), { recursive: true });
  fs.mkdirSync(path.join(root, 'sql'));
  const entry = { idx: 0, version: '7', when: 1000, tag: '0000_first', breakpoints: true };
  fs.writeFileSync(path.join(root, 'drizzle/meta/_journal.json'), JSON.stringify({ entries: [entry] }));
  fs.writeFileSync(path.join(root, 'drizzle/0000_first.sql'), migration);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, 'sql', name), text);
  return path.join(root, 'drizzle');
}

const F = '-- f\nCREATE OR REPLACE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n';
const G = 'CREATE OR REPLACE FUNCTION g() RETURNS int LANGUAGE sql AS $$ SELECT f() $$;\n';

describe('readMigrations', () => {
  it('runs each included file as a statement of its own, where the include stands', () => {
    const text = `CREATE TABLE t (id int);
--> include sql/f.sql
--> include sql/g.sql
CREATE INDEX t_idx ON t (id);
--> statement-breakpoint
INSERT INTO t VALUES (1);`;
    const [migration] = readMigrations(folder(text, { 'f.sql': F, 'g.sql': G }));
    expect(migration?.sql.map((s) => s.trim())).toEqual([
      'CREATE TABLE t (id int);',
      F.trim(),
      G.trim(),
      'CREATE INDEX t_idx ON t (id);',
      'INSERT INTO t VALUES (1);',
    ]);
    expect(migration?.includes).toEqual(['sql/f.sql', 'sql/g.sql']);
    expect({ tag: migration?.tag, when: migration?.folderMillis }).toEqual({ tag: '0000_first', when: 1000 });
  });

  it('records the hash of the migration with its files in place, which changes with a file', () => {
    const text = 'CREATE TABLE t (id int);\n--> include sql/f.sql\n';
    const [migration] = readMigrations(folder(text, { 'f.sql': F }));
    const expanded = `CREATE TABLE t (id int);\n${F}\n`;
    expect(migration?.hash).toBe(crypto.createHash('sha256').update(expanded).digest('hex'));
  });

  it('hashes a migration without includes as drizzle does: its file', () => {
    const text = 'CREATE TABLE t (id int);\n--> statement-breakpoint\nCREATE INDEX i ON t (id);\n';
    const [migration] = readMigrations(folder(text));
    expect(migration?.hash).toBe(crypto.createHash('sha256').update(text).digest('hex'));
  });

  it('refuses an include of a file that is not there', () => {
    expect(() => readMigrations(folder('--> include sql/missing.sql\n'))).toThrow(
      'drizzle/0000_first.sql includes sql/missing.sql, which is not in',
    );
  });

  it.each(['--> include ../secrets.sql', '--> include sql/F.sql', '-->include sql/f.sql', '--> include sql/f'])(
    'refuses an include written otherwise than --> include sql/<name>.sql: %s',
    (line) => {
      expect(() => readMigrations(folder(`${line}\n`, { 'f.sql': F }))).toThrow('is not "--> include sql/<name>.sql"');
    },
  );
});
