import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assignments, gameRuns, reportTokens, users } from '../../db/schema.ts';
import { readyAirmanModule } from '../../seed/ready-airman-module.ts';
import { describeApi, TEST_PASSWORD, type TestContext } from '../../../test/harness.ts';

async function adminToken(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { user_name: 'admin@example.com', password: TEST_PASSWORD } });
  return res.json<{ auth: string }>().auth;
}

async function reportToken(ctx: TestContext, admin: string, module = 'ready_airman_training'): Promise<string> {
  const res = await ctx.request(admin, { method: 'POST', url: '/api/admin/reports/token', payload: { module } });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

const csvUrl = (token: string, module = 'ready_airman_training') => `/api/admin/users?csv=1&module=${module}&token=${encodeURIComponent(token)}`;

describeApi('module report', (ctx) => {
  it('streams one row per assigned user, pending invitees included, escaped against formulas', async () => {
    const admin = await adminToken(ctx);
    const now = Date.now();
    await ctx.database.db.insert(users).values([
      { id: 'r1', user_name: 'evil@example.com', first_name: 'Eve', last_name: '=cmd()', rank: 'SrA', unit: '655 ISRW', active_at: now, created_at: now },
      { id: 'r2', user_name: 'pending@example.com', pending: true, invite_code: 'code-r2', created_at: now },
    ]);
    await ctx.database.db.insert(assignments).values([
      { user_id: 'r1', module_id: 'ready_airman_training', created_at: now, started_at: now, completed_at: now, game_status: 1 },
      { user_id: 'r2', module_id: 'ready_airman_training', created_at: now },
    ]);
    await ctx.database.db.insert(gameRuns).values({
      id: 'run-r1', user_id: 'r1', module_id: 'ready_airman_training', seed: 1, module_snapshot: readyAirmanModule, status: 'complete',
      final_gauges: { mental: 70, physical: 61, social: 55, spiritual: 80 }, objectives_completed: ['Pass the PT test', 'Complete readiness training'],
      answers_before: { mental_1: 2, mental_2: 2, mental_3: 4, mental_4: 2 }, answers_after: { mental_1: 4, mental_2: 4, mental_3: 2, mental_4: 4 },
      started_at: now, finished_at: now,
    });
    const res = await ctx.app.inject({ method: 'GET', url: csvUrl(await reportToken(ctx, admin)) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Ready Airman Training \d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Rank,Unit,Last Name,First Name,Email,Status,Added,Started,Due,Completed,Final mental,Final physical,Final social,Final spiritual,Objectives Completed,Mental Before,Mental After,Mental Change/);
    const pending = lines.find((l) => l.includes('pending@example.com'))!;
    expect(pending.startsWith('*,*,')).toBe(true);
    expect(pending).toContain('Not Started');
    const evil = lines.find((l) => l.includes('evil@example.com'))!;
    expect(evil).toContain("SrA,655 ISRW,'=cmd(),Eve,evil@example.com,Complete,");
    expect(evil).toContain(',70,61,55,80,Pass the PT test; Complete readiness training,25,75,50,');
  });

  it('accepts a token once, for its module only, and never the access token', async () => {
    const admin = await adminToken(ctx);
    const token = await reportToken(ctx, admin);
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(token, 'other') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(token) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(admin) })).statusCode).toBe(401);
    const expired = await reportToken(ctx, admin);
    await ctx.database.db.update(reportTokens).set({ expires_at: Date.now() - 1 }).where(eq(reportTokens.used_at, 0));
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(expired) })).statusCode).toBe(401);
    const user = await ctx.createUser();
    expect((await ctx.request(user.token, { method: 'POST', url: '/api/admin/reports/token', payload: { module: 'ready_airman_training' } })).statusCode).toBe(403);
  });
});
