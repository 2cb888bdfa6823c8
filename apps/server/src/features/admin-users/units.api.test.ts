import { expect, it } from 'vitest';
import { unitsResponseSchema, type UnitsResponse } from '@airman/contracts/api.ts';
import { adminToken, describeApi } from '#test/harness.ts';

describeApi('GET admin/units', (ctx) => {
  const get = async (token: string | undefined) => ctx.request(token, { method: 'GET', url: '/api/admin/units' });

  it('gives an administrator the units of registered and pending users as a tree, case-insensitively ordered', async () => {
    const rows: [string, string, boolean][] = [
      ['u1', '655 ISRW', false],
      ['u2', '655 ISRW', true],
      ['u3', '655 ISRW', false],
      ['u4', 'b unit', false],
      ['u5', 'B Unit', true],
      ['u6', 'A Unit', false],
      ['u7', '1655 Sq', false],
      ['u10', '655 ISRW / Det 2', false],
      ['u11', '70 ISRW/Det 1/Flight B', true],
      ['u8', '', false],
      ['u9', '', true],
    ];
    for (const [id, unit, pending] of rows)
      await ctx.database.query(
        `INSERT INTO users (id, user_name, unit, pending, active_at, created_at) VALUES ($1, $2, $3, $4, 1, 1)`,
        [`units-${id}`, `units-${id}@example.com`, unit, pending],
      );
    const res = await get(await adminToken(ctx));
    expect(res.statusCode).toBe(200);
    const body = unitsResponseSchema.parse(res.json());
    // The seeded administrator and the test's own users have no unit: only the units above.
    expect(body).toEqual({
      units: [
        { unit: '1655 Sq', users: 1, total: 1, depth: 0 },
        { unit: '655 ISRW', users: 3, total: 4, depth: 0 },
        { unit: '655 ISRW / Det 2', users: 1, total: 1, depth: 1 },
        { unit: '70 ISRW', users: 0, total: 1, depth: 0 },
        { unit: '70 ISRW/Det 1', users: 0, total: 1, depth: 1 },
        { unit: '70 ISRW/Det 1/Flight B', users: 1, total: 1, depth: 2 },
        { unit: 'A Unit', users: 1, total: 1, depth: 0 },
        // One unit in two spellings: named as the first of the most users has it.
        { unit: 'B Unit', users: 2, total: 2, depth: 0 },
      ],
    } satisfies UnitsResponse);
  });

  it('refuses a trainee and an anonymous caller', async () => {
    const trainee = await ctx.createUser();
    const refused = await get(trainee.token);
    expect(refused.statusCode).toBe(403);
    expect((await get(undefined)).statusCode).toBe(401);
  });
});
