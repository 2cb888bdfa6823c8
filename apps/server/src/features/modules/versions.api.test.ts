/** Module versions: every save keeps one; list, read, restore (a new version); runs name theirs. */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AuditPage, ModuleVersion, ModuleVersionsResponse } from '@airman/contracts/audit.ts';
import type { Module } from '@airman/contracts/module.ts';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { describeApi, type TestContext, type TestUser } from '#test/harness.ts';
import { gameRuns } from '#db/schema.ts';
import { idleLine, smallModule } from '#test/game-fixtures.ts';

async function versions(ctx: TestContext, token: string, id: string) {
  const res = await ctx.request(token, { method: 'GET', url: `/api/modules/${id}/versions` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ModuleVersionsResponse>().versions;
}

/** Module `payload` as `admin` creates it. */
async function createModule(ctx: TestContext, admin: TestUser, payload: Module): Promise<Module> {
  const created = await ctx.request(admin.token, { method: 'POST', url: '/api/modules', payload });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Module>();
}

/** A new trainee whom `admin` assigns module `id`, and the run the trainee starts on it. */
async function traineeRun(ctx: TestContext, admin: TestUser, id: string) {
  const trainee = await ctx.createUser();
  await ctx.request(admin.token, {
    method: 'POST',
    url: `/api/admin/users/${trainee.id}/assign`,
    payload: { module: id },
  });
  const run = await ctx.request(trainee.token, { method: 'POST', url: '/api/game/runs', payload: { module: id } });
  expect(run.statusCode, run.body).toBe(200);
  return { trainee, ...run.json<{ run_id: string; module: Module; seed: number }>() };
}

/** The module report of module `id` as `admin` downloads it: its lines, each split into cells. */
async function reportRows(ctx: TestContext, admin: TestUser, id: string): Promise<string[][]> {
  const token = (
    await ctx.request(admin.token, { method: 'POST', url: '/api/admin/reports/token', payload: { module: id } })
  ).json<{ token: string }>().token;
  const report = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/users?csv=1&module=${id}&token=${encodeURIComponent(token)}`,
  });
  return report.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
}

describeApi('module versions', (ctx) => {
  it('keeps every save, reads any version, and restores one as a new version that plays as it did', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const title = `Versioned ${crypto.randomUUID().slice(0, 8)}`;
    const first = await createModule(ctx, admin, smallModule(title));
    const edited = await ctx.request(admin.token, {
      method: 'PUT',
      url: `/api/modules/${first.id}`,
      payload: { ...first, game_title: `${title} edited`, starting_gauges: { focus: 10, morale: 90 } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const listed = await versions(ctx, admin.token, first.id);
    expect(listed.map((v) => [v.version, v.author_id, v.author_name])).toEqual([
      [2, admin.id, admin.email],
      [1, admin.id, admin.email],
    ]);

    const v1 = await ctx.request(admin.token, { method: 'GET', url: `/api/modules/${first.id}/versions/1` });
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json<ModuleVersion>()).toMatchObject({ version: 1, module: first, questionnaire: null });

    const restored = await ctx.request(admin.token, {
      method: 'POST',
      url: `/api/modules/${first.id}/versions/1/restore`,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Module>()).toEqual(first);
    expect((await versions(ctx, admin.token, first.id)).map((v) => v.version)).toEqual([3, 2, 1]);
    const v3 = await ctx.request(admin.token, { method: 'GET', url: `/api/modules/${first.id}/versions/3` });
    expect(v3.json<ModuleVersion>().module).toEqual(first);

    const audit = await ctx.request(admin.token, {
      method: 'GET',
      url: `/api/admin/audit?target_kind=module&target_id=${first.id}&action=module.restore`,
    });
    expect(audit.json<AuditPage>().entries[0]).toMatchObject({
      before: { 'Settings › Title': `${title} edited`, 'Gauges › focus › start': 10, version: 2 },
      after: { 'Settings › Title': title, 'Gauges › focus › start': 50, version: 3, restored_from: 1 },
    });

    // A trainee's run of the restored module plays version 3, which is version 1's module.
    const { trainee, run_id, module, seed } = await traineeRun(ctx, admin, first.id);
    expect(module).toEqual(first);
    const [row] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, run_id));
    expect(row!.module_version).toBe(3);

    // The module report names the version the kept run was played on.
    const finished = await ctx.request(trainee.token, {
      method: 'POST',
      url: `/api/game/runs/${run_id}/finish`,
      payload: { log: idleLine(module, seed) },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const [header, line] = await reportRows(ctx, admin, first.id);
    const column = header!.indexOf('Module Version');
    expect(column).toBeGreaterThan(0);
    expect(line![column]).toBe('3');
  });

  it('scores a run by the rules of the version it started on, whatever the module was changed to meanwhile', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const title = `Rules ${crypto.randomUUID().slice(0, 8)}`;
    // Focus held at 50 in its 40–60 range every day: 10 points a day, all of the most the module allows.
    const first = await createModule(ctx, admin, { ...smallModule(title), healthy_range: { focus: [40, 60] } });
    const { trainee, run_id, module, seed } = await traineeRun(ctx, admin, first.id);

    // Mid-run the author changes the scoring: a point a day in range, stars out of reach, and a nightly drain.
    const changed = await ctx.request(admin.token, {
      method: 'PUT',
      url: `/api/modules/${first.id}`,
      payload: { ...first, daily_change: { focus: -8 }, scoring: { range_day_points: 1, stars: [500, 600] } },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // The run resumes on the module it started with, and is scored by it: 3 stars, 10 points a day.
    const resumed = await ctx.request(trainee.token, {
      method: 'POST',
      url: '/api/game/runs',
      payload: { module: first.id },
    });
    expect(resumed.json<{ run_id: string; module: Module }>()).toMatchObject({ run_id, module: first });
    const log = idleLine(module, seed);
    const finished = await ctx.request(trainee.token, {
      method: 'POST',
      url: `/api/game/runs/${run_id}/finish`,
      payload: { log },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({ outcome: 'complete', score: { points: first.days * 10, stars: 3 } });
    const [row] = await ctx.database.db.select().from(gameRuns).where(eq(gameRuns.id, run_id));
    expect(row!.module_version).toBe(1);

    // The module report says so: version 1, focus in its range every day of the run.
    const [header, line] = await reportRows(ctx, admin, first.id);
    const cell = (name: string) => line![header!.indexOf(name)];
    expect([cell('Score'), cell('Stars'), cell('Module Version')]).toEqual([String(first.days * 10), '3', '1']);
    expect(cell('Days in Range focus')).toBe(String(first.days));
  });

  it('keeps a version of the module when its questionnaire is saved', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const q = (
      await ctx.request(admin.token, { method: 'GET', url: '/api/modules/questionnaire' })
    ).json<Questionnaire>();
    const before = await versions(ctx, admin.token, READY_AIRMAN_MODULE_ID);
    const changed = { ...q, instructions: `${q.instructions} (v)` };
    expect(
      (await ctx.request(admin.token, { method: 'PUT', url: '/api/modules/questionnaire', payload: changed }))
        .statusCode,
    ).toBe(200);
    const after = await versions(ctx, admin.token, READY_AIRMAN_MODULE_ID);
    // The seeded module had no version yet: the server kept it as it was, then the save.
    expect(after.length).toBe(before.length + (before.length === 0 ? 2 : 1));
    expect(after[0]).toMatchObject({ author_id: admin.id });
    const latest = await ctx.request(admin.token, {
      method: 'GET',
      url: `/api/modules/${READY_AIRMAN_MODULE_ID}/versions/${after[0]!.version}`,
    });
    expect(latest.json<ModuleVersion>().questionnaire).toEqual(changed);
    const previous = await ctx.request(admin.token, {
      method: 'GET',
      url: `/api/modules/${READY_AIRMAN_MODULE_ID}/versions/${after[1]!.version}`,
    });
    expect(previous.json<ModuleVersion>().questionnaire).toEqual(q);
  });

  it('answers 404 for a version or module there is not, 400 for a bad number, 403 to trainees', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const trainee = await ctx.createUser();
    const m = READY_AIRMAN_MODULE_ID;
    expect((await ctx.request(admin.token, { method: 'GET', url: `/api/modules/${m}/versions/9999` })).statusCode).toBe(
      404,
    );
    expect((await ctx.request(admin.token, { method: 'GET', url: '/api/modules/nope/versions' })).statusCode).toBe(404);
    expect((await ctx.request(admin.token, { method: 'GET', url: `/api/modules/${m}/versions/abc` })).statusCode).toBe(
      400,
    );
    expect(
      (await ctx.request(admin.token, { method: 'POST', url: `/api/modules/${m}/versions/9999/restore` })).statusCode,
    ).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/modules/${m}/versions`],
      ['GET', `/api/modules/${m}/versions/1`],
      ['POST', `/api/modules/${m}/versions/1/restore`],
    ] as const)
      expect((await ctx.request(trainee.token, { method, url })).statusCode).toBe(403);
  });
});
