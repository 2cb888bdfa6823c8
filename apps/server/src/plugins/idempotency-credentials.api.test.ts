/**
 * No credential at rest: a write whose answer is a session token, sent with an Idempotency-Key
 * as the web app sends every write, leaves that token nowhere in the database. Every text and
 * JSON column of every table is searched for it.
 */
import { expect, it } from 'vitest';
import { loginFailures } from '#db/schema.ts';
import { ACCOUNT_LOCK_FAILURES } from '#auth/throttle.ts';
import { TRUST_COOKIE } from '#auth/device-cookie.ts';
import { describeApi, sentMessages, TEST_PASSWORD, type TestContext } from '#test/harness.ts';
import { columnsHolding } from '#test/columns-holding.ts';

let keys = 0;
const idempotencyKey = () => ({ 'idempotency-key': `credential-${keys++}-${Date.now()}` });

function signIn(ctx: TestContext, email: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: '192.0.2.40',
    headers,
    payload: { user_name: email, password: TEST_PASSWORD },
  });
}

describeApi('no session token at rest after a write keyed with Idempotency-Key', (ctx) => {
  /** The database holds the token nowhere, and a key was sent: the scan would have found it there. */
  async function expectNowhere(token: string) {
    expect(token.length).toBeGreaterThan(40);
    expect(await columnsHolding(ctx.database, token)).toEqual([]);
  }

  it('a sign-in', async () => {
    const user = await ctx.createUser();
    const res = await signIn(ctx, user.email, idempotencyKey());
    expect(res.statusCode).toBe(200);
    await expectNowhere(res.json<{ auth: string }>().auth);
    // The search finds what is there.
    expect(await columnsHolding(ctx.database, user.email)).toContain('public.users.user_name');
  });

  it('a refresh', async () => {
    const user = await ctx.createUser();
    const res = await ctx.request(user.token, {
      method: 'POST',
      url: '/api/session/refresh',
      headers: idempotencyKey(),
    });
    expect(res.statusCode).toBe(200);
    await expectNowhere(res.json<{ auth: string }>().auth);
  });

  it('a password change, whose repeat is refused rather than answered with the token', async () => {
    const user = await ctx.createUser();
    const headers = idempotencyKey();
    const change = () =>
      ctx.request(user.token, {
        method: 'POST',
        url: '/api/self',
        headers,
        payload: { password: 'Battery-Staple-42', current_password: TEST_PASSWORD },
      });
    const res = await change();
    expect(res.statusCode).toBe(200);
    const { auth } = res.json<{ auth: string }>();
    await expectNowhere(auth);
    expect(await columnsHolding(ctx.database, 'Battery-Staple-42')).toEqual([]);
    // The change ended every other session, the one that sent it too: sign in with the new password.
    const repeat = await change();
    expect([repeat.statusCode, repeat.json<{ code: string }>().code]).toEqual([401, 'token_invalid']);
  });

  it('a trust-device sign-in, whose repeat finds its link used', async () => {
    const user = await ctx.createUser();
    // A locked account: its owner gets in through an e-mailed link, in the browser that asked.
    const now = Date.now();
    await ctx.database.db
      .insert(loginFailures)
      .values(Array.from({ length: ACCOUNT_LOCK_FAILURES }, (_, i) => ({ key: `account:${user.email}`, at: now - i })));
    const held = await signIn(ctx, user.email);
    expect(held.statusCode).toBe(429);
    const browser = [held.headers['set-cookie'] ?? []]
      .flat()
      .map(String)
      .find((cookie) => cookie.startsWith(`${TRUST_COOKIE}=`))
      ?.split(';')[0];
    expect(browser).toBeDefined();
    let link: string | undefined;
    await expect
      .poll(
        () =>
          (link = sentMessages(ctx)
            .filter((message) => message.includes(`To: ${user.email}`))
            .map((message) => /\/login\/trust#([A-Za-z0-9_-]+)/.exec(message)?.[1])
            .find(Boolean)),
        { timeout: 10_000 },
      )
      .toBeDefined();
    const headers = { ...idempotencyKey(), cookie: browser as string };
    const use = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login/trust',
        remoteAddress: '192.0.2.40',
        headers,
        payload: { token: link },
      });
    const res = await use();
    expect(res.statusCode).toBe(200);
    await expectNowhere(res.json<{ auth: string }>().auth);
    expect((await use()).statusCode).toBe(400);
  });
});
