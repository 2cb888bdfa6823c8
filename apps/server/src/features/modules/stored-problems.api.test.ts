/**
 * Modules stored before today's checks: a version that no longer passes them is not restored
 * (422, nothing changes), and a module row that fails them never breaks the modules list or
 * the module's own read: it shows with its problem.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ModuleWithProblem } from '@airman/contracts/api.ts';
import { MODULE_MAX_DAYS } from '@airman/contracts/constants.ts';
import type { Module } from '@airman/contracts/module.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { auditLog, modules, moduleVersions } from '#db/schema.ts';
import { describeApi } from '#test/harness.ts';
import { moduleContent } from './save-module.ts';

const copy = (title: string): Module => ({
  ...readyAirmanModule,
  id: '',
  game_type: readyAirmanModule.id,
  game_title: title,
});

describeApi('modules stored before the checks', (ctx) => {
  it('refuses to restore a version that fails the save checks, and changes nothing', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const created = await ctx.request(admin.token, {
      method: 'POST',
      url: '/api/modules',
      payload: copy(`Restorable ${crypto.randomUUID().slice(0, 8)}`),
    });
    expect(created.statusCode, created.body).toBe(201);
    const module = created.json<Module>();
    // A version kept when the caps allowed more days than they do now.
    await ctx.database.db.insert(moduleVersions).values({
      module_id: module.id,
      version: 2,
      module: { ...module, days: MODULE_MAX_DAYS + 1 },
      questionnaire: null,
      author_id: null,
      author_name: 'server',
      saved_at: Date.now(),
    });
    const entries = async () =>
      (await ctx.database.db.select().from(auditLog).where(eq(auditLog.target_id, module.id))).length;
    const auditBefore = await entries();

    const res = await ctx.request(admin.token, { method: 'POST', url: `/api/modules/${module.id}/versions/2/restore` });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ message: string }>().message).toMatch(/^Version 2 cannot be restored: .*Days/);
    const [row] = await ctx.database.db.select().from(modules).where(eq(modules.id, module.id));
    expect(row?.content.days).toBe(module.days);
    const kept = await ctx.database.db.select().from(moduleVersions).where(eq(moduleVersions.module_id, module.id));
    expect(kept.map((v) => v.version).sort()).toEqual([1, 2]);
    expect(await entries()).toBe(auditBefore);
    // The list still loads.
    expect((await ctx.request(admin.token, { method: 'GET', url: '/api/modules' })).statusCode).toBe(200);
  });

  it('lists a stored module that fails the checks with its problem, and reads it alone', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const id = `m_stored_${crypto.randomUUID().slice(0, 8)}`;
    const module = copy('Stored long ago');
    const now = Date.now();
    await ctx.database.db.insert(modules).values({
      id,
      game_title: 'Stored long ago',
      game_description: module.game_description,
      game_type: module.game_type,
      content: moduleContent({ ...module, days: MODULE_MAX_DAYS + 1 }),
      archived_at: 0,
      created_at: now,
      updated_at: now,
    });

    const list = await ctx.request(admin.token, { method: 'GET', url: '/api/modules' });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<(Module | ModuleWithProblem)[]>();
    const stored = listed.find((m) => m.id === id) as ModuleWithProblem | undefined;
    expect(stored?.game_title).toBe('Stored long ago');
    expect(stored?.problem).toMatch(/Days/);
    // The modules that pass are listed as ever, without a problem.
    expect(listed.filter((m) => m.id !== id).every((m) => !('problem' in m))).toBe(true);

    const one = await ctx.request(admin.token, { method: 'GET', url: `/api/modules/${id}` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<ModuleWithProblem>()).toMatchObject({ id, days: MODULE_MAX_DAYS + 1, problem: stored?.problem });
  });
});
