import { expect, it } from 'vitest';
import type { SignInStatus } from '@airman/contracts/user.ts';
import { describeApi, TEST_PASSWORD, type TestContext } from '#test/harness.ts';
import { loginFailures } from '../db/schema.ts';
import { ACCOUNT_LOCK_FAILURES } from './throttle.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';

const WRONG = 'Wrong-Password-1!';

function signIn(ctx: TestContext, email: string, password: string, from: string, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: from,
    headers: cookie ? { cookie } : {},
    payload: { user_name: email, password },
  });
}

/** `n` failures of an account from as many addresses, written as the throttle writes them. */
async function failuresFromEverywhere(ctx: TestContext, email: string, n: number): Promise<void> {
  const now = Date.now();
  await ctx.database.db
    .insert(loginFailures)
    .values(Array.from({ length: n }, (_, i) => ({ key: `account:${email}`, at: now - i })));
}

describeApi('sign-in that strangers cannot lock', (ctx) => {
  it('lets the owner in from another address while one address is held after 10 failures', async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 10; i++) expect((await signIn(ctx, user.email, WRONG, '198.51.100.1')).statusCode).toBe(401);
    expect((await signIn(ctx, user.email, TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(429);
    expect((await signIn(ctx, user.email, TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('lets the owner in from an address that has not failed after 99 failures from everywhere else', async () => {
    const user = await ctx.createUser();
    await failuresFromEverywhere(ctx, user.email, ACCOUNT_LOCK_FAILURES - 1);
    expect((await signIn(ctx, user.email, TEST_PASSWORD, '198.51.100.3')).statusCode).toBe(200);
  });

  it('from 100 failures in the hour, holds every address, but not a device the owner signed in with', async () => {
    const user = await ctx.createUser();
    const first = await signIn(ctx, user.email, TEST_PASSWORD, '198.51.100.4');
    const setCookie = String(first.headers['set-cookie']);
    const [cookie, ...attributes] = setCookie.split('; ') as [string, ...string[]];
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(attributes.sort()).toEqual([
      'HttpOnly',
      `Max-Age=${365 * 24 * 60 * 60}`,
      'Path=/api/login',
      'SameSite=Strict',
    ]);

    await failuresFromEverywhere(ctx, user.email, ACCOUNT_LOCK_FAILURES);
    const held = await signIn(ctx, user.email, TEST_PASSWORD, '198.51.100.5');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // The same device, from any address, still gets in with the right password.
    expect((await signIn(ctx, user.email, TEST_PASSWORD, '198.51.100.6', cookie)).statusCode).toBe(200);
  });

  it("does not take another account's device cookie, nor a forged one", async () => {
    const owner = await ctx.createUser();
    const other = await ctx.createUser();
    const othersCookie = String(
      (await signIn(ctx, other.email, TEST_PASSWORD, '198.51.100.7')).headers['set-cookie'],
    ).split(';')[0] as string;
    await failuresFromEverywhere(ctx, owner.email, ACCOUNT_LOCK_FAILURES);
    expect((await signIn(ctx, owner.email, TEST_PASSWORD, '198.51.100.8', othersCookie)).statusCode).toBe(429);
    const [name, value] = othersCookie.split('=') as [string, string];
    const [, id, mac] = value.split('.');
    const forged = `${name}=${Buffer.from(owner.id).toString('base64url')}.${id}.${mac}`;
    expect((await signIn(ctx, owner.email, TEST_PASSWORD, '198.51.100.8', forged)).statusCode).toBe(429);
  });

  it('takes a Cookie header of odd bytes for no cookie, and still answers', async () => {
    const user = await ctx.createUser();
    const odd = [
      `${DEVICE_COOKIE}=%E0%A4%A; ${DEVICE_COOKIE}=x`,
      `${DEVICE_COOKIE}=\xff\xfe.\x80.\t; airman_trust="\xa0"`,
      `=;;; ${DEVICE_COOKIE}; __proto__=1; constructor=2`,
      `${DEVICE_COOKIE}=${'a.'.repeat(3000)}`,
    ];
    for (const [i, cookie] of odd.entries()) {
      const wrong = await signIn(ctx, user.email, WRONG, `198.51.100.${20 + i}`, cookie);
      expect({ cookie, status: wrong.statusCode }).toEqual({ cookie, status: 401 });
      const right = await signIn(ctx, user.email, TEST_PASSWORD, `198.51.100.${20 + i}`, cookie);
      expect({ cookie, status: right.statusCode }).toEqual({ cookie, status: 200 });
      // Not a known device: a new device cookie.
      expect(String(right.headers['set-cookie'])).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]+\\.`));
    }
  });

  it('holds a device that keeps failing, like an address', async () => {
    const user = await ctx.createUser();
    const cookie = String((await signIn(ctx, user.email, TEST_PASSWORD, '198.51.100.9')).headers['set-cookie']).split(
      ';',
    )[0] as string;
    for (let i = 0; i < 10; i++)
      expect((await signIn(ctx, user.email, WRONG, '198.51.100.9', cookie)).statusCode).toBe(401);
    expect((await signIn(ctx, user.email, TEST_PASSWORD, '198.51.100.9', cookie)).statusCode).toBe(429);
  });

  it('shows an administrator how many failures an account had and until when it is locked, and clears them', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const user = await ctx.createUser();
    await failuresFromEverywhere(ctx, user.email, ACCOUNT_LOCK_FAILURES + 5);
    const status = await ctx.request(admin.token, { method: 'GET', url: `/api/admin/users/${user.id}/sign-in` });
    const seen = status.json<SignInStatus>();
    expect(seen.failures).toBe(ACCOUNT_LOCK_FAILURES + 5);
    expect(seen.locked_until).toBeGreaterThan(Date.now() + 59 * 60 * 1000);

    // A trainee may not look, nor clear.
    expect(
      (await ctx.request(user.token, { method: 'GET', url: `/api/admin/users/${user.id}/sign-in` })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.request(user.token, { method: 'DELETE', url: `/api/admin/users/${user.id}/sign-in` })).statusCode,
    ).toBe(403);

    const cleared = await ctx.request(admin.token, { method: 'DELETE', url: `/api/admin/users/${user.id}/sign-in` });
    expect(cleared.json()).toEqual({ failures: 0, locked_until: 0, trust_link_sent_at: 0, trust_link_used_at: 0 });
    expect((await signIn(ctx, user.email, TEST_PASSWORD, '198.51.100.10')).statusCode).toBe(200);
    expect(
      (
        await ctx.request(admin.token, {
          method: 'GET',
          url: '/api/admin/users/00000000-0000-4000-8000-000000000000/sign-in',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describeApi('guessing invite codes and reset tokens', (ctx) => {
  const register = (code: string, from: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/register/${code}`,
      remoteAddress: from,
      payload: { rank: 'A1C', unit: 'U', first_name: 'F', last_name: 'L', password: 'Good-Passw0rd!' },
    });
  const reset = (token: string, from: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      remoteAddress: from,
      payload: { token, password: 'Good-Passw0rd!' },
    });

  it('answers wrong invite codes from one address with 429 after 20, and other addresses still register', async () => {
    for (let i = 0; i < 20; i++) expect((await register(`wrong-code-${i}`, '203.0.113.1')).statusCode).toBe(401);
    const held = await register('wrong-code-x', '203.0.113.1');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    expect((await register('wrong-code-y', '203.0.113.2')).statusCode).toBe(401);
  });

  it('answers one wrong code tried from many addresses with 429 after 10', async () => {
    for (let i = 0; i < 10; i++) expect((await register('one-code', `203.0.113.${10 + i}`)).statusCode).toBe(401);
    expect((await register('one-code', '203.0.113.30')).statusCode).toBe(429);
  });

  it('answers wrong reset tokens from one address with 429 after 20', async () => {
    for (let i = 0; i < 20; i++) expect((await reset(`wrong-token-${i}`, '203.0.113.40')).statusCode).toBe(400);
    expect((await reset('wrong-token-x', '203.0.113.40')).statusCode).toBe(429);
    expect((await reset('wrong-token-y', '203.0.113.41')).statusCode).toBe(400);
  });
});
