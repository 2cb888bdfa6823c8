import { eq, like, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { expect, it, vi } from 'vitest';
import { loginFailures, users } from '#db/schema.ts';
import { throttledBurstAllows } from '#test/throttle.ts';
import { describeApi, TEST_JWT_SECRET, TEST_PASSWORD } from '#test/harness.ts';

const key = new TextEncoder().encode(TEST_JWT_SECRET);

describeApi('login, session, logout', (ctx) => {
  it('signs the seeded admin in and returns the session with role and modules', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 'Admin@Example.com', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { auth } = login.json<{ auth: string }>();
    const claims = JSON.parse(Buffer.from(auth.split('.')[1] as string, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ user_role: 'admin', user_id: expect.any(String), exp: expect.any(Number) });

    const session = await ctx.request(auth, { method: 'GET', url: '/api/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      user_name: 'admin@example.com',
      role: 'admin',
      modules: [],
      assignments: [],
      pending: false,
    });
  });

  it('answers a wrong password and an unknown account with the same 401', async () => {
    const user = await ctx.createUser();
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: user.email, password: 'Nope-1234' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 'nobody@example.com', password: 'Nope-1234' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses to sign in an inactive or pending account', async () => {
    const inactive = await ctx.createUser({ active: false });
    const pending = await ctx.createUser({ pending: true });
    for (const u of [inactive, pending]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: u.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('rejects a login body with unknown fields or wrong types with a 400 message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 1, password: 'x', extra: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/user_name|extra/);
  });

  it('says why a request without a usable token is refused', async () => {
    const missing = await ctx.request(undefined, { method: 'GET', url: '/api/session' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'token_missing' });

    const user = await ctx.createUser();
    const [head, body] = user.token.split('.');
    const tampered = `${head}.${body}.${'A'.repeat(43)}`;
    const res = await ctx.request(tampered, { method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_invalid' });
  });

  it('refuses an expired token as expired', async () => {
    const user = await ctx.createUser();
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ user_id: user.id, user_role: 'user', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(key);
    const res = await ctx.request(expired, { method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_expired' });
  });

  it('accepts only the algorithm it signs with', async () => {
    const user = await ctx.createUser();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const hs512 = await new SignJWT({ user_id: user.id, user_role: 'user', tv: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(exp)
      .sign(key);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ user_id: user.id, user_role: 'admin', tv: 0, exp }),
    ).toString('base64url')}.`;
    for (const token of [hs512, none]) {
      const res = await ctx.request(token, { method: 'GET', url: '/api/session' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refreshes a token: the new one works and expires later', async () => {
    const user = await ctx.createUser();
    // Refreshed two seconds later by the clock (exp has a one-second resolution); only Date is faked.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2000 });
    const res = await ctx.request(user.token, { method: 'POST', url: '/api/session/refresh' }).finally(() => {
      vi.useRealTimers();
    });
    expect(res.statusCode).toBe(200);
    const { auth } = res.json<{ auth: string }>();
    const exp = (t: string) =>
      (JSON.parse(Buffer.from(t.split('.')[1] as string, 'base64url').toString()) as { exp: number }).exp;
    expect(exp(auth)).toBeGreaterThan(exp(user.token));
    const session = await ctx.request(auth, { method: 'GET', url: '/api/session' });
    expect(session.statusCode).toBe(200);
    const anonymous = await ctx.request(undefined, { method: 'POST', url: '/api/session/refresh' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('revokes every token of the account on logout', async () => {
    const user = await ctx.createUser();
    const out = await ctx.request(user.token, { method: 'POST', url: '/api/logout' });
    expect(out.statusCode).toBe(200);
    const after = await ctx.request(user.token, { method: 'GET', url: '/api/session' });
    expect(after.statusCode).toBe(401);
  });

  it('stops honouring a token when the account is deactivated, deleted or changes role', async () => {
    const deactivated = await ctx.createUser();
    await ctx.database.db.update(users).set({ active_at: 0 }).where(eq(users.id, deactivated.id));
    const promoted = await ctx.createUser();
    await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, promoted.id));
    const deleted = await ctx.createUser();
    await ctx.database.db.delete(users).where(eq(users.id, deleted.id));
    const bumped = await ctx.createUser();
    await ctx.database.db
      .update(users)
      .set({ token_version: sql`${users.token_version} + 1` })
      .where(eq(users.id, bumped.id));
    for (const u of [deactivated, promoted, deleted, bumped]) {
      const res = await ctx.request(u.token, { method: 'GET', url: '/api/session' });
      expect(res.statusCode, u.email).toBe(401);
    }
  });
});

describeApi('HTTP plumbing', (ctx) => {
  it('sends the security headers on answers, refusals and unknown paths alike', async () => {
    const everywhere = {
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
    };
    const page = {
      ...everywhere,
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self';connect-src 'self';media-src 'self' blob: data:;worker-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-xss-protection': '0',
    };
    // The API's answers load nothing and are framed by nothing; what only a running page reads, they go without.
    const api = { ...everywhere, 'content-security-policy': "default-src 'none';frame-ancestors 'none'" };
    for (const [url, expected] of [
      ['/api/health', api],
      ['/api/session', api],
      ['/api/nope', api],
      ['/api/docs', page],
      ['/api/docs/reference.css', page],
      ['/nope', page],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect({ url, headers: res.headers }).toMatchObject({ url, headers: expected });
      if (expected === api)
        for (const name of [
          'cross-origin-opener-policy',
          'origin-agent-cluster',
          'x-dns-prefetch-control',
          'x-xss-protection',
        ])
          expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      // Served over http:// here: HSTS would only mislead.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toContain('/api/nope');
  });

  it('answers malformed JSON with a 400 message, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"user_name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('refuses an oversize body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ user_name: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('message');
  });
});

describeApi('sign-in throttling', (ctx) => {
  it('slows an account down after 10 failures with a 429 and Retry-After, even for the right password, and lets it in later', async () => {
    const user = await ctx.createUser();
    const attempt = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/login', payload: { user_name: user.email, password } });
    for (let i = 0; i < 10; i++) expect((await attempt('Wrong-1!')).statusCode).toBe(401);
    const limited = await attempt('Wrong-1!');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Too many failed sign-in attempts\. Try again in 1 second\.$/,
    );
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
    // The window passes: move the failures into the past.
    await ctx.database.db.update(loginFailures).set({ at: Date.now() - 16 * 60 * 1000 });
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets a success clear the count: 9 failures, a success, then 10 more failures before the 429', async () => {
    const user = await ctx.createUser();
    const attempt = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/login', payload: { user_name: user.email, password } });
    for (let i = 0; i < 9; i++) expect((await attempt('Wrong-1!')).statusCode).toBe(401);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt('Wrong-1!')).statusCode).toBe(401);
    expect((await attempt('Wrong-1!')).statusCode).toBe(429);
  });

  it('waits longer after each further failure, up to 15 minutes', async () => {
    const user = await ctx.createUser();
    const now = Date.now();
    const key = `source:${user.email} ip:127.0.0.1`;
    // 20 failures, the last 90 s ago: 2^10 s would exceed the cap of 15 minutes after it.
    await ctx.database.db
      .insert(loginFailures)
      .values(Array.from({ length: 20 }, (_, i) => ({ key, at: now - 90_000 - i })));
    const capped = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: user.email, password: TEST_PASSWORD },
    });
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(13 * 60);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(15 * 60 - 90);
    expect(capped.json<{ message: string }>().message).toBe(
      'Too many failed sign-in attempts. Try again in 14 minutes.',
    );
    // 14 failures, the last 10 s ago: 2^4 = 16 s after it, so about 6 s to go.
    await ctx.database.db.delete(loginFailures).where(eq(loginFailures.key, key));
    await ctx.database.db.insert(loginFailures).values(Array.from({ length: 14 }, () => ({ key, at: now - 10_000 })));
    const shorter = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: user.email, password: TEST_PASSWORD },
    });
    expect(shorter.statusCode).toBe(429);
    expect(Number(shorter.headers['retry-after'])).toBeGreaterThanOrEqual(5);
    expect(Number(shorter.headers['retry-after'])).toBeLessThanOrEqual(6);
  });

  it('counts a burst of parallel guesses: no more than 10 are checked', async () => {
    const user = await ctx.createUser();
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/login', payload: { user_name: user.email, password: 'Wrong-1!' } }),
      ),
    );
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(results.filter((r) => r.statusCode !== 401 && r.statusCode !== 429)).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(checked).toBeLessThanOrEqual(throttledBurstAllows(10, Date.now() - started));
  });

  it('slows a client address down after 50 failures, whatever the accounts', async () => {
    const from = (user_name: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '198.51.100.7',
        payload: { user_name, password },
      });
    // Created first: the first wait after 50 failures is one second, which a sign-in under load can outlast.
    const user = await ctx.createUser();
    for (let i = 0; i < 50; i++) expect((await from(`spray-${i}@example.com`, 'Guess-1!')).statusCode).toBe(401);
    const limited = await from(user.email, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.8',
      payload: { user_name: user.email, password: TEST_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('does not count a successful sign-in against its address', async () => {
    const user = await ctx.createUser();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.9',
      payload: { user_name: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const left = await ctx.database.db.select().from(loginFailures).where(eq(loginFailures.key, 'ip:198.51.100.9'));
    expect(left).toEqual([]);
  });

  it('answers an unknown account the same way', async () => {
    for (let i = 0; i < 10; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: 'ghost@example.com', password: 'x' },
      });
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 'ghost@example.com', password: 'x' },
    });
    expect(res.statusCode).toBe(429);
  });
});

describeApi(
  'sign-in throttling behind a proxy',
  (ctx) => {
    it('counts a failure against the client a trusted proxy names, and against the peer itself otherwise', async () => {
      const fail = (remoteAddress: string, forwardedFor: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { user_name: 'nobody@example.com', password: 'Wrong-Pass-1!' },
        });
      // 10.0.0.7 is the trusted proxy; 198.51.100.20 is not, so its header may be forged.
      expect((await fail('10.0.0.7', '203.0.113.9')).statusCode).toBe(401);
      expect((await fail('198.51.100.20', '203.0.113.10')).statusCode).toBe(401);
      const keys = await ctx.database.db
        .select({ key: loginFailures.key })
        .from(loginFailures)
        .where(like(loginFailures.key, 'ip:%'));
      expect(keys.map((k) => k.key).sort()).toEqual(['ip:198.51.100.20', 'ip:203.0.113.9']);
    });
  },
  { env: { TRUST_PROXY: '10.0.0.0/8' } },
);
