import { and, eq, inArray, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import type { BulkUsersResponse } from '@airman/contracts/bulk-users.ts';
import { dueAtFromDay } from '@airman/contracts/due-date.ts';
import { assignments, auditLog, emailLog, users } from '#db/schema.ts';
import { describeApi, TEST_PASSWORD, type TestContext, type TestUser } from '#test/harness.ts';
import { SKIP } from './repository.ts';

const MODULE = 'ready_airman_training';
const DUE = dueAtFromDay(2031, 3, 14);
const LATER = dueAtFromDay(2031, 4, 30);

async function adminLogin(ctx: TestContext): Promise<{ token: string; id: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
  });
  const [admin] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.user_name, 'admin@example.com'));
  return { token: res.json<{ auth: string }>().auth, id: admin?.id as string };
}

/**
 * The fixture, counted by hand: A has the module completed, B has it due on
 * DUE, C has nothing, D is deactivated, P is a pending invitee with a live
 * code, V a pending invitee whose invite was voided.
 */
async function fixture(ctx: TestContext) {
  const [a, b, c, d, p, v] = await Promise.all([
    ctx.createUser(),
    ctx.createUser(),
    ctx.createUser(),
    ctx.createUser({ active: false }),
    ctx.createUser({ pending: true }),
    ctx.createUser({ pending: true }),
  ]);
  const { db } = ctx.database;
  await db
    .update(users)
    .set({ invite_code: `code-${p!.id}`, last_invite_at: 1 })
    .where(eq(users.id, p!.id));
  await db.insert(assignments).values([
    { user_id: a!.id, module_id: MODULE, created_at: 1, started_at: 2, completed_at: 3, due_at: DUE, game_status: 1 },
    { user_id: b!.id, module_id: MODULE, created_at: 1, due_at: DUE },
  ]);
  return { a: a as TestUser, b: b as TestUser, c: c as TestUser, d: d as TestUser, p: p as TestUser, v: v as TestUser };
}

function outcomes(res: BulkUsersResponse): Record<string, string> {
  return Object.fromEntries(res.results.map((r) => [r.id, r.outcome === 'done' ? 'done' : (r.reason as string)]));
}

describeApi('POST admin/users/bulk', (ctx) => {
  const bulk = (token: string | undefined, payload: unknown) =>
    ctx.request(token, { method: 'POST', url: '/api/admin/users/bulk', payload: payload as InjectOptions['payload'] });
  const assigned = async (ids: string[]) =>
    ctx.database.db
      .select({ user_id: assignments.user_id, due_at: assignments.due_at })
      .from(assignments)
      .where(and(eq(assignments.module_id, MODULE), inArray(assignments.user_id, ids)));
  const dueOf = async (ids: string[]) => Object.fromEntries((await assigned(ids)).map((r) => [r.user_id, r.due_at]));

  it('assigns a module with a due date to those who lack it and skips the others', async () => {
    const { token } = await adminLogin(ctx);
    const f = await fixture(ctx);
    const ids = [f.a.id, f.b.id, f.c.id, f.d.id, f.p.id];
    const res = await bulk(token, { ids, action: 'assign', module: MODULE, due_at: LATER });
    expect(res.statusCode).toBe(200);
    const body = res.json<BulkUsersResponse>();
    expect(body).toMatchObject({ action: 'assign', done: 2, skipped: 3 });
    expect(body.results.map((r) => r.id)).toEqual(ids);
    expect(body.results[2]?.user_name).toBe(f.c.email);
    expect(outcomes(body)).toEqual({
      [f.a.id]: SKIP.alreadyAssigned,
      [f.b.id]: SKIP.alreadyAssigned,
      [f.c.id]: 'done',
      [f.d.id]: SKIP.inactive,
      [f.p.id]: 'done',
    });
    expect(await dueOf(ids)).toEqual({
      [f.a.id]: DUE,
      [f.b.id]: DUE,
      [f.c.id]: LATER,
      [f.p.id]: LATER,
    });
    // The users' stored JSON shows it too.
    const c = await ctx.request(token, { method: 'GET', url: `/api/admin/users/${f.c.id}` });
    expect(c.json<{ assignments: { key: string; due_at: number }[] }>().assignments).toMatchObject([
      { key: MODULE, due_at: LATER },
    ]);
    // Without a due date: none.
    const e = await ctx.createUser();
    expect((await bulk(token, { ids: [e.id], action: 'assign', module: MODULE })).json<BulkUsersResponse>().done).toBe(
      1,
    );
    expect(await dueOf([e.id])).toEqual({ [e.id]: 0 });
  });

  it('moves due dates of assignments not completed, and says why others were skipped', async () => {
    const { token } = await adminLogin(ctx);
    const f = await fixture(ctx);
    await bulk(token, { ids: [f.c.id], action: 'assign', module: MODULE, due_at: DUE });
    const ids = [f.a.id, f.b.id, f.c.id, f.d.id];
    const body = (
      await bulk(token, { ids, action: 'due_date', module: MODULE, due_at: LATER })
    ).json<BulkUsersResponse>();
    expect(body).toMatchObject({ done: 2, skipped: 2 });
    expect(outcomes(body)).toEqual({
      [f.a.id]: SKIP.completed,
      [f.b.id]: 'done',
      [f.c.id]: 'done',
      [f.d.id]: SKIP.inactive,
    });
    expect(await dueOf(ids)).toEqual({ [f.a.id]: DUE, [f.b.id]: LATER, [f.c.id]: LATER });
    // The same date again changes nothing; 0 takes the due date away.
    expect(
      outcomes((await bulk(token, { ids: [f.b.id], action: 'due_date', module: MODULE, due_at: LATER })).json()),
    ).toEqual({ [f.b.id]: SKIP.sameDueDate });
    expect(
      (await bulk(token, { ids: [f.b.id], action: 'due_date', module: MODULE, due_at: 0 })).json<BulkUsersResponse>()
        .done,
    ).toBe(1);
    expect(await dueOf([f.b.id])).toEqual({ [f.b.id]: 0 });
  });

  it('unassigns what is not completed and keeps completed assignments', async () => {
    const { token } = await adminLogin(ctx);
    const f = await fixture(ctx);
    const ids = [f.a.id, f.b.id, f.c.id];
    const body = (await bulk(token, { ids, action: 'unassign', module: MODULE })).json<BulkUsersResponse>();
    expect(body).toMatchObject({ done: 1, skipped: 2 });
    expect(outcomes(body)).toEqual({ [f.a.id]: SKIP.completed, [f.b.id]: 'done', [f.c.id]: SKIP.notAssigned });
    expect(Object.keys(await dueOf(ids))).toEqual([f.a.id]);
  });

  it('resends invites with new codes through the outbox, to pending invitees only', async () => {
    const { token } = await adminLogin(ctx);
    const f = await fixture(ctx);
    const { db } = ctx.database;
    const body = (await bulk(token, { ids: [f.a.id, f.p.id, f.v.id], action: 'reinvite' })).json<BulkUsersResponse>();
    expect(outcomes(body)).toEqual({ [f.a.id]: SKIP.registered, [f.p.id]: 'done', [f.v.id]: 'done' });
    const rows = await db
      .select({ id: users.id, code: users.invite_code, at: users.last_invite_at })
      .from(users)
      .where(inArray(users.id, [f.p.id, f.v.id]));
    for (const row of rows) {
      expect(row.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(row.at).toBeGreaterThan(1);
    }
    const log = await db
      .select({ user_id: emailLog.user_id, kind: emailLog.kind })
      .from(emailLog)
      .where(inArray(emailLog.user_id, [f.a.id, f.p.id, f.v.id]));
    expect(log.map((l) => l.user_id).sort()).toEqual([f.p.id, f.v.id].sort());
    expect(new Set(log.map((l) => l.kind))).toEqual(new Set(['invite']));
  });

  it('deactivates: sessions end, pending invites are voided, the caller is skipped', async () => {
    const { token, id: me } = await adminLogin(ctx);
    const f = await fixture(ctx);
    const other = await ctx.createUser({ role: 'admin' });
    const ids = [me, f.a.id, f.d.id, f.p.id, f.v.id, other.id];
    const body = (await bulk(token, { ids, action: 'deactivate' })).json<BulkUsersResponse>();
    expect(body).toMatchObject({ done: 3, skipped: 3 });
    expect(outcomes(body)).toEqual({
      [me]: SKIP.self,
      [f.a.id]: 'done',
      [f.d.id]: SKIP.alreadyInactive,
      [f.p.id]: 'done',
      [f.v.id]: SKIP.voided,
      [other.id]: 'done',
    });
    expect((await ctx.request(f.a.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);
    expect((await ctx.request(other.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);
    expect((await ctx.request(token, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);
    const [p] = await ctx.database.db
      .select({ code: users.invite_code, pending: users.pending })
      .from(users)
      .where(eq(users.id, f.p.id));
    expect(p).toEqual({ code: null, pending: true });
  });

  it('leaves the acting administrator and inactive users alone in every action on assignments', async () => {
    const { token, id: me } = await adminLogin(ctx);
    const f = await fixture(ctx);
    // Each already has the module, so that only who they are can keep due_date and unassign from them.
    const { db } = ctx.database;
    await db
      .insert(assignments)
      .values(
        [me, f.c.id, f.d.id, f.v.id].map((user_id) => ({ user_id, module_id: MODULE, created_at: 1, due_at: DUE })),
      );
    const ids = [me, f.c.id, f.d.id, f.v.id];
    const mine = await dueOf(ids);
    const expected = (done: string) => ({
      [me]: 'your own account',
      [f.c.id]: done,
      [f.d.id]: 'inactive',
      [f.v.id]: 'inactive: the invite was voided',
    });

    const moved = (
      await bulk(token, { ids, action: 'due_date', module: MODULE, due_at: LATER })
    ).json<BulkUsersResponse>();
    expect(moved).toMatchObject({ done: 1, skipped: 3 });
    expect(outcomes(moved)).toEqual(expected('done'));
    expect(await dueOf(ids)).toEqual({ ...mine, [f.c.id]: LATER });

    const removed = (await bulk(token, { ids, action: 'unassign', module: MODULE })).json<BulkUsersResponse>();
    expect(outcomes(removed)).toEqual(expected('done'));
    expect(await dueOf(ids)).toEqual({ [me]: DUE, [f.d.id]: DUE, [f.v.id]: DUE });

    await db.delete(assignments).where(and(eq(assignments.module_id, MODULE), inArray(assignments.user_id, ids)));
    const given = (
      await bulk(token, { ids, action: 'assign', module: MODULE, due_at: LATER })
    ).json<BulkUsersResponse>();
    expect(outcomes(given)).toEqual(expected('done'));
    expect(await dueOf(ids)).toEqual({ [f.c.id]: LATER });
    // Nothing was written about those skipped.
    const audited = await db
      .select({ id: auditLog.target_id })
      .from(auditLog)
      .where(and(like(auditLog.action, 'assignment.%'), inArray(auditLog.target_id, [me, f.d.id, f.v.id])));
    expect(audited).toEqual([]);
  });

  it('answers each id once, in the order first sent', async () => {
    const { token } = await adminLogin(ctx);
    const f = await fixture(ctx);
    const body = (
      await bulk(token, { ids: [f.c.id, f.b.id, f.c.id], action: 'assign', module: MODULE })
    ).json<BulkUsersResponse>();
    expect(body.results.map((r) => r.id)).toEqual([f.c.id, f.b.id]);
    expect(body).toMatchObject({ done: 1, skipped: 1 });
  });

  it('refuses bad requests with a message and changes nothing, e-mails included', async () => {
    const { token } = await adminLogin(ctx);
    const f = await fixture(ctx);
    const { db } = ctx.database;
    await ctx.database.query(
      `INSERT INTO modules (id, game_title, game_type, content, archived_at) SELECT 'm_bulk_old', 'Old', game_type, content, 1 FROM modules WHERE id = $1 ON CONFLICT DO NOTHING`,
      [MODULE],
    );
    // The e-mail log keeps every message queued; the outbox loses a row once it is sent, which
    // the app's sender may do for an earlier test's message at any moment.
    const mailBefore = (await db.select({ id: emailLog.id }).from(emailLog)).length;
    const cases: [unknown, number, RegExp][] = [
      [
        { ids: [f.c.id, 'nobody-1', 'nobody-2'], action: 'assign', module: MODULE },
        400,
        /^ids: no such user: nobody-1, nobody-2\. Nothing was changed/,
      ],
      [{ ids: [f.p.id, 'nobody'], action: 'reinvite' }, 400, /no such user: nobody/],
      [{ ids: [f.c.id], action: 'reinvite', module: MODULE }, 400, /^module: not taken by reinvite$/],
      [{ ids: [f.c.id], action: 'deactivate', due_at: DUE }, 400, /^due_at: not taken by deactivate$/],
      [{ ids: [f.c.id], action: 'unassign', module: MODULE, due_at: DUE }, 400, /^due_at: not taken by unassign$/],
      [{ ids: [f.c.id], action: 'assign' }, 400, /^module: required by assign$/],
      [{ ids: [f.c.id], action: 'due_date', module: MODULE }, 400, /^due_at: required by due_date$/],
      [{ ids: [f.c.id], action: 'assign', module: 'm_missing' }, 400, /^module: there is no module 'm_missing'$/],
      [{ ids: [f.b.id], action: 'unassign', module: 'm_missing' }, 400, /^module: there is no module 'm_missing'$/],
      [{ ids: [f.c.id], action: 'assign', module: 'm_bulk_old' }, 400, /archived/],
      [{ ids: [], action: 'deactivate' }, 400, /^ids: select at least one user$/],
      [
        { ids: Array.from({ length: 5001 }, (_, i) => `u${i}`), action: 'deactivate' },
        400,
        /^ids: at most 5,000 users at once$/,
      ],
      [{ ids: [f.c.id], action: 'delete' }, 400, /^action: /],
      [{ ids: [f.c.id], action: 'deactivate', extra: 1 }, 400, /unknown field extra/],
      [{ ids: [f.c.id], action: 'due_date', module: MODULE, due_at: -1 }, 400, /^due_at: /],
      [{ ids: ['x\u0000y'], action: 'deactivate' }, 400, /must not contain NUL/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await bulk(token, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect(await dueOf([f.c.id])).toEqual({});
    const [p] = await db.select({ code: users.invite_code }).from(users).where(eq(users.id, f.p.id));
    expect(p?.code).toBe(`code-${f.p.id}`);
    expect((await db.select({ id: emailLog.id }).from(emailLog)).length).toBe(mailBefore);
    expect((await ctx.request(f.c.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);
  });

  it('is for administrators only', async () => {
    const f = await fixture(ctx);
    expect((await bulk(undefined, { ids: [f.c.id], action: 'deactivate' })).statusCode).toBe(401);
    const res = await bulk(f.b.token, { ids: [f.c.id], action: 'deactivate' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe('Administrator access required');
    expect((await ctx.request(f.c.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);
    // Decided on the matched route, whatever the URL's spelling.
    expect(
      (
        await ctx.request(f.b.token, {
          method: 'POST',
          url: '/%61pi/admin/users/bulk',
          payload: { ids: [f.c.id], action: 'deactivate' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
