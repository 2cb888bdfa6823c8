/**
 * Every date a request carries, fuzzed outside the years 1970–9999: each is
 * answered 400 with a message naming it, and nothing is stored.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { LAST_DATE_MS, READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { dueAtFromDay } from '@airman/contracts/due-date.ts';
import { DEFAULT_GAME_RECORD } from '@airman/contracts/module.ts';
import { assignments, modules, users } from '../db/schema.ts';
import { adminToken, describeApi, type TestContext, type TestUser } from '#test/harness.ts';

type Value = string | number;

interface DateParam {
  /** The parameter's path as the answer names it. */
  path: string;
  kind: 'day' | 'ms';
  request(value: Value): InjectOptions;
  /** What the answer says of it, when not '<path>: must not be before|after …': a module's fields are named as the editor names them. */
  says?: RegExp;
}

/** Epoch ms before 1970 or after 9999-12-31, the old limits and the safe integers' ends among them. */
const badMs = fc.oneof(
  fc.constantFrom(-1, LAST_DATE_MS + 1, 8_640_000_000_000_000, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  fc.bigInt({ min: BigInt(Number.MIN_SAFE_INTEGER), max: -1n }).map(Number),
  fc.bigInt({ min: BigInt(LAST_DATE_MS) + 1n, max: BigInt(Number.MAX_SAFE_INTEGER) }).map(Number),
);
/** Real calendar days of the years 0000–1969, as YYYY-MM-DD. */
const badDay = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('1969-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describeApi('date parameters', (ctx: TestContext) => {
  let admin = '';
  let trainee: TestUser;
  let params: DateParam[] = [];

  beforeAll(async () => {
    admin = await adminToken(ctx);
    trainee = await ctx.createUser();
    await ctx.database.db
      .insert(assignments)
      .values({ user_id: trainee.id, module_id: READY_AIRMAN_MODULE_ID, created_at: Date.now() });
    const progress = (field: 'from' | 'to'): DateParam => ({
      path: field,
      kind: 'day',
      request: (v) => ({ method: 'GET', url: `/api/admin/progress?${field}=${v}` }),
    });
    const assignment = (field: 'due_at' | 'created_at' | 'started_at' | 'completed_at' | 'revoked_at'): DateParam => ({
      path: `assignments.0.${field}`,
      kind: 'ms',
      request: (v) => ({
        method: 'POST',
        url: `/api/admin/users/${trainee.id}`,
        payload: { assignments: [{ key: READY_AIRMAN_MODULE_ID, due_at: 0, [field]: v }] },
      }),
    });
    params = [
      progress('from'),
      progress('to'),
      {
        path: 'due_at',
        kind: 'ms',
        request: (v) => ({
          method: 'PUT',
          url: '/api/admin/invite',
          payload: { emails: [`dated-${crypto.randomUUID()}@example.com`], module: READY_AIRMAN_MODULE_ID, due_at: v },
        }),
      },
      {
        path: 'due_at',
        kind: 'ms',
        request: (v) => ({
          method: 'POST',
          url: '/api/admin/users/bulk',
          payload: { ids: [trainee.id], action: 'due_date', module: READY_AIRMAN_MODULE_ID, due_at: v },
        }),
      },
      {
        path: 'active_at',
        kind: 'ms',
        request: (v) => ({ method: 'POST', url: `/api/admin/users/${trainee.id}`, payload: { active_at: v } }),
      },
      assignment('due_at'),
      assignment('created_at'),
      assignment('started_at'),
      assignment('completed_at'),
      assignment('revoked_at'),
      {
        path: 'archived_at',
        kind: 'ms',
        says: /(^| )Module JSON, “archived_at”: Must be 0 \(live\) or the time the module was archived\./,
        request: (v) => ({
          method: 'POST',
          url: '/api/modules',
          payload: { ...DEFAULT_GAME_RECORD, game_title: `Dated ${crypto.randomUUID()}`, archived_at: v },
        }),
      },
    ];
  });

  /** What a refused request must not have changed: the trainee, their assignment, the users and modules. */
  async function stored() {
    const { db } = ctx.database;
    return {
      trainee: await db.select().from(users).where(eq(users.id, trainee.id)),
      assignment: await db.select().from(assignments).where(eq(assignments.user_id, trainee.id)),
      users: (await db.select({ id: users.id }).from(users)).length,
      modules: (await db.select({ id: modules.id }).from(modules)).length,
    };
  }

  it('answers 400 naming the parameter for every date before 1970 or after 9999, and stores nothing', async () => {
    const before = await stored();
    for (const param of params) {
      await fc.assert(
        fc.asyncProperty(param.kind === 'day' ? badDay : badMs, async (value) => {
          const res = await ctx.request(admin, param.request(value));
          expect(res.statusCode, `${param.path}=${value}: ${res.body}`).toBe(400);
          expect(res.json<{ message: string }>().message).toMatch(
            param.says ?? new RegExp(`(^|; )${param.path.replace(/\./g, '\\.')}: must not be (before|after) `),
          );
        }),
        { numRuns: 25 },
      );
    }
    expect(await stored()).toEqual(before);
  });

  it('takes the first and the last day of the range', async () => {
    for (const [from, to] of [
      ['1970-01-01', '1970-01-02'],
      ['9999-12-30', '9999-12-31'],
    ]) {
      const res = await ctx.request(admin, { method: 'GET', url: `/api/admin/progress?from=${from}&to=${to}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const last = dueAtFromDay(9999, 12, 31);
    expect(last).toBeLessThanOrEqual(LAST_DATE_MS);
    const res = await ctx.request(admin, {
      method: 'POST',
      url: '/api/admin/users/bulk',
      payload: { ids: [trainee.id], action: 'due_date', module: READY_AIRMAN_MODULE_ID, due_at: last },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
