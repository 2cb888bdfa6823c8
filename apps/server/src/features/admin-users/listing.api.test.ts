/**
 * users.listing is the user's JSON, kept by triggers (migration 0007). These
 * tests change users and assignments directly in SQL, one kind of change at a
 * time, and check that the stored JSON is exactly the User of the contract.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { userSchema, type User } from '@airman/contracts/user.ts';
import { assignments, users } from '#db/schema.ts';
import { describeApi, type TestContext } from '#test/harness.ts';

/** The stored JSON, parsed strictly: no field missing, none added, every type right. */
async function listing(ctx: TestContext, id: string): Promise<User> {
  const [row] = await ctx.database.db.select({ listing: users.listing }).from(users).where(eq(users.id, id));
  return userSchema.strict().parse(JSON.parse(row?.listing ?? 'null'));
}

describeApi('users.listing (kept by triggers)', (ctx) => {
  it('is the User of spec §3 from the moment a user is inserted', async () => {
    const now = Date.now();
    await ctx.database.db.insert(users).values({
      id: 'l-new',
      user_name: 'l-new@example.com',
      pending: true,
      invite_code: 'code-l-new',
      last_invite_at: now,
      created_at: now,
    });
    expect(await listing(ctx, 'l-new')).toEqual({
      id: 'l-new',
      user_name: 'l-new@example.com',
      first_name: '',
      last_name: '',
      rank: '',
      unit: '',
      sex: '',
      role: 'user',
      modules: [],
      active_at: 0,
      pending: true,
      invite_code: 'code-l-new',
      last_invite_at: now,
      last_login_at: 0,
      assignments: [],
    });
  });

  it('follows every change of the user row', async () => {
    const { id } = await ctx.createUser();
    await ctx.database.db
      .update(users)
      .set({
        first_name: 'Zoë \\ \n\t\u0001 😀',
        last_name: 'O\'Neil "Q"',
        rank: 'SrA',
        unit: '655 ISRW',
        sex: 'F',
        role: 'admin',
        active_at: 0,
        user_name: 'renamed@example.com',
        invite_code: null,
      })
      .where(eq(users.id, id));
    expect(await listing(ctx, id)).toMatchObject({
      first_name: 'Zoë \\ \n\t\u0001 😀',
      last_name: 'O\'Neil "Q"',
      rank: 'SrA',
      sex: 'F',
      role: 'admin',
      active_at: 0,
      user_name: 'renamed@example.com',
      invite_code: '',
    });
  });

  it('follows assignments added, changed and removed, in the order they were given', async () => {
    const { id } = await ctx.createUser();
    await ctx.database.query(
      `INSERT INTO modules (id, game_title, game_type, content) SELECT 'l-copy', 'Copy', 'ready_airman_training', content FROM modules WHERE id = 'ready_airman_training' ON CONFLICT DO NOTHING`,
    );
    await ctx.database.db.insert(assignments).values([
      { user_id: id, module_id: 'l-copy', created_at: 2000 },
      { user_id: id, module_id: 'ready_airman_training', created_at: 1000 },
    ]);
    const added = await listing(ctx, id);
    expect(added.modules).toEqual(['ready_airman_training', 'l-copy']);
    expect(added.assignments[0]).toEqual({
      key: 'ready_airman_training',
      created_at: 1000,
      started_at: 0,
      completed_at: 0,
      revoked_at: 0,
      due_at: 0,
      game_status: 0,
      score: null,
    });

    await ctx.database.db
      .update(assignments)
      .set({ due_at: 5000, started_at: 3000, completed_at: 4000, game_status: 1 })
      .where(eq(assignments.module_id, 'l-copy'));
    expect((await listing(ctx, id)).assignments[1]).toEqual({
      key: 'l-copy',
      created_at: 2000,
      started_at: 3000,
      completed_at: 4000,
      revoked_at: 0,
      due_at: 5000,
      game_status: 1,
      score: null,
    });

    // A finished run's score, kept on the assignment, shows with it.
    await ctx.database.db
      .update(assignments)
      .set({ run_score_points: 610, run_stars: 2 })
      .where(eq(assignments.module_id, 'l-copy'));
    expect((await listing(ctx, id)).assignments[1]?.score).toEqual({ points: 610, stars: 2 });

    await ctx.database.db.delete(assignments).where(eq(assignments.module_id, 'l-copy'));
    expect((await listing(ctx, id)).modules).toEqual(['ready_airman_training']);
  });

  it('is what GET admin/users/{id}, GET admin/users and GET session answer', async () => {
    const user = await ctx.createUser({ role: 'admin', lastName: 'Aaaa-listing' });
    await ctx.database.db
      .insert(assignments)
      .values({ user_id: user.id, module_id: 'ready_airman_training', created_at: 1, due_at: 2 });
    const stored = await listing(ctx, user.id);
    const one = await ctx.request(user.token, { method: 'GET', url: `/api/admin/users/${user.id}` });
    const session = await ctx.request(user.token, { method: 'GET', url: '/api/session' });
    const page = await ctx.request(user.token, {
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(user.email)}`,
    });
    expect(one.headers['content-type']).toBe('application/json; charset=utf-8');
    // The one user's answer also names the units it administers (none: not a unit administrator).
    expect(one.json()).toEqual({ ...stored, admin_units: [] });
    expect(session.json()).toEqual(stored);
    expect(page.json()).toEqual({ count: 1, users: [stored] });
  });

  // The embedded server keeps accounts and pages in memory until the database
  // says users changed: a change made behind the server's back shows at once.
  it('shows changes made straight in the database at once', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const user = await ctx.createUser();
    const find = async () => {
      const res = await ctx.request(admin.token, {
        method: 'GET',
        url: `/api/admin/users?search=${encodeURIComponent(user.email)}`,
      });
      return res.json<{ users: User[] }>().users[0];
    };
    expect((await ctx.request(user.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);
    expect((await find())?.first_name).toBe('Test');

    await ctx.database.query('UPDATE users SET first_name = $1 WHERE id = $2', ['Renamed', user.id]);
    expect((await find())?.first_name).toBe('Renamed');

    await ctx.database.query(
      `INSERT INTO assignments (user_id, module_id, created_at) VALUES ($1, 'ready_airman_training', 1)`,
      [user.id],
    );
    expect((await find())?.modules).toEqual(['ready_airman_training']);

    await ctx.database.query('UPDATE users SET active_at = 0 WHERE id = $1', [user.id]);
    expect((await ctx.request(user.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);
  });
});
