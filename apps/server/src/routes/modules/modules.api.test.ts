import { expect, it } from 'vitest';
import type { Module } from '@airman/contracts/module.ts';
import { cafQuestionnaire } from '../../seed/caf-questionnaire.ts';
import { readyAirmanModule } from '../../seed/ready-airman-module.ts';
import { describeApi, TEST_PASSWORD, type TestContext } from '../../../test/harness.ts';

async function adminToken(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { user_name: 'admin@example.com', password: TEST_PASSWORD } });
  return res.json<{ auth: string }>().auth;
}

const copy = (): Module => ({ ...readyAirmanModule, id: '', game_title: 'Ready Airman Training Copy 2026-11-22' });

describeApi('modules', (ctx) => {
  it('lists modules for admins only', async () => {
    const admin = await adminToken(ctx);
    const user = await ctx.createUser();
    const list = await ctx.request(admin, { method: 'GET', url: '/api/modules' });
    expect(list.statusCode).toBe(200);
    expect(list.json<Module[]>().map((m) => m.id)).toContain('ready_airman_training');
    expect((await ctx.request(user.token, { method: 'GET', url: '/api/modules' })).statusCode).toBe(403);
    expect((await ctx.request(undefined, { method: 'GET', url: '/api/modules' })).statusCode).toBe(401);
  });

  it('creates with an empty id, updates, and archives; a base module cannot be archived', async () => {
    const admin = await adminToken(ctx);
    const created = await ctx.request(admin, { method: 'POST', url: '/api/modules', payload: copy() });
    expect(created.statusCode).toBe(201);
    const m = created.json<Module>();
    expect(m.id).not.toBe('');
    expect(m.game_type).toBe('ready_airman_training');

    const updated = await ctx.request(admin, { method: 'PUT', url: `/api/modules/${m.id}`, payload: { ...m, days: 5 } });
    expect(updated.json<Module>().days).toBe(5);
    const got = await ctx.request(admin, { method: 'GET', url: `/api/modules/${m.id}` });
    expect(got.json<Module>().days).toBe(5);

    const archived = await ctx.request(admin, { method: 'DELETE', url: `/api/modules/${m.id}` });
    expect(archived.json<Module>().archived_at).toBeGreaterThan(0);
    const base = await ctx.request(admin, { method: 'DELETE', url: '/api/modules/ready_airman_training' });
    expect(base.statusCode).toBe(409);
  });

  it('keeps the author’s order of gauges', async () => {
    const admin = await adminToken(ctx);
    const m = { ...copy(), starting_gauges: { spiritual: 40, mental: 55, social: 45, physical: 50 } };
    const created = await ctx.request(admin, { method: 'POST', url: '/api/modules', payload: m });
    const got = await ctx.request(admin, { method: 'GET', url: `/api/modules/${created.json<Module>().id}` });
    expect(Object.keys(got.json<Module>().starting_gauges)).toEqual(['spiritual', 'mental', 'social', 'physical']);
  });

  it('refuses a module with undefined references, with the reasons', async () => {
    const admin = await adminToken(ctx);
    const bad = copy();
    bad.actions = [{ ...bad.actions[0]!, results: { stamina: 3 }, required_objectives: ['Ghost'] }];
    const res = await ctx.request(admin, { method: 'POST', url: '/api/modules', payload: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe("actions.0.results.stamina: unknown gauge 'stamina'; actions.0.required_objectives.0: unknown objective 'Ghost'");
    const frac = await ctx.request(admin, { method: 'POST', url: '/api/modules', payload: { ...copy(), days: 2.5 } });
    expect(frac.statusCode).toBe(400);
    const mismatch = await ctx.request(admin, { method: 'PUT', url: '/api/modules/ready_airman_training', payload: copy() });
    expect(mismatch.statusCode).toBe(400);
    const missing = await ctx.request(admin, { method: 'GET', url: '/api/modules/nope' });
    expect(missing.statusCode).toBe(404);
  });

  it('reads and validates the questionnaire', async () => {
    const admin = await adminToken(ctx);
    const user = await ctx.createUser();
    const got = await ctx.request(user.token, { method: 'GET', url: '/api/modules/questionnaire' });
    expect(got.json()).toEqual(cafQuestionnaire);
    const changed = { ...cafQuestionnaire, instructions: 'Think about last week.' };
    const put = await ctx.request(admin, { method: 'PUT', url: '/api/modules/questionnaire', payload: changed });
    expect(put.statusCode).toBe(200);
    const bad = await ctx.request(admin, { method: 'PUT', url: '/api/modules/questionnaire', payload: { ...cafQuestionnaire, items: [{ id: 'x', domain: 'nope', text: 't', reverse: false }] } });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.request(user.token, { method: 'PUT', url: '/api/modules/questionnaire', payload: changed })).statusCode).toBe(403);
  });
});
