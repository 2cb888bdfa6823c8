import { expect, it } from 'vitest';
import { describeApi, TEST_PASSWORD } from '#test/harness.ts';

describeApi('path parameters', (ctx) => {
  it('answers an empty id, run id, module id or invite code with the same 400 on every route', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
    });
    const token = login.json<{ auth: string }>().auth;
    const routes = ctx.app
      .routeAccess()
      .filter((r) => r.url.startsWith('/api/') && r.url.includes('/:') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      // The first parameter empty, any other a plausible value (a number fits every kind).
      let first = true;
      const url = route.url.replace(/:(\w+)/g, () => (first ? ((first = false), '') : '1'));
      const res = await ctx.request(token, {
        method: route.method as 'GET',
        url,
        ...(['POST', 'PUT'].includes(route.method) ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(res.json<{ message: string }>().message, `${route.method} ${route.url}`).toMatch(
        /^(id|code): not a valid id$/,
      );
    }
  });
});
