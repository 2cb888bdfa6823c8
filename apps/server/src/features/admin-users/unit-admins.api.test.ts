/** Unit administrators: set by a full administrator, audited, and held to their units (docs/security.md, "Roles"). */
import { expect, it } from 'vitest';
import { userSchema } from '@airman/contracts/user.ts';
import { adminToken, describeApi } from '#test/harness.ts';

describeApi('unit administrators', (ctx) => {
  const post = (token: string | undefined, id: string, payload: object) =>
    ctx.request(token, { method: 'POST', url: `/api/admin/users/${id}`, payload });

  it('are made by an administrator, with their units in the JSON and the change audited', async () => {
    const admin = await adminToken(ctx);
    const user = await ctx.createUser();
    const made = await post(admin, user.id, { role: 'unit_admin', admin_units: ['655 ISRW', ' 70 ISRW '] });
    expect(made.statusCode, made.body).toBe(200);
    expect(userSchema.parse(made.json())).toMatchObject({ role: 'unit_admin', admin_units: ['655 ISRW', '70 ISRW'] });
    const audit = await ctx.request(admin, {
      method: 'GET',
      url: `/api/admin/audit?action=user.scope&target_kind=user&target_id=${user.id}`,
    });
    expect(audit.json<{ entries: { before: unknown; after: unknown }[] }>().entries).toEqual([
      expect.objectContaining({ before: { admin_units: [] }, after: { admin_units: ['655 ISRW', '70 ISRW'] } }),
    ]);
    // Back to a trainee: the units go with the role.
    const back = await post(admin, user.id, { role: 'user' });
    expect(userSchema.parse(back.json()).admin_units).toEqual([]);
  });

  it('refuses a unit administrator without units, and units for another role, changing nothing', async () => {
    const admin = await adminToken(ctx);
    const user = await ctx.createUser();
    expect((await post(admin, user.id, { role: 'unit_admin' })).statusCode).toBe(400);
    expect((await post(admin, user.id, { admin_units: ['655 ISRW'] })).statusCode).toBe(400);
    const now = await ctx.request(admin, { method: 'GET', url: `/api/admin/users/${user.id}` });
    expect(userSchema.parse(now.json())).toMatchObject({ role: 'user', admin_units: [] });
  });

  it('cannot change roles or scopes, nor move a trainee out of its units, and sees its new units at once', async () => {
    const admin = await adminToken(ctx);
    const unitAdmin = await ctx.createUser({ role: 'unit_admin' });
    await ctx.database.query(`INSERT INTO admin_units (user_id, unit) VALUES ($1, '655 ISRW')`, [unitAdmin.id]);
    const trainee = await ctx.createUser();
    const as = (payload: object) => post(unitAdmin.token, trainee.id, payload);
    expect((await as({ role: 'admin' })).statusCode).toBe(403);
    expect((await as({ role: 'unit_admin', admin_units: ['655 ISRW'] })).statusCode).toBe(403);
    expect((await as({ unit: '70 ISRW' })).statusCode).toBe(403);
    expect((await as({ unit: '655 ISRW/Det 2' })).statusCode).toBe(200);
    // Its units changed by an administrator: the trainee is out of reach on the next request.
    expect((await post(admin, unitAdmin.id, { admin_units: ['70 ISRW'] })).statusCode).toBe(200);
    expect(
      (await ctx.request(unitAdmin.token, { method: 'GET', url: `/api/admin/users/${trainee.id}` })).statusCode,
    ).toBe(404);
    const stored = await ctx.database.query<{ unit: string; role: string }>(
      'SELECT unit, role FROM users WHERE id = $1',
      [trainee.id],
    );
    expect(stored[0]).toEqual({ unit: '655 ISRW/Det 2', role: 'user' });
  });

  it("download the module report of their units' trainees only", async () => {
    const admin = await adminToken(ctx);
    const unitAdmin = await ctx.createUser({ role: 'unit_admin' });
    await ctx.database.query(`INSERT INTO admin_units (user_id, unit) VALUES ($1, '655 ISRW/Det 7')`, [unitAdmin.id]);
    const inside = await ctx.createUser();
    const outside = await ctx.createUser();
    await post(admin, inside.id, { unit: '655 isrw / det 7 / Flight C' });
    for (const user of [inside, outside])
      await ctx.request(admin, {
        method: 'POST',
        url: `/api/admin/users/${user.id}/assign`,
        payload: { module: 'ready_airman_training' },
      });
    const minted = await ctx.request(unitAdmin.token, {
      method: 'POST',
      url: '/api/admin/reports/token',
      payload: { module: 'ready_airman_training' },
    });
    expect(minted.statusCode, minted.body).toBe(200);
    const csv = await ctx.request(undefined, {
      method: 'GET',
      url: `/api/admin/users?csv=1&module=ready_airman_training&token=${minted.json<{ token: string }>().token}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(inside.email);
    expect(csv.body).not.toContain(outside.email);
  });
});
