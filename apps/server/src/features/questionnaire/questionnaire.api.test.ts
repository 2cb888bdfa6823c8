import { expect, it } from 'vitest';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import { cafQuestionnaire } from '#seed/caf-questionnaire.ts';
import { adminToken, describeApi } from '#test/harness.ts';

const url = '/api/modules/questionnaire';

describeApi('questionnaire', (ctx) => {
  it('is read by any signed-in user, not captured by modules/{id}', async () => {
    const user = await ctx.createUser();
    const got = await ctx.request(user.token, { method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.json<Questionnaire>().title).toBe('Comprehensive Airman Fitness');
    expect(got.json<Questionnaire>().items.length).toBeGreaterThan(0);
  });

  it('is replaced by an admin and read back as stored', async () => {
    const admin = await adminToken(ctx);
    const changed: Questionnaire = { ...cafQuestionnaire, instructions: 'Think about last week.' };
    const put = await ctx.request(admin, { method: 'PUT', url, payload: changed });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(changed);
    const user = await ctx.createUser();
    expect((await ctx.request(user.token, { method: 'GET', url })).json()).toEqual(changed);
  });

  it('refuses an invalid questionnaire with the reasons and keeps the stored one', async () => {
    const admin = await adminToken(ctx);
    const before = (await ctx.request(admin, { method: 'GET', url })).json<Questionnaire>();
    const cases: [unknown, RegExp][] = [
      [
        { ...cafQuestionnaire, items: [{ id: 'x', domain: 'nope', text: 't', reverse: false }] },
        /items\.0\.domain: unknown domain 'nope'/,
      ],
      [{ ...cafQuestionnaire, items: [...cafQuestionnaire.items, cafQuestionnaire.items[0]] }, /duplicate item id/],
      [
        {
          ...cafQuestionnaire,
          scale: [
            { value: 1, label: 'a' },
            { value: 1, label: 'b' },
          ],
        },
        /scale: scale values must be distinct/,
      ],
      [{ ...cafQuestionnaire, extra: true }, /unknown field extra/],
      [{ ...cafQuestionnaire, title: '' }, /^title: /],
      [[], /expected object/],
    ];
    for (const [payload, reason] of cases) {
      const res = await ctx.request(admin, { method: 'PUT', url, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(reason);
    }
    const malformed = await ctx.request(admin, {
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    expect((await ctx.request(admin, { method: 'GET', url })).json()).toEqual(before);
  });

  it('lets only admins write it and only signed-in users read it', async () => {
    const user = await ctx.createUser();
    const admin = await adminToken(ctx);
    const matrix: [string | undefined, 'GET' | 'PUT', number][] = [
      [undefined, 'GET', 401],
      [undefined, 'PUT', 401],
      [user.token, 'GET', 200],
      [user.token, 'PUT', 403],
      [admin, 'GET', 200],
      [admin, 'PUT', 200],
    ];
    for (const [token, method, status] of matrix) {
      const res = await ctx.request(token, { method, url, ...(method === 'PUT' ? { payload: cafQuestionnaire } : {}) });
      expect(res.statusCode, `${method} as ${token === admin ? 'admin' : token ? 'user' : 'anonymous'}`).toBe(status);
      if (status >= 400) expect(res.json()).toHaveProperty('message');
    }
  });
});
