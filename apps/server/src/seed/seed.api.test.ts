import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { modules, questionnaires, users } from '../db/schema.ts';
import { describeApi, TEST_PASSWORD } from '#test/harness.ts';
import { seed } from './seed.ts';

describeApi('seed', (ctx) => {
  it('is idempotent and never overwrites an existing password', async () => {
    const announced: string[] = [];
    const log = { info: () => undefined } as never;
    await seed(ctx.database.db, {
      adminEmail: 'admin@example.com',
      adminPassword: 'Other-Pass-1!',
      announce: (m) => announced.push(m),
      log,
    });
    await seed(ctx.database.db, {
      adminEmail: undefined,
      adminPassword: undefined,
      announce: (m) => announced.push(m),
      log,
    });
    expect(announced).toEqual([]);
    const [m] = await ctx.database.db
      .select({ n: count() })
      .from(modules)
      .where(eq(modules.id, 'ready_airman_training'));
    const [q] = await ctx.database.db.select({ n: count() }).from(questionnaires);
    const [a] = await ctx.database.db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
    expect([m?.n, q?.n, a?.n]).toEqual([1, 1, 1]);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});
