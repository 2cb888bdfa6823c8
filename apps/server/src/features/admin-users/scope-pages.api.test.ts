/**
 * A unit administrator's users pages (features/admin-users/list-users.ts, inScope): its trainees and a
 * search's matches kept as a full administrator's searches are, narrowed to its units; and the
 * statements that read a scope's trainees read user_search_unit_path_order_idx alone (migration 0044).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { adminToken, describeApi, type TestContext } from '#test/harness.ts';
import { explained, planNodes } from '#test/query-plan.ts';
import { scopeSql } from '#lib/scope.ts';
import { scopeMatchesSql } from './list-users.ts';

interface Page {
  count: number;
  users: { id: string }[];
  cursor?: string;
}

/**
 * 10 wings of 10 squadrons, `n` users spread over them by number (one in seven named Smith, one in
 * five pending), and outside the tree a unit whose name only starts like the first wing's ('1 Wingspan').
 */
async function unitTree(ctx: TestContext, prefix: string, n: number): Promise<void> {
  await ctx.database.query(
    `INSERT INTO users (id, user_name, first_name, last_name, unit, pending, active_at, created_at)
     SELECT $1 || lpad(g::text, 5, '0'), $1 || g || '@example.com', 'F' || g % 13,
            CASE WHEN g % 7 = 0 THEN 'Smith' ELSE 'Jones' END || chr(97 + g % 26),
            CASE WHEN g % 101 = 0 THEN '1 Wingspan' ELSE ((g % 10) + 1) || ' Wing/Sq ' || (g / 10) % 10 END,
            g % 5 = 0, CASE WHEN g % 5 = 0 THEN 0 ELSE 1 END, 1
     FROM generate_series(1, $2::int) AS g`,
    [prefix, n],
  );
}

async function unitAdmin(ctx: TestContext, units: string[]): Promise<string> {
  const made = await ctx.createUser({ role: 'unit_admin' });
  for (const unit of units)
    await ctx.database.query('INSERT INTO admin_units (user_id, unit) VALUES ($1, $2)', [made.id, unit]);
  return made.token;
}

/** Every page of the list from `url`, following the cursors: the count of the first and the ids in order. */
async function allPages(ctx: TestContext, token: string, url: string): Promise<{ count: number; ids: string[] }> {
  const ids: string[] = [];
  let count = -1;
  let cursor: string | undefined;
  do {
    const res = await ctx.request(token, {
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}${cursor ? `cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Page>();
    if (count === -1) count = page.count;
    ids.push(...page.users.map((u) => u.id));
    cursor = page.cursor;
  } while (cursor);
  return { count, ids };
}

describeApi("a unit administrator's users pages", (ctx) => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('list its trainees and their search matches, in order, page after page, and a move at once', async () => {
    await unitTree(ctx, 'sp', 400);
    const token = await unitAdmin(ctx, ['1 Wing', '2 wing / sq 3']);
    // An administrator of a unit in the tree is no trainee of it.
    const other = await ctx.createUser({ role: 'unit_admin' });
    await ctx.database.query(`UPDATE users SET unit = '1 Wing/Sq 0' WHERE id = $1`, [other.id]);
    const expected = async (search: string) =>
      (
        await ctx.database.query<{ id: string }>(
          `SELECT id FROM user_search WHERE role = 'user' AND id LIKE 'sp%' AND haystack LIKE $1
             AND (unit_path LIKE '1 wing/%' OR unit_path LIKE '2 wing/sq 3/%')
           ORDER BY sort_key COLLATE "C", id COLLATE "C"`,
          [`%${search}%`],
        )
      ).map((r) => r.id);
    for (const search of ['', 'smi']) {
      const url = `/api/admin/users${search ? `?search=${search}` : ''}`;
      const want = await expected(search);
      expect(want.length).toBeGreaterThan(search ? 5 : 40);
      // Twice: loaded, then from what is kept.
      for (let i = 0; i < 2; i++) expect(await allPages(ctx, token, url)).toEqual({ count: want.length, ids: want });
    }
    // Its cursors are the filtered pages' own: the second page the same either way.
    const first = (await ctx.request(token, { method: 'GET', url: '/api/admin/users' })).json<Page>();
    const next = (cursorUrl: string) =>
      ctx
        .request(token, { method: 'GET', url: `${cursorUrl}&cursor=${encodeURIComponent(first.cursor ?? '')}` })
        .then((r) => r.json<Page>());
    expect((await next('/api/admin/users?role=user')).users).toEqual((await next('/api/admin/users?sort=name')).users);
    // A trainee moved out of the units is gone from the next page asked, count and search alike.
    const [moved] = await expected('smi');
    const admin = await adminToken(ctx);
    const out = await ctx.request(admin, {
      method: 'POST',
      url: `/api/admin/users/${moved}`,
      payload: { unit: '3 Wing' },
    });
    expect(out.statusCode, out.body).toBe(200);
    for (const search of ['', 'smi']) {
      const want = await expected(search);
      expect(want).not.toContain(moved);
      expect(await allPages(ctx, token, `/api/admin/users${search ? `?search=${search}` : ''}`)).toEqual({
        count: want.length,
        ids: want,
      });
    }
  });

  it('read only the page of users once its trainees and a search are kept', async () => {
    await unitTree(ctx, 'sk', 300);
    const token = await unitAdmin(ctx, ['4 Wing']);
    for (const url of ['/api/admin/users', '/api/admin/users?search=smi']) {
      await ctx.request(token, { method: 'GET', url });
      const statements: string[] = [];
      const query = ctx.database.query.bind(ctx.database);
      vi.spyOn(ctx.database, 'query').mockImplementation((text, ...rest) => {
        statements.push(text);
        return query(text, ...rest);
      });
      const again = await ctx.request(token, { method: 'GET', url });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<Page>().users.length).toBeGreaterThan(0);
      vi.restoreAllMocks();
      // The account, its units and the page's users by id: user_search is not read.
      expect(
        statements.filter((s) => /\buser_search\b/.test(s)),
        url,
      ).toEqual([]);
    }
  });

  it("read a scope's trainees and their count from user_search_unit_path_order_idx alone", async () => {
    await unitTree(ctx, 'pl', 6000);
    await ctx.database.query('VACUUM (ANALYZE) user_search');
    const params: unknown[] = [];
    const where = scopeSql('s', ['1 Wing'], (value) => `$${params.push(value)}`);
    const statements = {
      kept: scopeMatchesSql(where),
      count: `SELECT count(*)::int AS n FROM user_search s WHERE ${where}`,
    };
    for (const [name, text] of Object.entries(statements)) {
      const [row] = await ctx.database.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${text}`, params);
      // A bitmap's index scan names no relation, but its heap scan does.
      const onUserSearch = planNodes(explained(row)).filter((n) => n['Relation Name'] === 'user_search');
      expect(
        onUserSearch.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`),
        name,
      ).toEqual(['Index Only Scan user_search_unit_path_order_idx']);
    }
  });
});
