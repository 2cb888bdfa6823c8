/**
 * The audit log: one entry per administrative change, written with the change; the database
 * refuses UPDATE and DELETE on it; GET admin/audit filters, pages and exports it.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@airman/contracts/audit.ts';
import type { Module } from '@airman/contracts/module.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { adminToken, describeApi, TEST_PASSWORD, type TestContext } from '#test/harness.ts';
import { auditLog, signInLog, users } from '#db/schema.ts';
import { applyRetention, writeRetention } from './retention.ts';
import { isSecretField } from '#lib/audit.ts';
import { smallModule } from '#test/game-fixtures.ts';

const DAY = 86_400_000;
const MODULE = READY_AIRMAN_MODULE_ID;

async function entries(ctx: TestContext, token: string, query: Record<string, string>): Promise<AuditEntry[]> {
  const res = await ctx.request(token, { method: 'GET', url: `/api/admin/audit?${new URLSearchParams(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>().entries;
}

/** The entries about one user, newest first, as action → after. */
async function aboutUser(ctx: TestContext, token: string, id: string) {
  return entries(ctx, token, { target_kind: 'user', target_id: id });
}

async function invite(ctx: TestContext, token: string, emails: string[], extra: object = {}) {
  const res = await ctx.request(token, { method: 'PUT', url: '/api/admin/invite', payload: { emails, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  const rows = await ctx.database.db.select().from(users);
  return emails.map((e) => rows.find((r) => r.user_name === e)!);
}

const tag = () => crypto.randomUUID().slice(0, 8);

/** Tries per race: one interleaving is luck; a few find the window when there is one. */
const ROUNDS = 4;

/** The module with its first action costing `cost` tokens. */
function costing(module: Module, cost: number): Module {
  const [first, ...others] = module.actions;
  return { ...module, actions: [{ ...first!, token_cost: cost }, ...others] };
}

describeApi('audit log', (ctx) => {
  it('records a single invite with who sent it, from where, in which request', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const [u] = await invite(ctx, admin.token, [`one.${tag()}@example.com`], { module: MODULE });
    const [e] = await aboutUser(ctx, admin.token, u!.id);
    expect(e).toMatchObject({
      action: 'user.invite',
      actor_id: admin.id,
      actor_name: admin.email,
      target_kind: 'user',
      target_name: u!.user_name,
      before: null,
      after: { user_name: u!.user_name, module: MODULE, via: 'list' },
      address: '127.0.0.1',
    });
    expect(e!.request_id).not.toBe('');
    expect(e!.at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records each address of a bulk invite and of an invite file', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const listed = await invite(ctx, admin.token, [`b1.${tag()}@example.com`, `b2.${tag()}@example.com`]);
    for (const u of listed)
      expect((await aboutUser(ctx, admin.token, u.id)).map((e) => [e.action, e.after?.via])).toEqual([
        ['user.invite', 'bulk'],
      ]);
    const email = `file.${tag()}@example.com`;
    const res = await ctx.request(admin.token, {
      method: 'POST',
      url: '/api/admin/invite/file',
      payload: `email,first_name\n${email},Fay\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.user_name, email));
    expect(
      (await aboutUser(ctx, admin.token, row!.id)).map((e) => [e.action, e.after?.via, e.after?.first_name]),
    ).toEqual([['user.invite', 'file', 'Fay']]);
  });

  it('records a resent invite, single and bulk', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const [a, b] = await invite(ctx, admin.token, [`r1.${tag()}@example.com`, `r2.${tag()}@example.com`]);
    const single = await ctx.request(admin.token, { method: 'POST', url: `/api/admin/users/${a!.id}/reinvite` });
    expect(single.statusCode, single.body).toBe(200);
    const bulk = await ctx.request(admin.token, {
      method: 'POST',
      url: '/api/admin/users/bulk',
      payload: { action: 'reinvite', ids: [b!.id] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    for (const u of [a!, b!]) expect((await aboutUser(ctx, admin.token, u.id))[0]?.action).toBe('user.resend');
  });

  it('records an address corrected, a role, active and name changes, each with before and after', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const [pending] = await invite(ctx, admin.token, [`typo.${tag()}@example.com`]);
    const fixed = `fixed.${tag()}@example.com`;
    await ctx.request(admin.token, {
      method: 'POST',
      url: `/api/admin/users/${pending!.id}`,
      payload: { user_name: fixed },
    });
    expect((await aboutUser(ctx, admin.token, pending!.id))[0]).toMatchObject({
      action: 'user.address',
      before: { user_name: pending!.user_name },
      after: { user_name: fixed },
    });

    const user = await ctx.createUser();
    const change = { role: 'admin', active_at: 0, rank: 'SrA', unit: '1 AS', first_name: 'Ann' };
    const res = await ctx.request(admin.token, { method: 'POST', url: `/api/admin/users/${user.id}`, payload: change });
    expect(res.statusCode, res.body).toBe(200);
    const byAction = Object.fromEntries((await aboutUser(ctx, admin.token, user.id)).map((e) => [e.action, e]));
    expect(Object.keys(byAction).sort()).toEqual(['user.active', 'user.profile', 'user.role']);
    expect(byAction['user.role']).toMatchObject({ before: { role: 'user' }, after: { role: 'admin' } });
    expect(byAction['user.active']).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(byAction['user.profile']!.after).toEqual({ rank: 'SrA', unit: '1 AS', first_name: 'Ann' });
  });

  it('records a registration, its actor the invitee', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const [u] = await invite(ctx, admin.token, [`reg.${tag()}@example.com`]);
    const body = { rank: 'AB', unit: '655 ISRW', first_name: 'Tia', last_name: 'Trainee', password: 'Str0ng-Pass!' };
    const res = await ctx.request(undefined, { method: 'POST', url: `/api/register/${u!.invite_code}`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect((await aboutUser(ctx, admin.token, u!.id))[0]).toMatchObject({
      action: 'user.register',
      actor_id: u!.id,
      actor_name: u!.user_name,
      after: { pending: false, rank: 'AB', unit: '655 ISRW', first_name: 'Tia', last_name: 'Trainee' },
    });
  });

  it('records a deletion with what the user was', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const user = await ctx.createUser({ lastName: 'Gone' });
    expect((await ctx.request(admin.token, { method: 'DELETE', url: `/api/admin/users/${user.id}` })).statusCode).toBe(
      200,
    );
    expect((await aboutUser(ctx, admin.token, user.id))[0]).toMatchObject({
      action: 'user.delete',
      target_name: user.email,
      before: { user_name: user.email, last_name: 'Gone' },
      after: null,
    });
  });

  it('records assign, due date and unassign, single and bulk', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const one = await ctx.createUser();
    const many = await ctx.createUser();
    const post = (url: string, payload?: object) =>
      ctx.request(admin.token, { method: 'POST', url, ...(payload && { payload }) });
    expect((await post(`/api/admin/users/${one.id}/assign`, { module: MODULE })).statusCode).toBe(200);
    const due = Date.UTC(2031, 0, 15);
    expect((await post(`/api/admin/users/${one.id}`, { assignments: [{ key: MODULE, due_at: due }] })).statusCode).toBe(
      200,
    );
    const gone = await ctx.request(admin.token, {
      method: 'DELETE',
      url: `/api/admin/users/${one.id}/assign/${MODULE}`,
    });
    expect(gone.statusCode).toBe(200);
    expect((await aboutUser(ctx, admin.token, one.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['assignment.unassign', { module: MODULE, due_at: due }, { module: null }],
      ['assignment.due_date', { module: MODULE, due_at: 0 }, { module: MODULE, due_at: due }],
      ['assignment.assign', null, { module: MODULE, due_at: 0 }],
    ]);

    for (const payload of [
      { action: 'assign', module: MODULE },
      { action: 'due_date', module: MODULE, due_at: due },
      { action: 'unassign', module: MODULE },
    ]) {
      const res = await post('/api/admin/users/bulk', { ...payload, ids: [many.id] });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await aboutUser(ctx, admin.token, many.id)).map((e) => [e.action, e.after?.bulk])).toEqual([
      ['assignment.unassign', true],
      ['assignment.due_date', true],
      ['assignment.assign', true],
    ]);
  });

  it('records a bulk deactivation', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const user = await ctx.createUser();
    const res = await ctx.request(admin.token, {
      method: 'POST',
      url: '/api/admin/users/bulk',
      payload: { action: 'deactivate', ids: [user.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await aboutUser(ctx, admin.token, user.id))[0]).toMatchObject({
      action: 'user.active',
      before: { active: true },
      after: { active: false, bulk: true },
    });
  });

  it('records a sign-in lock cleared', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const user = await ctx.createUser();
    await ctx.request(undefined, {
      method: 'POST',
      url: '/api/login',
      payload: { user_name: user.email, password: 'Wrong-Pass-1' },
    });
    const res = await ctx.request(admin.token, { method: 'DELETE', url: `/api/admin/users/${user.id}/sign-in` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await aboutUser(ctx, admin.token, user.id))[0]).toMatchObject({
      action: 'user.sign_in_cleared',
      before: { failures: 1 },
      after: { failures: 0, locked_until: 0 },
    });
  });

  it('records a change of the digest setting', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const res = await ctx.request(admin.token, {
      method: 'POST',
      url: '/api/self/email-settings',
      payload: { email_digest: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await aboutUser(ctx, admin.token, admin.id))[0]).toMatchObject({
      action: 'user.digest_setting',
      before: { email_digest: true },
      after: { email_digest: false },
    });
  });

  it('records module create, edit, archive and unarchive, and a questionnaire edit', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const title = `Audited ${tag()}`;
    const created = await ctx.request(admin.token, {
      method: 'POST',
      url: '/api/modules',
      payload: smallModule(title),
    });
    expect(created.statusCode, created.body).toBe(201);
    const m = created.json<Module>();
    const edited = await ctx.request(admin.token, {
      method: 'PUT',
      url: `/api/modules/${m.id}`,
      payload: { ...m, game_title: `${title} 2`, days: m.days + 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await ctx.request(admin.token, { method: 'DELETE', url: `/api/modules/${m.id}` })).statusCode).toBe(200);
    const back = await ctx.request(admin.token, { method: 'POST', url: `/api/modules/${m.id}/unarchive` });
    expect(back.statusCode, back.body).toBe(200);
    const log = await entries(ctx, admin.token, { target_kind: 'module', target_id: m.id });
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      ['module.unarchive', { archived_at: expect.any(Number) }, { archived_at: 0 }],
      ['module.archive', { archived_at: 0 }, { archived_at: expect.any(Number) }],
      [
        'module.edit',
        { 'Settings › Title': title, 'Settings › Days': m.days, version: 1 },
        { 'Settings › Title': `${title} 2`, 'Settings › Days': m.days + 1, version: 2 },
      ],
      ['module.create', null, { game_title: title, copied_from: '', version: 1 }],
    ]);

    const q = await ctx.request(admin.token, { method: 'GET', url: '/api/modules/questionnaire' });
    const content = q.json<{ title: string }>();
    const put = await ctx.request(admin.token, {
      method: 'PUT',
      url: '/api/modules/questionnaire',
      payload: { ...content, title: `${content.title} (audited)` },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [qe] = await entries(ctx, admin.token, { target_kind: 'questionnaire', actor: admin.id });
    expect(qe).toMatchObject({
      action: 'questionnaire.edit',
      target_id: MODULE,
      before: { 'Questionnaire › Title': content.title },
      after: { 'Questionnaire › Title': `${content.title} (audited)` },
    });
  });

  it('says a module edit field by field: a token cost 2 → 3 as such', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const created = await ctx.request(admin.token, {
      method: 'POST',
      url: '/api/modules',
      payload: costing(smallModule(`Costed ${tag()}`), 2),
    });
    expect(created.statusCode, created.body).toBe(201);
    const m = created.json<Module>();
    const saved = await ctx.request(admin.token, {
      method: 'PUT',
      url: `/api/modules/${m.id}`,
      payload: costing(m, 3),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [edit] = await entries(ctx, admin.token, { target_kind: 'module', target_id: m.id, action: 'module.edit' });
    const key = `Actions › ${m.actions[0]!.name} › token cost`;
    expect([edit?.before, edit?.after]).toEqual([
      { [key]: 2, version: 1 },
      { [key]: 3, version: 2 },
    ]);
  });

  it('records each of two racing module saves against the save before it, never a stale one', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const created = await ctx.request(admin.token, {
      method: 'POST',
      url: '/api/modules',
      payload: costing(smallModule(`Raced ${tag()}`), 2),
    });
    expect(created.statusCode, created.body).toBe(201);
    const m = created.json<Module>();
    const key = `Actions › ${m.actions[0]!.name} › token cost`;
    let cost = 2;
    for (let round = 0; round < ROUNDS; round++) {
      const saves = await Promise.all(
        [cost + 1, cost + 2].map((c) =>
          ctx.request(admin.token, { method: 'PUT', url: `/api/modules/${m.id}`, payload: costing(m, c) }),
        ),
      );
      for (const res of saves) expect(res.statusCode, res.body).toBe(200);
      const edits = (await entries(ctx, admin.token, { target_kind: 'module', target_id: m.id, action: 'module.edit' }))
        .slice(0, 2)
        .reverse();
      // Whichever came second compares against what the first saved, not against what both read first.
      expect(edits.map((e) => e.before?.[key])).toEqual([cost, edits[0]?.after?.[key]]);
      expect(edits.map((e) => e.before?.version)).toEqual([1 + 2 * round, 2 + 2 * round]);
      const now = await ctx.request(admin.token, { method: 'GET', url: `/api/modules/${m.id}` });
      cost = now.json<Module>().actions[0]!.token_cost;
      expect(edits[1]?.after?.[key]).toBe(cost);
    }
  });

  it('records each of two racing questionnaire saves against the save before it', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const got = await ctx.request(admin.token, { method: 'GET', url: '/api/modules/questionnaire' });
    const content = got.json<{ title: string }>();
    const key = 'Questionnaire › Title';
    let title = content.title;
    for (let round = 0; round < ROUNDS; round++) {
      const saves = await Promise.all(
        ['A', 'B'].map((side) =>
          ctx.request(admin.token, {
            method: 'PUT',
            url: '/api/modules/questionnaire',
            payload: { ...content, title: `${content.title} ${round}${side}` },
          }),
        ),
      );
      for (const res of saves) expect(res.statusCode, res.body).toBe(200);
      const edits = (await entries(ctx, admin.token, { target_kind: 'questionnaire', actor: admin.id }))
        .slice(0, 2)
        .reverse();
      expect(edits.map((e) => e.before?.[key])).toEqual([title, edits[0]?.after?.[key]]);
      title = (await ctx.request(admin.token, { method: 'GET', url: '/api/modules/questionnaire' })).json<{
        title: string;
      }>().title;
      expect(edits[1]?.after?.[key]).toBe(title);
    }
  });

  it('records an archive once when two come at once, from the row as it was', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    for (let round = 0; round < ROUNDS; round++) {
      const created = await ctx.request(admin.token, {
        method: 'POST',
        url: '/api/modules',
        payload: smallModule(`Archived twice ${tag()}`),
      });
      const m = created.json<Module>();
      const both = await Promise.all(
        [0, 1].map(() => ctx.request(admin.token, { method: 'DELETE', url: `/api/modules/${m.id}` })),
      );
      for (const res of both) expect(res.statusCode, res.body).toBe(200);
      const archives = await entries(ctx, admin.token, {
        target_kind: 'module',
        target_id: m.id,
        action: 'module.archive',
      });
      expect(archives.map((e) => e.before)).toEqual([{ archived_at: 0 }]);
    }
  });

  it('records a report downloaded, by the admin who asked for it', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const tokenRes = await ctx.request(admin.token, {
      method: 'POST',
      url: '/api/admin/reports/token',
      payload: { module: MODULE },
    });
    const { token } = tokenRes.json<{ token: string }>();
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/users?csv=1&module=${MODULE}&token=${encodeURIComponent(token)}`,
    });
    expect(csv.statusCode).toBe(200);
    expect((await entries(ctx, admin.token, { actor: admin.id, action: 'report.download' }))[0]).toMatchObject({
      actor_name: admin.email,
      target_kind: 'report',
      target_id: MODULE,
    });
  });

  it('records the xAPI export and the audit log downloaded, by the admin who took them', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const xapi = await ctx.request(admin.token, {
      method: 'GET',
      url: `/api/admin/reports/xapi?module=${MODULE}&from=2026-01-01`,
    });
    expect(xapi.statusCode).toBe(200);
    const csv = await ctx.request(admin.token, {
      method: 'GET',
      url: `/api/admin/audit?csv=1&action=module.edit&tz=America/Denver`,
    });
    expect(csv.statusCode).toBe(200);
    const [exported] = await entries(ctx, admin.token, { actor: admin.id, action: 'report.xapi' });
    expect(exported).toMatchObject({
      target_kind: 'report',
      target_id: MODULE,
      after: { module: MODULE, from: '2026-01-01', to: null },
    });
    const [downloaded] = await entries(ctx, admin.token, { actor: admin.id, action: 'audit.download' });
    expect(downloaded).toMatchObject({
      target_kind: 'audit',
      target_id: 'audit_log',
      after: { action: 'module.edit', tz: 'America/Denver' },
    });
  });

  it('keeps sign-ins and failed sign-ins in their own stream', async () => {
    const user = await ctx.createUser();
    await ctx.request(undefined, {
      method: 'POST',
      url: '/api/login',
      payload: { user_name: user.email, password: 'Nope-Nope-1' },
    });
    const ok = await ctx.request(undefined, {
      method: 'POST',
      url: '/api/login',
      payload: { user_name: user.email, password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(signInLog)
      .where(eq(signInLog.user_name, user.email))
      .orderBy(signInLog.id);
    // The first is the harness's own sign-in of the new user.
    expect(rows.map((r) => [r.outcome, r.user_id, r.address])).toEqual([
      ['signed_in', user.id, '127.0.0.1'],
      ['failed', user.id, '127.0.0.1'],
      ['signed_in', user.id, '127.0.0.1'],
    ]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of either log, on the application’s own connection', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    await invite(ctx, admin.token, [`keep.${tag()}@example.com`]);
    // Drizzle names the statement and keeps the database's error as the cause.
    const refused = async (work: Promise<unknown>) => {
      const error = (await work.then(
        () => new Error('not refused'),
        (e: unknown) => e,
      )) as { message?: string; cause?: { message?: string } };
      expect(`${error.message} ${error.cause?.message ?? ''}`).toMatch(/append-only: (UPDATE|DELETE|TRUNCATE) refused/);
    };
    await ctx.database.db.insert(signInLog).values({ at: Date.now() - 400 * DAY, user_name: 'old', outcome: 'failed' });
    await ctx.database.db.insert(auditLog).values({
      at: Date.now() - 400 * DAY,
      action: 'user.role',
      target_kind: 'user',
      target_id: 'old',
    });
    for (const table of ['audit_log', 'sign_in_log']) {
      await refused(ctx.database.query(`UPDATE ${table} SET address = 'x'`));
      await refused(ctx.database.query(`DELETE FROM ${table}`));
      await refused(ctx.database.query(`TRUNCATE ${table}`));
      // What once let the retention job through, with a cutoff a year old: no setting opens a delete.
      await refused(
        ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('audit.purge_before', ${String(Date.now() - 365 * DAY)}, true)`);
          await tx.execute(sql.raw(`DELETE FROM ${table} WHERE at < ${Date.now() - 366 * DAY}`));
        }),
      );
    }
    const count = async (table: string) =>
      (await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
    expect(await count('audit_log')).toBeGreaterThan(1);
    expect(await count('sign_in_log')).toBeGreaterThan(0);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of module versions', async () => {
    const admin = await adminToken(ctx);
    const created = await ctx.request(admin, {
      method: 'POST',
      url: '/api/modules',
      payload: smallModule(`Versions ${tag()}`),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Module>().id;
    const refused = async (text: string) =>
      expect(ctx.database.query(text, text.includes('$1') ? [id] : [])).rejects.toThrow(
        /module_versions is append-only: (UPDATE|DELETE|TRUNCATE) refused/,
      );
    await refused(`UPDATE module_versions SET author_name = 'x' WHERE module_id = $1`);
    await refused(`DELETE FROM module_versions WHERE module_id = $1`);
    await refused(`TRUNCATE module_versions`);
    const kept = await ctx.database.query('SELECT 1 FROM module_versions WHERE module_id = $1', [id]);
    expect(kept.length).toBe(1);
  });

  it('removes entries past AUDIT_RETENTION_DAYS and the sign-in stream past AUDIT_SIGNIN_DAYS, and audits it', async () => {
    const now = Date.now();
    const old = `retention-${tag()}`;
    await ctx.database.db.insert(auditLog).values([
      { at: now - 400 * DAY, action: 'user.role', target_kind: 'user', target_id: old },
      { at: now - 10 * DAY, action: 'user.role', target_kind: 'user', target_id: old },
    ]);
    await ctx.database.db.insert(signInLog).values([
      { at: now - 100 * DAY, user_name: `${old}@example.com`, outcome: 'failed' },
      { at: now - 5 * DAY, user_name: `${old}@example.com`, outcome: 'signed_in' },
    ]);
    // Default: the audit log is kept for ever.
    await writeRetention(ctx.database.db, { auditRetentionDays: undefined, auditSignInDays: 90 });
    await applyRetention(ctx.database.db, now);
    const kept = () => ctx.database.db.select().from(auditLog).where(eq(auditLog.target_id, old));
    expect((await kept()).length).toBe(2);
    expect(
      (
        await ctx.database.db
          .select()
          .from(signInLog)
          .where(eq(signInLog.user_name, `${old}@example.com`))
      ).map((r) => r.outcome),
    ).toEqual(['signed_in']);

    await writeRetention(ctx.database.db, { auditRetentionDays: 365, auditSignInDays: 90 });
    // A clock ahead of the database's removes no more: the entry of 10 days ago stays.
    const older = async () =>
      (
        await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE at < $1', [
          now - 365 * DAY,
        ])
      )[0]!.n;
    const expected = await older();
    expect(expected).toBeGreaterThanOrEqual(1);
    const removed = await applyRetention(ctx.database.db, now + 1000 * DAY);
    expect(removed.audit).toBe(expected);
    expect(await older()).toBe(0);
    expect((await kept()).map((r) => r.at)).toEqual([now - 10 * DAY]);
    const admin = await adminToken(ctx);
    const [purge] = await entries(ctx, admin, {
      action: 'audit.retention',
      target_kind: 'audit',
      target_id: 'audit_log',
    });
    expect(purge).toMatchObject({ actor_id: null, actor_name: 'server', after: { removed: removed.audit, days: 365 } });
  });

  it('filters by actor, action, target and dates, pages by cursor, and is for administrators only', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const invited = await invite(
      ctx,
      admin.token,
      Array.from({ length: 5 }, (_, i) => `page${i}.${tag()}@example.com`),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const q = new URLSearchParams({
        actor: admin.email,
        action: 'user.invite',
        limit: '2',
        ...(cursor && { cursor }),
      });
      const res = await ctx.request(admin.token, { method: 'GET', url: `/api/admin/audit?${q}` });
      const page = res.json<AuditPage>();
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => e.target_id));
      cursor = page.cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(invited.map((u) => u.id).sort());

    const today = new Date().toISOString().slice(0, 10);
    expect(await entries(ctx, admin.token, { actor: admin.id, from: '2000-01-01', to: '2000-12-31' })).toEqual([]);
    expect((await entries(ctx, admin.token, { actor: admin.id, from: today, to: today })).length).toBe(5);

    const trainee = await ctx.createUser();
    expect((await ctx.request(trainee.token, { method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(403);
    expect((await ctx.request(admin.token, { method: 'GET', url: '/api/admin/audit?cursor=nope' })).statusCode).toBe(
      400,
    );
    expect(
      (await ctx.request(admin.token, { method: 'GET', url: '/api/admin/audit?action=user.fly' })).statusCode,
    ).toBe(400);
  });

  it('takes a day range in the admin’s time zone, and refuses a zone it does not know', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const action = 'audit.retention';
    const target_id = `zone-${tag()}`;
    // 22:00 in Denver on 25 November is 05:00 UTC on the 26th.
    await ctx.database.db.insert(auditLog).values({
      at: Date.parse('2026-11-26T05:00:00Z'),
      action,
      target_kind: 'audit',
      target_id,
    });
    const found = async (query: Record<string, string>) =>
      (await entries(ctx, admin.token, { action, target_kind: 'audit', target_id, ...query })).length;
    expect(await found({ from: '2026-11-25', to: '2026-11-25', tz: 'America/Denver' })).toBe(1);
    expect(await found({ from: '2026-11-26', to: '2026-11-26', tz: 'America/Denver' })).toBe(0);
    expect(await found({ from: '2026-11-25', to: '2026-11-25' })).toBe(0);
    expect(await found({ from: '2026-11-26', to: '2026-11-26' })).toBe(1);
    const bad = await ctx.request(admin.token, { method: 'GET', url: '/api/admin/audit?tz=Mars%2FOlympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('tz must be a time zone name');
  });

  it('finds a user target by e-mail: every entry about whoever has it now, or the entries made under it', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const [user] = await invite(ctx, admin.token, [`moved.${tag()}@example.com`]);
    const corrected = `corrected.${tag()}@example.com`;
    const res = await ctx.request(admin.token, {
      method: 'POST',
      url: `/api/admin/users/${user!.id}`,
      payload: { user_name: corrected },
    });
    expect(res.statusCode, res.body).toBe(200);
    const byId = await aboutUser(ctx, admin.token, user!.id);
    expect(byId.length).toBeGreaterThanOrEqual(2);
    // Their address now, in any case: the entries under the old address too.
    expect(await aboutUser(ctx, admin.token, corrected.toUpperCase())).toEqual(byId);
    // An address no one has now: the entries made under it.
    const removed = `gone.${tag()}@example.com`;
    const [gone] = await invite(ctx, admin.token, [removed]);
    const deleted = await ctx.request(admin.token, { method: 'DELETE', url: `/api/admin/users/${gone!.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await aboutUser(ctx, admin.token, removed)).map((e) => e.action).sort()).toEqual([
      'user.delete',
      'user.invite',
    ]);
  });

  it('exports the filtered entries as CSV with the report’s escaping', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const user = await ctx.createUser();
    await ctx.request(admin.token, {
      method: 'POST',
      url: `/api/admin/users/${user.id}`,
      payload: { unit: '=HYPERLINK("x")', first_name: 'Jo, "Ace"' },
    });
    const res = await ctx.request(admin.token, {
      method: 'GET',
      url: `/api/admin/audit?csv=1&target_kind=user&target_id=${user.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Actor,Actor ID,Action,Target,Target ID,Target name,Before,After,Address,Request ID',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${admin.email},${admin.id},user.profile,user,${user.id},${user.email},`);
    // JSON cells are quoted, their quotes doubled; a formula inside stays text.
    expect(lines[1]).toContain(',"{""unit"":""=HYPERLINK(\\""x\\"")"",""first_name"":""Jo, \\""Ace\\""""}",');
  });

  // Last: it reads every entry the tests above wrote.
  it('never holds a password, hash, code or token in any entry', async () => {
    const all = await ctx.database.query<{ before: unknown; after: unknown }>('SELECT before, after FROM audit_log');
    expect(all.length).toBeGreaterThan(20);
    const codes = (
      await ctx.database.query<{ code: string }>('SELECT invite_code AS code FROM users WHERE invite_code IS NOT NULL')
    ).map((r) => r.code);
    const hashes = (
      await ctx.database.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE password_hash IS NOT NULL')
    ).map((r) => r.h);
    const keys = (value: unknown): string[] =>
      value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)]) : [];
    for (const { before, after } of all) {
      for (const fields of [before, after]) {
        expect(keys(fields).filter(isSecretField)).toEqual([]);
        const text = JSON.stringify(fields);
        for (const secret of [TEST_PASSWORD, 'Str0ng-Pass!', ...codes, ...hashes]) expect(text).not.toContain(secret);
      }
    }
  });
});
