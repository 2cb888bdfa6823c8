import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';
import { NAME_ORDER_SQL } from '#db/schema.ts';
import { CHECKED_FIRST_PAGE_SQL, CHECKED_NEXT_PAGE_SQL, FIRST_PAGE_SQL, NEXT_PAGE_SQL } from './list-users.ts';
import { CHECKED_SEARCH_PAGE_SQL, SEARCH_PAGE_SQL } from './search-matches.ts';

const literal = (value: string | number) =>
  typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;

describeApi('users page statements', (ctx) => {
  // The server prepares these by name on PostgreSQL (features/admin-users/list-users.ts,
  // features/admin-users/search-matches.ts): planning each page again costs more than running it.
  it('keep their generic plan once prepared, whatever the cursor', async () => {
    await ctx.database.query(
      `INSERT INTO users (id, user_name, first_name, last_name, active_at, created_at)
       SELECT 'gp' || lpad(g::text, 5, '0'), 'gp' || g || '@example.com', 'F', 'Name' || chr(97 + g % 26) || chr(97 + (g / 26) % 26), 1, 1
       FROM generate_series(1, 3000) AS g`,
    );
    await ctx.database.query('ANALYZE users');
    const admin = await ctx.createUser({ role: 'admin' });
    // An admin paging from the start: each page's cursor is the last user of the page before.
    const keys = await ctx.database.query<{ key: string; id: string }>(
      `SELECT ${NAME_ORDER_SQL} AS key, id FROM users ORDER BY ${NAME_ORDER_SQL}, id`,
    );
    const cursors = Array.from({ length: 12 }, (_, i) => keys[(i + 1) * 50 - 1] ?? { key: '', id: '' });
    const ids = keys.slice(0, 50).map((k) => k.id);
    const statements: [string, string, (i: number) => (string | number)[]][] = [
      ['first', FIRST_PAGE_SQL, () => []],
      ['first_checked', CHECKED_FIRST_PAGE_SQL, () => [admin.id, 0]],
      ['next', NEXT_PAGE_SQL, (i) => [cursors[i]?.key ?? '', cursors[i]?.id ?? '']],
      ['next_checked', CHECKED_NEXT_PAGE_SQL, (i) => [cursors[i]?.key ?? '', cursors[i]?.id ?? '', admin.id, 0]],
      ['search_page', SEARCH_PAGE_SQL, () => [`{${ids.join(',')}}`]],
      ['search_page_checked', CHECKED_SEARCH_PAGE_SQL, () => [`{${ids.join(',')}}`, admin.id, 0]],
    ];
    // One connection for PREPARE, EXECUTE and pg_prepared_statements: a transaction's.
    const plans = await ctx.database.db.transaction(async (tx) => {
      const counts: Record<string, string> = {};
      for (const [name, text, params] of statements) {
        await tx.execute(sql.raw(`PREPARE ${name} AS ${text}`));
        for (let i = 0; i < cursors.length; i++) {
          const values = params(i);
          await tx.execute(sql.raw(`EXECUTE ${name}${values.length ? `(${values.map(literal).join(', ')})` : ''}`));
        }
        const result = (await tx.execute(
          sql.raw(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = '${name}'`),
        )) as unknown as {
          rows: { generic_plans: string | number; custom_plans: string | number }[];
        };
        const row = result.rows[0];
        counts[name] = `${row?.custom_plans} custom, ${row?.generic_plans} generic`;
        await tx.execute(sql.raw(`DEALLOCATE ${name}`));
      }
      return counts;
    });
    // PostgreSQL tries five custom plans first (none without parameters); a statement whose generic plan is kept plans no more.
    for (const [name, , params] of statements) {
      const custom = params(0).length ? 5 : 0;
      expect(plans[name], name).toBe(`${custom} custom, ${cursors.length - custom} generic`);
    }
  });
});
