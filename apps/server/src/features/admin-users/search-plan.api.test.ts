import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '#db/database.ts';
import { describeApi } from '#test/harness.ts';
import { explained, planNodes } from '#test/query-plan.ts';
import { matchesSearch, searchStatement, withSearchPlan } from './list-users.ts';
import { matchesStatement } from './search-matches.ts';

describeApi('users search plan', (ctx) => {
  it('reads a search with a trigram through the trigram index, never by scanning user_search', async () => {
    // A few thousand users: on its own the planner would scan so small a table.
    await ctx.database.query(
      `INSERT INTO users (id, user_name, first_name, last_name, active_at, created_at)
       SELECT 'plan' || g, 'plan' || g || '@example.com', 'F', CASE WHEN g % 10 = 0 THEN 'Smith' ELSE 'Jones' END, 1, 1
       FROM generate_series(1, 3000) AS g`,
    );
    await ctx.database.query('ANALYZE user_search');
    const statements = {
      page: (q: Db, search: string) => searchStatement(q, search, undefined),
      matches: (q: Db, search: string) => matchesStatement(q, matchesSearch(search)),
    };
    for (const [name, statement] of Object.entries(statements)) {
      for (const search of ['smi', 'Smith', 'plan1']) {
        const plan = await withSearchPlan(ctx.database.db, search, async (q) => {
          const result = (await q.execute(sql`EXPLAIN (FORMAT JSON) ${statement(q, search)}`)) as unknown as {
            rows: Record<string, unknown>[];
          };
          return explained(result.rows[0]);
        });
        const all = planNodes(plan);
        const onSearchTable = all.filter(
          (n) => n['Relation Name'] === 'user_search' || n['Index Name'] === 'user_search_trgm_idx',
        );
        expect(
          onSearchTable.map((n) => n['Node Type']),
          `${name} ${search}`,
        ).not.toContain('Seq Scan');
        expect(
          onSearchTable.map((n) => n['Index Name']),
          `${name} ${search}`,
        ).toContain('user_search_trgm_idx');
        // No scan anywhere: under enable_seqscan = off one would be costed high enough to compile the statement (JIT).
        expect(
          all.map((n) => n['Node Type']),
          `${name} ${search}`,
        ).not.toContain('Seq Scan');
      }
    }
  });
});
