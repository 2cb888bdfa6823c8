import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import type { User } from '@airman/contracts/user.ts';
import { assignments, users } from '#db/schema.ts';
import { adminToken, describeApi, TEST_PASSWORD, type TestContext } from '#test/harness.ts';

const MODULE = 'ready_airman_training';

async function archivedModule(ctx: TestContext, id: string): Promise<string> {
  await ctx.database.query(
    `INSERT INTO modules (id, game_title, game_type, content, archived_at)
     SELECT $1::text, 'Old', game_type, content, 1 FROM modules WHERE id = $2`,
    [id, MODULE],
  );
  return id;
}

/** The administrator of `token` assigns MODULE to user `id`. */
async function assignModule(ctx: TestContext, token: string, id: string): Promise<void> {
  const res = await ctx.request(token, {
    method: 'POST',
    url: `/api/admin/users/${id}/assign`,
    payload: { module: MODULE },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const sessionStatus = async (ctx: TestContext, token: string) =>
  (await ctx.request(token, { method: 'GET', url: '/api/session' })).statusCode;

describeApi('POST admin/users/{id}', (ctx) => {
  const update = async (token: string, id: string, payload: unknown) =>
    ctx.request(token, { method: 'POST', url: `/api/admin/users/${id}`, payload: payload as InjectOptions['payload'] });

  it('applies only the fields given and returns the user', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    const res = await update(token, user.id, {
      unit: '655 ISRW Det 1',
      rank: 'SSgt',
      first_name: 'Kim',
      last_name: 'Park',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({
      id: user.id,
      unit: '655 ISRW Det 1',
      rank: 'SSgt',
      first_name: 'Kim',
      last_name: 'Park',
      user_name: user.email,
      role: 'user',
    });
    // Unit and rank changes leave the user signed in.
    expect(await sessionStatus(ctx, user.token)).toBe(200);
    expect((await update(token, user.id, {})).json<User>().unit).toBe('655 ISRW Det 1');
  });

  it('refuses unknown fields, wrong types and bad values with a 400 and a message', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    const bad = [
      { sex: 'M' },
      { password: 'Whatever-1!' },
      { invite_code: 'x' },
      { first_name: 5 },
      { first_name: '   ' },
      { rank: 'Captain' },
      { role: 'root' },
      { user_name: 'not-an-email' },
      { active_at: -1 },
      { active_at: 'now' },
      { active_at: 1.5 },
      { assignments: 'x' },
      { assignments: [{ key: MODULE }] },
      { assignments: [{ key: MODULE, due_at: 1, extra: true }] },
      [],
    ];
    for (const payload of bad) {
      const res = await update(token, user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message, JSON.stringify(payload)).toEqual(expect.any(String));
    }
    const text = await ctx.request(token, {
      method: 'POST',
      url: `/api/admin/users/${user.id}`,
      payload: 'unit=x',
      headers: { 'content-type': 'text/plain' },
    });
    // A body of a type no route of this server reads is refused before it is read (plugins/bodies.ts).
    expect(text.statusCode).toBe(415);
    expect(text.json<{ message: string }>().message).toEqual(expect.any(String));
    expect((await update(token, 'no-such-user', { unit: 'x' })).statusCode).toBe(404);
    // Fastify refuses a path parameter over 100 characters (maxParamLength) with a 414.
    expect((await update(token, 'x'.repeat(101), { unit: 'x' })).statusCode).toBe(414);
  });

  it('keeps e-mails unique (409) and stores them in lower case', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    const taken = await update(token, user.id, { user_name: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toContain(other.email);
    const moved = await update(token, user.id, { user_name: `  Moved-${user.email.toUpperCase()} ` });
    expect(moved.json<User>().user_name).toBe(`moved-${user.email}`);
  });

  it('revokes the user’s tokens on a role change, an e-mail change and deactivation, not otherwise', async () => {
    const token = await adminToken(ctx);
    const promoted = await ctx.createUser();
    expect((await update(token, promoted.id, { role: 'user' })).statusCode).toBe(200);
    expect(await sessionStatus(ctx, promoted.token)).toBe(200);
    expect((await update(token, promoted.id, { role: 'admin' })).json<User>().role).toBe('admin');
    expect(await sessionStatus(ctx, promoted.token)).toBe(401);

    const renamed = await ctx.createUser();
    await update(token, renamed.id, { user_name: `renamed-${renamed.email}` });
    expect(await sessionStatus(ctx, renamed.token)).toBe(401);

    const deactivated = await ctx.createUser();
    await update(token, deactivated.id, { active_at: 0 });
    expect(await sessionStatus(ctx, deactivated.token)).toBe(401);
  });

  it('deactivates with active_at 0 and activates "now" with any positive value', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    const off = await update(token, user.id, { active_at: 0 });
    expect(off.json<User>().active_at).toBe(0);
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: user.email, password: TEST_PASSWORD },
      });
    expect((await login()).statusCode).toBe(401);
    const before = Date.now();
    const on = await update(token, user.id, { active_at: 1 });
    const activatedAt = on.json<User>().active_at;
    expect(activatedAt).toBeGreaterThanOrEqual(before);
    expect(activatedAt).toBeLessThanOrEqual(Date.now());
    expect((await login()).statusCode).toBe(200);
    // Activating an active account keeps its activation time.
    expect((await update(token, user.id, { active_at: Date.now() + 99_999 })).json<User>().active_at).toBe(activatedAt);
  });

  it('sets due dates of existing assignments; an unknown key changes nothing (one transaction)', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    await assignModule(ctx, token, user.id);
    const due = Date.UTC(2030, 11, 1, 23);
    const dated = await update(token, user.id, { assignments: [{ key: MODULE, due_at: due }] });
    expect(dated.json<User>().assignments[0]?.due_at).toBe(due);
    const refused = await update(token, user.id, {
      unit: 'Changed',
      assignments: [
        { key: MODULE, due_at: 0 },
        { key: 'unassigned', due_at: 5 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('unassigned');
    const after = (await ctx.request(token, { method: 'GET', url: `/api/admin/users/${user.id}` })).json<User>();
    expect(after.unit).toBe('655 ISRW');
    expect(after.assignments[0]?.due_at).toBe(due);
  });

  it('accepts assignments sent back as they were read, and refuses a change to a read-only field', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    await assignModule(ctx, token, user.id);
    const read = (await ctx.request(token, { method: 'GET', url: `/api/admin/users/${user.id}` })).json<User>();
    const due = Date.UTC(2030, 10, 15, 12);
    const sentBack = read.assignments.map((a) => ({ ...a, due_at: due }));
    const saved = await update(token, user.id, { assignments: sentBack });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<User>().assignments).toEqual(sentBack);

    const [first] = read.assignments;
    if (!first) throw new Error('the user has no assignment');
    const forged = await update(token, user.id, {
      assignments: [{ ...first, due_at: 0, completed_at: 5, game_status: 1 }],
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ message: string }>().message).toBe(
      `assignments: ${MODULE}: completed_at, game_status cannot be changed, only due_at`,
    );
    const forgedScore = await update(token, user.id, {
      assignments: [{ ...first, due_at: due, score: { points: 999, stars: 3 } }],
    });
    expect(forgedScore.statusCode).toBe(400);
    expect(forgedScore.json<{ message: string }>().message).toBe(
      `assignments: ${MODULE}: score cannot be changed, only due_at`,
    );
    const after = (await ctx.request(token, { method: 'GET', url: `/api/admin/users/${user.id}` })).json<User>();
    expect(after.assignments).toEqual(sentBack);
  });
});

describeApi('admin/users/{id}: get, assign, unassign, delete', (ctx) => {
  it('GET shows the user with the invite code to an admin; 404 unknown, 414 over-long id', async () => {
    const token = await adminToken(ctx);
    await ctx.database.db.insert(users).values({
      id: 'pending-1',
      user_name: 'pending-1@example.com',
      pending: true,
      invite_code: 'the-code',
      last_invite_at: 5,
    });
    const res = await ctx.request(token, { method: 'GET', url: '/api/admin/users/pending-1' });
    expect(res.json<User>()).toMatchObject({
      id: 'pending-1',
      pending: true,
      invite_code: 'the-code',
      last_invite_at: 5,
      assignments: [],
      modules: [],
    });
    expect((await ctx.request(token, { method: 'GET', url: '/api/admin/users/nobody' })).statusCode).toBe(404);
    const long = await ctx.request(token, { method: 'GET', url: `/api/admin/users/${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json<{ message: string }>().message).toEqual(expect.any(String));
  });

  it('assigns live modules only, once', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    const assign = (payload: unknown, id = user.id) =>
      ctx.request(token, {
        method: 'POST',
        url: `/api/admin/users/${id}/assign`,
        payload: payload as InjectOptions['payload'],
      });
    const before = Date.now();
    const assigned = await assign({ module: MODULE });
    expect(assigned.statusCode).toBe(200);
    const [a] = assigned.json<User>().assignments;
    expect(a).toMatchObject({ key: MODULE, due_at: 0, started_at: 0, completed_at: 0, game_status: 0 });
    expect(a?.created_at).toBeGreaterThanOrEqual(before);
    expect(assigned.json<User>().modules).toEqual([MODULE]);

    expect((await assign({ module: MODULE })).statusCode).toBe(409);
    expect((await assign({ module: 'nope' })).statusCode).toBe(404);
    const archived = await assign({ module: await archivedModule(ctx, 'old_module') });
    expect(archived.statusCode).toBe(400);
    expect(archived.json<{ message: string }>().message).toContain('archived');
    expect((await assign({ module: MODULE }, 'nobody')).statusCode).toBe(404);
    for (const payload of [{}, { module: '' }, { module: 5 }, { module: MODULE, due_at: 1 }]) {
      const res = await assign(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
  });

  it('unassigns until the assignment is completed', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    const unassign = (moduleId = MODULE, id = user.id) =>
      ctx.request(token, { method: 'DELETE', url: `/api/admin/users/${id}/assign/${moduleId}` });
    expect((await unassign()).statusCode).toBe(404);
    await assignModule(ctx, token, user.id);
    const where = and(eq(assignments.user_id, user.id), eq(assignments.module_id, MODULE));
    await ctx.database.db.update(assignments).set({ completed_at: Date.now(), game_status: 1 }).where(where);
    const refused = await unassign();
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/completed/i);
    await ctx.database.db.update(assignments).set({ completed_at: 0, game_status: 0 }).where(where);
    const removed = await unassign();
    expect(removed.statusCode).toBe(200);
    expect(removed.json<User>()).toMatchObject({ assignments: [], modules: [] });
    expect((await unassign(MODULE, 'nobody')).statusCode).toBe(404);
    expect((await unassign('x'.repeat(101))).statusCode).toBe(414);
  });

  it('deletes a user with their assignments; an admin may delete themself', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    await assignModule(ctx, token, user.id);
    const res = await ctx.request(token, { method: 'DELETE', url: `/api/admin/users/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await ctx.request(token, { method: 'GET', url: `/api/admin/users/${user.id}` })).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(assignments).where(eq(assignments.user_id, user.id))).toEqual([]);
    expect(await sessionStatus(ctx, user.token)).toBe(401);
    expect((await ctx.request(token, { method: 'DELETE', url: `/api/admin/users/${user.id}` })).statusCode).toBe(404);

    const admin2 = await ctx.createUser({ role: 'admin' });
    expect(
      (await ctx.request(admin2.token, { method: 'DELETE', url: `/api/admin/users/${admin2.id}` })).statusCode,
    ).toBe(200);
    expect(await sessionStatus(ctx, admin2.token)).toBe(401);
  });
});

describeApi('admin/users: authorization', (ctx) => {
  it('answers anonymous callers 401, users 403 and admins 2xx on every admin route', async () => {
    const admin = await adminToken(ctx);
    const user = await ctx.createUser();
    const target = await ctx.createUser();
    // In this order, so each admin call finds what it needs.
    const routes: { method: InjectOptions['method']; url: string; payload?: object }[] = [
      { method: 'GET', url: `/api/admin/users/${target.id}` },
      { method: 'POST', url: `/api/admin/users/${target.id}`, payload: { unit: 'Det 2' } },
      { method: 'POST', url: `/api/admin/users/${target.id}/assign`, payload: { module: MODULE } },
      { method: 'DELETE', url: `/api/admin/users/${target.id}/assign/${MODULE}` },
      { method: 'DELETE', url: `/api/admin/users/${target.id}` },
    ];
    for (const { method, url, payload } of routes) {
      const name = `${method} ${url}`;
      const anonymous = await ctx.request(undefined, { method, url, payload });
      expect(anonymous.statusCode, name).toBe(401);
      expect(anonymous.json<{ message: string }>().message, name).toEqual(expect.any(String));
      const asUser = await ctx.request(user.token, { method, url, payload });
      expect(asUser.statusCode, name).toBe(403);
      expect(asUser.json<{ message: string }>().message, name).toEqual(expect.any(String));
      expect((await ctx.request(admin, { method, url, payload })).statusCode, name).toBe(200);
    }
    // The listing: 401 anonymous, an empty list for a user, the list for an admin.
    expect((await ctx.request(undefined, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    expect((await ctx.request(user.token, { method: 'GET', url: '/api/admin/users' })).json()).toEqual({
      count: 0,
      users: [],
    });
    expect(
      (await ctx.request(admin, { method: 'GET', url: '/api/admin/users' })).json<{ count: number }>().count,
    ).toBeGreaterThan(0);
  });
});
