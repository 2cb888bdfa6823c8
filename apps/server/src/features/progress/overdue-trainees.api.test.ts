import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { PROGRESS_OVERDUE_LIMIT, type OverdueTraineesResponse } from '@airman/contracts/progress.ts';
import type { NudgeResponse } from '@airman/contracts/record.ts';
import { adminToken, describeApi, type TestContext } from '#test/harness.ts';

const DAY = 86_400_000;
const MODULE = 'ready_airman_training';

/** Trainees of a unit of their own, each with an assignment of `module` due a day ago. */
async function overdue(
  ctx: TestContext,
  unit: string,
  tag: string,
  n: number,
  o: { rank?: string; module?: string; active?: boolean; pending?: boolean; completed?: boolean } = {},
): Promise<string[]> {
  const now = Date.now();
  const rows = await ctx.database.query<{ id: string }>(
    `INSERT INTO users (id, user_name, first_name, last_name, rank, unit, active_at, pending, created_at)
     SELECT $1 || '-' || i, $1 || '-' || i || '@example.com', 'First', 'Last', $2, $3, $4, $5, $6
     FROM generate_series(1, $7::int) i RETURNING id`,
    [tag, o.rank ?? 'SrA', unit, o.active === false ? 0 : now, o.pending ?? false, now, n],
  );
  await ctx.database.query(
    `INSERT INTO assignments (user_id, module_id, created_at, due_at, completed_at, game_status)
     SELECT id, $2, $3, $4, $5, $6 FROM users WHERE id LIKE $1 || '-%'`,
    [tag, o.module ?? MODULE, now, now - DAY, o.completed ? now - 2 * DAY : 0, o.completed ? 1 : 0],
  );
  return rows.map((r) => r.id).sort();
}

describeApi('who "remind all overdue in this filter" reaches', (ctx) => {
  it('lists every reachable overdue trainee in the filter, beyond the overdue list, and the reminder reaches them all', async () => {
    const token = await adminToken(ctx);
    const tag = crypto.randomUUID().slice(0, 8);
    const unit = `Unit ${tag}`;
    const archived = `archived_${tag}`;
    await ctx.database.query(
      `INSERT INTO modules (id, game_title, game_type, content, archived_at) SELECT $2, 'Old', game_type, content, 1 FROM modules WHERE id = $1`,
      [MODULE, archived],
    );
    const many = PROGRESS_OVERDUE_LIMIT + 5;
    const reached = await overdue(ctx, unit, `${tag}a`, many);
    const officers = await overdue(ctx, unit, `${tag}b`, 3, { rank: 'Capt' });
    await overdue(ctx, unit, `${tag}c`, 2, { pending: true });
    await overdue(ctx, unit, `${tag}d`, 2, { active: false });
    await overdue(ctx, unit, `${tag}e`, 2, { module: archived });
    await overdue(ctx, unit, `${tag}f`, 2, { completed: true });
    await overdue(ctx, `Other ${tag}`, `${tag}g`, 2);
    const get = async (search: string) => {
      const res = await ctx.request(token, { method: 'GET', url: `/api/admin/progress/overdue-trainees?${search}` });
      expect(res.statusCode).toBe(200);
      return res.json<OverdueTraineesResponse>().user_ids;
    };
    const everyone = [...reached, ...officers].sort();
    const inUnit = new URLSearchParams({ unit }).toString();
    expect(await get(inUnit)).toEqual(everyone);
    expect(await get(`${inUnit}&rank=Capt`)).toEqual(officers);
    expect(await get(`${inUnit}&module=${MODULE}`)).toEqual(everyone);
    expect(await get(`${inUnit}&module=${archived}`)).toEqual([]);
    expect(await get(`${inUnit}&recert=due`)).toEqual([]);

    // The reminder to all of them: every one sent; then none is reachable again for a day.
    const res = await ctx.request(token, {
      method: 'POST',
      url: '/api/admin/reminders/nudge',
      payload: { user_ids: everyone },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<NudgeResponse>()).toMatchObject({ sent: everyone.length, skipped: 0 });
    expect(await get(inUnit)).toEqual([]);
  });

  it('refuses an unknown module and a malformed filter, and a trainee', async () => {
    const token = await adminToken(ctx);
    const unknown = await ctx.request(token, {
      method: 'GET',
      url: '/api/admin/progress/overdue-trainees?module=nope',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await ctx.request(token, { method: 'GET', url: '/api/admin/progress/overdue-trainees?recert=soon' });
    expect(bad.statusCode).toBe(400);
    const trainee = await ctx.createUser();
    const refused = await ctx.request(trainee.token, { method: 'GET', url: '/api/admin/progress/overdue-trainees' });
    expect(refused.statusCode).toBe(403);
  });
});
