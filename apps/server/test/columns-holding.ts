/**
 * What a database dump would hand out: every text and JSON column of every table searched for
 * one string (a token, a code), for the API tests that prove no credential is kept at rest.
 */
import { expect } from 'vitest';
import type { Database } from '../src/db/database.ts';

const TEXT_TYPES = ['text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY'];

/** The columns, as `schema.table.column`, of every table that hold `needle` somewhere in their text. */
export async function columnsHolding(database: Database, needle: string): Promise<string[]> {
  const columns = await database.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name
     FROM information_schema.columns c
     JOIN information_schema.tables t USING (table_schema, table_name)
     WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
       AND c.data_type = ANY($1)`,
    [TEXT_TYPES],
  );
  // The scan sees the product's tables, not an empty catalogue.
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const [row] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}" WHERE strpos("${column_name}"::text, $1) > 0`,
      [needle],
    );
    if (row?.n) found.push(`${table_schema}.${table_name}.${column_name}`);
  }
  return found.sort();
}
