/** Filtering by a unit takes in every unit under it (packages/contracts/src/units.ts), on every list that filters by unit. */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { usersPageSchema } from '@airman/contracts/api.ts';
import { progressResponseSchema } from '@airman/contracts/progress.ts';
import { adminToken, describeApi, type TestContext } from '#test/harness.ts';

const DAY = 86_400_000;

/** Users of their own in a small tree (and a unit whose name only starts like its top), each assigned the base module. */
async function seedTree(ctx: TestContext) {
  const tag = crypto.randomUUID().slice(0, 6);
  const top = `T${tag} ISRW`;
  const units = [top, `${top}/Det 2`, `${top.toLowerCase()} / det 2 / Flight A`, `${top}X`, `O${tag}`];
  const now = Date.now();
  for (const [i, unit] of units.entries()) {
    const id = `${tag}-${i}`;
    await ctx.database.query(
      `INSERT INTO users (id, user_name, last_name, unit, active_at, created_at) VALUES ($1, $2, $3, $4, $5, $5)`,
      [id, `${id}@example.com`, `L${i}`, unit, now],
    );
    await ctx.database.query(
      `INSERT INTO assignments (user_id, module_id, created_at, due_at) VALUES ($1, 'ready_airman_training', $2, $3)`,
      [id, now, now - DAY],
    );
  }
  return { tag, top, ids: units.map((_, i) => `${tag}-${i}`) };
}

describeApi('unit filters over the unit tree', (ctx) => {
  const list = async (query: string) => {
    const res = await ctx.request(await adminToken(ctx), { method: 'GET', url: `/api/admin/users?${query}` });
    expect(res.statusCode).toBe(200);
    const page = usersPageSchema.parse(res.json());
    return { count: page.count, ids: page.users.map((u) => u.id).sort() };
  };

  it('lists a unit with every unit under it, in any case and spacing, and not a unit that only starts the same', async () => {
    const { top, ids } = await seedTree(ctx);
    const all = { count: 3, ids: ids.slice(0, 3) };
    expect(await list(`unit=${encodeURIComponent(top)}`)).toEqual(all);
    expect(await list(`unit=${encodeURIComponent(` ${top.toUpperCase()} `)}`)).toEqual(all);
    expect(await list(`unit=${encodeURIComponent(`${top} / DET 2`)}`)).toEqual({ count: 2, ids: ids.slice(1, 3) });
    // A module's users by name (its assignments' copy), and the count from the progress counts.
    expect(await list(`unit=${encodeURIComponent(top)}&module=ready_airman_training`)).toEqual(all);
    expect(await list(`unit=${encodeURIComponent(top)}&module=ready_airman_training&sort=unit`)).toEqual(all);
    expect(
      await list(`unit=${encodeURIComponent(top)}&module=ready_airman_training&assignment_status=past_due`),
    ).toEqual(all);
  });

  it('counts a unit with every unit under it on Progress, and lists their overdue trainees', async () => {
    const { top, ids } = await seedTree(ctx);
    const res = await ctx.request(await adminToken(ctx), {
      method: 'GET',
      url: `/api/admin/progress?unit=${encodeURIComponent(top)}`,
    });
    expect(res.statusCode).toBe(200);
    const body = progressResponseSchema.parse(res.json());
    expect(body.modules.find((m) => m.id === 'ready_airman_training')?.assigned).toBe(3);
    expect(body.units.map((u) => u.assigned)).toEqual([1, 1, 1]);
    expect(body.overdue.map((o) => o.user_id).sort()).toEqual(ids.slice(0, 3));
  });
});
