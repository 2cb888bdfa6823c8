import { expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';

/** A concrete path for a route's URL pattern (`:id` → a well-formed id nobody has). */
function concrete(url: string): string {
  return url.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000').replace(/:[a-z_]+/gi, 'x');
}

/** The same path written the ways a router, a proxy or a prefix test may read differently. */
function variants(path: string): string[] {
  const rest = path.slice('/api'.length);
  return [
    `/%61pi${rest}`,
    `/%61%70%69${rest}`,
    `/api${rest.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    `/api${rest.replaceAll('/', '%2F')}`,
    `/api${rest.replaceAll('/', '%2f')}`,
    `//api${rest}`,
    `/API${rest.toUpperCase()}`,
    `/Api${rest}`,
    `${path};x`,
    `${path}/`,
    `${path}/.`,
    `/./api${rest}`,
    `/api/.${rest}`,
    `/x/../api${rest}`,
  ];
}

describeApi('access is decided on the matched route', (ctx) => {
  it('answers 401 to an anonymous call of every route that is not public', async () => {
    const guarded = ctx.app.routeAccess().filter((r) => r.access !== 'public');
    // Every call of spec §7 but the anonymous ones: a walk over nothing would prove nothing.
    expect(guarded.length).toBeGreaterThanOrEqual(20);
    const answers = await Promise.all(
      guarded.map(async (route) => {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
        });
        return `${route.method} ${route.url} ${res.statusCode}`;
      }),
    );
    expect(answers).toEqual(guarded.map((r) => `${r.method} ${r.url} 401`));
  });

  it('never answers a guarded route written another way without a token', async () => {
    const guarded = ctx.app.routeAccess().filter((r) => r.access !== 'public');
    const leaks: string[] = [];
    for (const route of guarded) {
      for (const url of variants(concrete(route.url))) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url,
          payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
        });
        // 401: the route matched and refused; 404: no route matched (nothing answered).
        if (res.statusCode !== 401 && res.statusCode !== 404) leaks.push(`${route.method} ${url} → ${res.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('lists the routes anonymous callers may use, and only those', () => {
    const open = ctx.app
      .routeAccess()
      .filter((r) => r.access === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual(
      [
        'GET /api/admin/users',
        'GET /api/certificates/:code',
        'GET /api/docs',
        'GET /api/docs/reference.css',
        'GET /api/health',
        'GET /api/invite/:code',
        'GET /api/openapi.json',
        'GET /api/ready',
        'GET /api/sign-in/options',
        'POST /api/login',
        'POST /api/login/trust',
        'POST /api/password/forgot',
        'POST /api/password/reset',
        'POST /api/register/:code',
      ].sort(),
    );
  });

  it('refuses the encoded admin path that used to answer without a login', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/%61pi/modules' });
    expect(res.statusCode).toBe(401);
    const invite = await ctx.app.inject({
      method: 'PUT',
      url: '/%61pi/admin/invite',
      payload: { emails: ['stranger@example.com'] },
    });
    expect(invite.statusCode).toBe(401);
  });
});
