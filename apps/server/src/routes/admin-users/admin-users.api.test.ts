import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { UsersPage } from '@airman/contracts/api.ts';
import type { User } from '@airman/contracts/user.ts';
import { assignments, users } from '../../db/schema.ts';
import { describeApi, TEST_PASSWORD, type TestContext } from '../../../test/harness.ts';

async function adminToken(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { user_name: 'admin@example.com', password: TEST_PASSWORD } });
  return res.json<{ auth: string }>().auth;
}

describeApi('admin users: paging and search', (ctx) => {
  it('pages through 300 users in last-name order with no duplicates or gaps', async () => {
    const now = Date.now();
    const names = ['Zulu', 'alpha', 'Bravo', 'bravo', "O'Neil", 'Émile', ''];
    await ctx.database.db.insert(users).values(
      Array.from({ length: 300 }, (_, i) => ({
        id: `p${String(i).padStart(4, '0')}`,
        user_name: `pager${i}@example.com`,
        first_name: `First${i}`,
        last_name: names[i % names.length] as string,
        active_at: now,
        created_at: now,
      })),
    );
    const token = await adminToken(ctx);
    const seen: User[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await ctx.request(token, { method: 'GET', url: `/api/admin/users${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}` });
      expect(res.statusCode).toBe(200);
      const page = res.json<UsersPage>();
      expect(page.count).toBe(301);
      expect(page.users.length).toBeLessThanOrEqual(50);
      seen.push(...page.users);
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(7);
    expect(seen).toHaveLength(301);
    expect(new Set(seen.map((u) => u.id)).size).toBe(301);
    const keys = seen.map((u) => [u.last_name.toLowerCase(), u.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  it('searches first name, last name and e-mail, case-insensitively, wildcards taken literally', async () => {
    const token = await adminToken(ctx);
    const search = async (q: string) =>
      (await ctx.request(token, { method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(q)}` })).json<UsersPage>();
    expect((await search('first12')).users.map((u) => u.first_name).sort()).toEqual(['First12', 'First120', 'First121', 'First122', 'First123', 'First124', 'First125', 'First126', 'First127', 'First128', 'First129'].sort());
    expect((await search('ZULU')).count).toBe(43);
    expect((await search('pager7@')).users.map((u) => u.user_name)).toEqual(['pager7@example.com']);
    expect((await search('%')).count).toBe(0);
    expect((await search("o'neil")).count).toBe(43);
  });

  it('gives a non-admin an empty list, and refuses a malformed cursor', async () => {
    const user = await ctx.createUser();
    const res = await ctx.request(user.token, { method: 'GET', url: '/api/admin/users' });
    expect(res.json()).toEqual({ count: 0, users: [] });
    expect((await ctx.request(undefined, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    const bad = await ctx.request(await adminToken(ctx), { method: 'GET', url: '/api/admin/users?cursor=nonsense' });
    expect(bad.statusCode).toBe(400);
  });
});

describeApi('admin users: changes', (ctx) => {
  it('updates listed fields only, keeps e-mails unique, and revokes tokens on role change', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    const ok = await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}`, payload: { unit: '655 ISRW Det 1', rank: 'SSgt' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<User>()).toMatchObject({ unit: '655 ISRW Det 1', rank: 'SSgt' });
    expect((await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}`, payload: { sex: 'M' } })).statusCode).toBe(400);
    expect((await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}`, payload: { rank: 'Captain' } })).statusCode).toBe(400);
    expect((await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}`, payload: { user_name: other.email } })).statusCode).toBe(409);
    expect((await ctx.request(user.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);
    await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}`, payload: { role: 'admin' } });
    expect((await ctx.request(user.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);
  });

  it('deactivates (active_at 0) and reactivates (now)', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    const off = await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}`, payload: { active_at: 0 } });
    expect(off.json<User>().active_at).toBe(0);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { user_name: user.email, password: TEST_PASSWORD } })).statusCode).toBe(401);
    const on = await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}`, payload: { active_at: 1 } });
    expect(on.json<User>().active_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('assigns live modules, sets due dates, unassigns until completed', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    const assigned = await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}/assign`, payload: { module: 'ready_airman_training' } });
    expect(assigned.json<User>().assignments).toEqual([expect.objectContaining({ key: 'ready_airman_training', due_at: 0, started_at: 0 })]);
    expect((await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}/assign`, payload: { module: 'ready_airman_training' } })).statusCode).toBe(409);
    expect((await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}/assign`, payload: { module: 'nope' } })).statusCode).toBe(404);
    const due = Date.UTC(2026, 11, 1, 23);
    const dated = await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}`, payload: { assignments: [{ key: 'ready_airman_training', due_at: due }] } });
    expect(dated.json<User>().assignments[0]?.due_at).toBe(due);
    expect((await ctx.request(token, { method: 'POST', url: `/api/admin/users/${user.id}`, payload: { assignments: [{ key: 'other', due_at: due }] } })).statusCode).toBe(400);

    await ctx.database.db.update(assignments).set({ completed_at: Date.now() }).where(eq(assignments.user_id, user.id));
    expect((await ctx.request(token, { method: 'DELETE', url: `/api/admin/users/${user.id}/assign/ready_airman_training` })).statusCode).toBe(409);
    await ctx.database.db.update(assignments).set({ completed_at: 0 }).where(eq(assignments.user_id, user.id));
    const removed = await ctx.request(token, { method: 'DELETE', url: `/api/admin/users/${user.id}/assign/ready_airman_training` });
    expect(removed.json<User>().assignments).toEqual([]);
  });

  it('deletes a user (an admin may delete themself)', async () => {
    const token = await adminToken(ctx);
    const user = await ctx.createUser();
    expect((await ctx.request(token, { method: 'DELETE', url: `/api/admin/users/${user.id}` })).statusCode).toBe(200);
    expect((await ctx.request(token, { method: 'GET', url: `/api/admin/users/${user.id}` })).statusCode).toBe(404);
    const admin2 = await ctx.createUser({ role: 'admin' });
    expect((await ctx.request(admin2.token, { method: 'DELETE', url: `/api/admin/users/${admin2.id}` })).statusCode).toBe(200);
    expect((await ctx.request(admin2.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);
  });

  it('refuses users (403) and anonymous callers (401) on every admin route', async () => {
    const user = await ctx.createUser();
    const routes: [string, string][] = [
      ['GET', `/api/admin/users/${user.id}`],
      ['POST', `/api/admin/users/${user.id}`],
      ['POST', `/api/admin/users/${user.id}/assign`],
      ['DELETE', `/api/admin/users/${user.id}/assign/ready_airman_training`],
      ['POST', `/api/admin/users/${user.id}/reinvite`],
      ['DELETE', `/api/admin/users/${user.id}`],
      ['PUT', '/api/admin/invite'],
      ['POST', '/api/admin/reports/token'],
      ['GET', '/api/modules'],
      ['POST', '/api/modules'],
      ['PUT', '/api/modules/questionnaire'],
    ];
    for (const [method, url] of routes) {
      const asUser = await ctx.request(user.token, { method: method as 'GET', url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await ctx.request(undefined, { method: method as 'GET', url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describeApi('self', (ctx) => {
  it('updates the caller’s profile; an e-mail change ends the session', async () => {
    const user = await ctx.createUser();
    const profile = { first_name: 'Ann', last_name: 'Lee', user_name: user.email, unit: '655 ISRW', rank: 'A1C', sex: 'F' };
    const res = await ctx.request(user.token, { method: 'POST', url: '/api/self', payload: profile });
    expect(res.json<User>()).toMatchObject({ first_name: 'Ann', sex: 'F' });
    expect((await ctx.request(user.token, { method: 'POST', url: '/api/self', payload: { ...profile, role: 'admin' } })).statusCode).toBe(400);
    await ctx.request(user.token, { method: 'POST', url: '/api/self', payload: { ...profile, user_name: `new-${user.email}` } });
    expect((await ctx.request(user.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);
  });

  it('changes the password only with the current one, and returns a fresh token', async () => {
    const user = await ctx.createUser();
    const wrong = await ctx.request(user.token, { method: 'POST', url: '/api/self', payload: { password: 'New-Passw0rd!', current_password: 'nope' } });
    expect(wrong.statusCode).toBe(400);
    const weak = await ctx.request(user.token, { method: 'POST', url: '/api/self', payload: { password: 'weak', current_password: TEST_PASSWORD } });
    expect(weak.statusCode).toBe(400);
    const ok = await ctx.request(user.token, { method: 'POST', url: '/api/self', payload: { password: 'New-Passw0rd!', current_password: TEST_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    const { auth } = ok.json<{ auth: string }>();
    expect((await ctx.request(auth, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);
    expect((await ctx.request(user.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { user_name: user.email, password: 'New-Passw0rd!' } })).statusCode).toBe(200);
  });
});
