import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { SignInStatus } from '@airman/contracts/user.ts';
import { adminToken, describeApi, TEST_PASSWORD, type TestContext } from '#test/harness.ts';
import { smtpForFile } from '#test/smtp-capture.ts';
import { deviceTrusts, loginFailures } from '#db/schema.ts';
import { ACCOUNT_LOCK_FAILURES } from '#auth/throttle.ts';
import { DEVICE_COOKIE, TRUST_COOKIE } from '#auth/device-cookie.ts';
import { TRUST_LINK_INVALID, TRUST_LINK_OTHER_BROWSER } from './routes.ts';

const WRONG = 'Wrong-Password-1!';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const smtp = smtpForFile();

function signIn(ctx: TestContext, email: string, password: string, from: string, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: from,
    headers: { 'user-agent': CHROME_ON_WINDOWS, ...(cookie ? { cookie } : {}) },
    payload: { user_name: email, password },
  });
}

function useLink(ctx: TestContext, token: string, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login/trust',
    remoteAddress: '192.0.2.200',
    headers: cookie ? { cookie } : {},
    payload: { token },
  });
}

/** The `name=value` of a cookie a response set. */
function cookieSet(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const headers = [res.headers['set-cookie'] ?? []].flat().map(String);
  return headers.find((h) => h.startsWith(`${name}=`))?.split(';')[0];
}

/** An account locked as the throttle writes it: ACCOUNT_LOCK_FAILURES failures from everywhere. */
async function lockedAccount(ctx: TestContext) {
  const user = await ctx.createUser();
  const now = Date.now();
  await ctx.database.db
    .insert(loginFailures)
    .values(Array.from({ length: ACCOUNT_LOCK_FAILURES }, (_, i) => ({ key: `account:${user.email}`, at: now - i })));
  return user;
}

/** The tokens of the new-device links e-mailed to this address, once `count` have arrived. */
async function linksTo(email: string, count: number): Promise<string[]> {
  await expect.poll(() => smtp.to(email).length, { timeout: 10_000 }).toBe(count);
  return smtp.to(email).map((mail) => {
    const token = /\/login\/trust#([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    if (!token) throw new Error(`no link in: ${mail.text}`);
    return token;
  });
}

/**
 * Waits until the e-mails of every right password held back so far are queued: that work is done
 * after each answer, one at a time in arrival order, so once a later account's link has arrived,
 * every earlier one's has been decided.
 */
async function afterEarlierWork(ctx: TestContext): Promise<void> {
  const probe = await lockedAccount(ctx);
  expect((await signIn(ctx, probe.email, TEST_PASSWORD, '192.0.2.250')).statusCode).toBe(429);
  await linksTo(probe.email, 1);
}

describeApi(
  'the owner of a locked account gets in through an e-mailed link',
  (ctx) => {
    it('after wrong passwords from many addresses: a wrong password sends nothing, a right one one e-mail', async () => {
      const user = await ctx.createUser();
      // 20 addresses, 5 wrong passwords each: no address is slowed, the account locks.
      for (let a = 0; a < 20; a++)
        for (let i = 0; i < ACCOUNT_LOCK_FAILURES / 20; i++)
          expect((await signIn(ctx, user.email, WRONG, `198.51.100.${a + 1}`)).statusCode).toBe(401);

      // A wrong password from a browser the account does not know: 429, and a trust cookie.
      const wrong = await signIn(ctx, user.email, WRONG, '203.0.113.5');
      expect(wrong.statusCode).toBe(429);
      expect(wrong.json()).toMatchObject({ code: 'sign_in_held' });
      const wrongBrowser = cookieSet(wrong, TRUST_COOKIE);
      expect(wrongBrowser).toBeDefined();

      // The right password from another such browser: the same answer, and the owner's e-mail.
      const right = await signIn(ctx, user.email, TEST_PASSWORD, '203.0.113.6');
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ ...wrong.json(), message: expect.any(String) });
      expect(right.json<{ message: string }>().message).toMatch(/e-mailed you a link/);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(59 * 60);
      const browser = cookieSet(right, TRUST_COOKIE) as string;

      // One e-mail, bound to the browser with the right password (a wrong one queued first would
      // have been bound to the other browser, and would have held this one back for 15 minutes).
      const [token] = (await linksTo(user.email, 1)) as [string];
      const [mail] = smtp.to(user.email);
      expect(mail?.text).toMatch(
        /When: \w+day, \w+ \d+, \d{4} at \d\d:\d\d UTC\. From: Chrome on Windows, address 203\.0\.113\.6\./,
      );
      expect(mail?.html).toContain(`/login/trust#${token}`);
      expect((await useLink(ctx, token, wrongBrowser)).json()).toMatchObject({ message: TRUST_LINK_OTHER_BROWSER });

      // A second right password within 15 minutes, from anywhere: no second e-mail.
      expect((await signIn(ctx, user.email, TEST_PASSWORD, '203.0.113.7', browser)).statusCode).toBe(429);
      expect((await signIn(ctx, user.email, TEST_PASSWORD, '203.0.113.8')).statusCode).toBe(429);
      await afterEarlierWork(ctx);
      expect(smtp.to(user.email)).toHaveLength(1);

      // The link signs this browser in, once, and makes it a known device.
      const used = await useLink(ctx, token, browser);
      expect(used.statusCode).toBe(200);
      const session = await ctx.request(used.json<{ auth: string }>().auth, { method: 'GET', url: '/api/session' });
      expect(session.json()).toMatchObject({ id: user.id });
      expect(cookieSet(used, TRUST_COOKIE)).toBe(`${TRUST_COOKIE}=`);
      const device = cookieSet(used, DEVICE_COOKIE) as string;
      expect((await useLink(ctx, token, browser)).json()).toMatchObject({ message: TRUST_LINK_INVALID });

      // The account is still locked for unknown devices, but this one now signs in as usual.
      expect((await signIn(ctx, user.email, TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
      expect((await signIn(ctx, user.email, TEST_PASSWORD, '203.0.113.9', device)).statusCode).toBe(200);

      // The administrator's view of the lock shows the link and its use.
      const status = await ctx.request(await adminToken(ctx), {
        method: 'GET',
        url: `/api/admin/users/${user.id}/sign-in`,
      });
      const seen = status.json<SignInStatus>();
      expect(seen.locked_until).toBeGreaterThan(Date.now());
      expect(seen.trust_link_sent_at).toBeGreaterThan(Date.now() - 60_000);
      expect(seen.trust_link_used_at).toBeGreaterThanOrEqual(seen.trust_link_sent_at);
    });

    it('refuses an expired link, and a made-up one, without signing in', async () => {
      const user = await lockedAccount(ctx);
      const right = await signIn(ctx, user.email, TEST_PASSWORD, '203.0.113.20');
      expect(right.statusCode).toBe(429);
      const browser = cookieSet(right, TRUST_COOKIE) as string;
      const [token] = (await linksTo(user.email, 1)) as [string];
      await ctx.database.db
        .update(deviceTrusts)
        .set({ expires_at: Date.now() - 1 })
        .where(eq(deviceTrusts.user_id, user.id));
      const expired = await useLink(ctx, token, browser);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ message: TRUST_LINK_INVALID });
      expect(expired.headers['set-cookie']).toBeUndefined();
      expect((await useLink(ctx, 'made-up-token', browser)).statusCode).toBe(400);
    });

    it('sends nothing for a right password when the account is not locked', async () => {
      const user = await ctx.createUser();
      const res = await signIn(ctx, user.email, TEST_PASSWORD, '203.0.113.30');
      expect(res.statusCode).toBe(200);
      expect(cookieSet(res, TRUST_COOKIE)).toBeUndefined();
      await afterEarlierWork(ctx);
      expect(smtp.to(user.email)).toHaveLength(0);
    });
  },
  { env: () => ({ SMTP_URL: smtp.url }) },
);
