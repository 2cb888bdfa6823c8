/**
 * Nothing at rest that signs someone in or accepts an invite: each action that issues such a
 * secret is carried out, the e-mail queue sends to a real SMTP server, and then every text and
 * JSON column of every table is searched for the secret (what a dump or backup would hand out).
 *
 * The one exception is the spec's: a pending user's invite code is shown to administrators
 * ("Copy Invite Link"), so it is in users.invite_code and the user's JSON until it is used or
 * voided (docs/security.md, "At rest").
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import type { UserEmailsResponse } from '@airman/contracts/emails.ts';
import { emailOutbox, loginFailures, users } from '#db/schema.ts';
import { ACCOUNT_LOCK_FAILURES } from '#auth/throttle.ts';
import { TRUST_COOKIE } from '#auth/device-cookie.ts';
import { SECRET_MARK } from '#mail/outbox.ts';
import { adminToken, describeApi, TEST_PASSWORD, type TestContext } from '#test/harness.ts';
import { columnsHolding } from '#test/columns-holding.ts';
import { SmtpCapture } from '#test/smtp-capture.ts';
import { passProviderPages, startTestProvider, type TestProvider } from '#test/oidc-provider.ts';

const PUBLIC_URL = 'http://airman.test';
const smtp = new SmtpCapture();
let provider: TestProvider;

beforeAll(async () => {
  await smtp.start();
  provider = await startTestProvider(PUBLIC_URL);
});
afterAll(async () => {
  await smtp.stop();
  await provider.close();
});

/** Where the spec keeps a pending user's invite code (the administrators' Copy Invite Link). */
const INVITE_CODE_SHOWN = ['public.users.invite_code', 'public.users.listing'];

/** The secret in the link of the latest e-mail to `to` that has one (waits for it). */
async function linkSecret(to: string, link: RegExp): Promise<string> {
  let secret: string | undefined;
  await expect
    .poll(
      () =>
        (secret = smtp
          .to(to)
          .map((mail) => link.exec(mail.text ?? '')?.[1])
          .filter(Boolean)
          .at(-1)),
      { timeout: 10_000 },
    )
    .toBeDefined();
  return secret as string;
}

/** Waits until the queue holds nothing left to send (what was sent is gone, what was given up stays). */
async function queueSettled(ctx: TestContext): Promise<void> {
  await expect
    .poll(
      async () =>
        (await ctx.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.given_up_at, 0)))
          .length,
      { timeout: 10_000 },
    )
    .toBe(0);
}

/** The secret is long enough to be one, and the database holds it nowhere but `allowed`. */
async function expectOnlyIn(ctx: TestContext, secret: string, allowed: string[] = []): Promise<void> {
  expect(secret.length).toBeGreaterThanOrEqual(32);
  expect(await columnsHolding(ctx.database, secret)).toEqual(allowed);
}

async function userId(ctx: TestContext, email: string): Promise<string> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.user_name, email));
  return row?.id as string;
}

describeApi(
  'no secret at rest once its e-mail is sent',
  (ctx) => {
    it('an invite and its resend: the code only where the spec shows it, and nowhere once registered', async () => {
      const admin = await adminToken(ctx);
      const email = 'at-rest-invitee@example.com';
      const invited = await ctx.request(admin, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: [email], module: READY_AIRMAN_MODULE_ID },
      });
      expect(invited.statusCode).toBe(200);
      const first = await linkSecret(email, /\/register\/([A-Za-z0-9_-]+)/);
      await queueSettled(ctx);
      await expectOnlyIn(ctx, first, INVITE_CODE_SHOWN);

      const id = await userId(ctx, email);
      const resent = await ctx.request(admin, { method: 'POST', url: `/api/admin/users/${id}/reinvite` });
      expect(resent.statusCode).toBe(200);
      const second = await linkSecret(email, /\/register\/([A-Za-z0-9_-]+)/);
      expect(second).not.toBe(first);
      await queueSettled(ctx);
      await expectOnlyIn(ctx, first);
      await expectOnlyIn(ctx, second, INVITE_CODE_SHOWN);

      const registered = await ctx.request(undefined, {
        method: 'POST',
        url: `/api/register/${second}`,
        payload: { rank: 'AB', unit: '655 ISRW', first_name: 'Rea', last_name: 'Rest', password: 'Str0ng-Pass!' },
      });
      expect(registered.statusCode).toBe(200);
      await expectOnlyIn(ctx, second);
      const signedIn = await ctx.request(undefined, {
        method: 'POST',
        url: '/api/login',
        payload: { user_name: email, password: 'Str0ng-Pass!' },
      });
      await expectOnlyIn(ctx, signedIn.json<{ auth: string }>().auth);

      // The user modal's history still says what was sent, and when.
      const history = await ctx.request(admin, { method: 'GET', url: `/api/admin/users/${id}/emails` });
      expect(
        history.json<UserEmailsResponse>().emails.map((e) => [e.kind, e.state, e.subject, e.delivered_at > 0]),
      ).toEqual([
        ['invite', 'delivered', expect.stringMatching(/^Your invitation/), true],
        ['invite', 'delivered', expect.stringMatching(/^Your invitation/), true],
      ]);
    });

    it('an invite the mail server refuses for good: the kept message holds no code', async () => {
      const admin = await adminToken(ctx);
      const invited = await ctx.request(admin, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: ['nobody@example.com'] },
      });
      expect(invited.json()).toMatchObject({ refused: ['nobody@example.com'] });
      const [user] = await ctx.database.db
        .select({ id: users.id, code: users.invite_code })
        .from(users)
        .where(eq(users.user_name, 'nobody@example.com'));
      const [kept] = await ctx.database.db
        .select({ text: emailOutbox.text_body, secret: emailOutbox.secret, given_up_at: emailOutbox.given_up_at })
        .from(emailOutbox)
        .where(eq(emailOutbox.to_address, 'nobody@example.com'));
      // Kept for the record, the link without its code.
      expect([kept?.given_up_at !== 0, kept?.secret, kept?.text.includes(`/register/${SECRET_MARK}`)]).toEqual([
        true,
        null,
        true,
      ]);
      await expectOnlyIn(ctx, user?.code as string, INVITE_CODE_SHOWN);
      const history = await ctx.request(admin, { method: 'GET', url: `/api/admin/users/${user?.id}/emails` });
      expect(history.json<UserEmailsResponse>().emails.map((e) => [e.kind, e.state])).toEqual([['invite', 'refused']]);
    });

    it('a forgotten password: the link token nowhere, before and after its use', async () => {
      const user = await ctx.createUser();
      await ctx.request(undefined, { method: 'POST', url: '/api/password/forgot', payload: { user_name: user.email } });
      const token = await linkSecret(user.email, /\/reset-password\/([A-Za-z0-9_-]+)/);
      await queueSettled(ctx);
      await expectOnlyIn(ctx, token);
      const reset = await ctx.request(undefined, {
        method: 'POST',
        url: '/api/password/reset',
        payload: { token, password: 'Reset-Passw0rd!' },
      });
      expect(reset.statusCode).toBe(200);
      await expectOnlyIn(ctx, token);
    });

    it('a trust-device link and the sign-in it gives', async () => {
      const user = await ctx.createUser();
      const now = Date.now();
      await ctx.database.db
        .insert(loginFailures)
        .values(
          Array.from({ length: ACCOUNT_LOCK_FAILURES }, (_, i) => ({ key: `account:${user.email}`, at: now - i })),
        );
      const signIn = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '192.0.2.41',
          payload: { user_name: user.email, password: TEST_PASSWORD },
        });
      const held = await signIn();
      expect(held.statusCode).toBe(429);
      const browser = [held.headers['set-cookie'] ?? []]
        .flat()
        .map(String)
        .find((cookie) => cookie.startsWith(`${TRUST_COOKIE}=`))
        ?.split(';')[0] as string;
      const token = await linkSecret(user.email, /\/login\/trust#([A-Za-z0-9_-]+)/);
      await queueSettled(ctx);
      await expectOnlyIn(ctx, token);
      await expectOnlyIn(ctx, browser.slice(TRUST_COOKIE.length + 1));
      const used = await ctx.app.inject({
        method: 'POST',
        url: '/api/login/trust',
        remoteAddress: '192.0.2.41',
        headers: { cookie: browser },
        payload: { token },
      });
      expect(used.statusCode).toBe(200);
      await expectOnlyIn(ctx, used.json<{ auth: string }>().auth);
      await expectOnlyIn(ctx, token);
    });

    it('a report download token, before and after its use', async () => {
      const admin = await adminToken(ctx);
      const minted = await ctx.request(admin, {
        method: 'POST',
        url: '/api/admin/reports/token',
        payload: { module: READY_AIRMAN_MODULE_ID },
      });
      expect(minted.statusCode).toBe(200);
      const { token } = minted.json<{ token: string }>();
      await expectOnlyIn(ctx, token);
      const report = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/users?csv=1&module=${READY_AIRMAN_MODULE_ID}&token=${encodeURIComponent(token)}`,
      });
      expect(report.statusCode).toBe(200);
      await expectOnlyIn(ctx, token);
    });

    it('a provider sign-in: its state, nonce, code and the session it gives', async () => {
      const user = await ctx.createUser();
      const sub = `at-rest-${crypto.randomUUID()}`;
      provider.people.set(sub, { email: user.email, email_verified: true, given_name: 'Pat', family_name: 'Doe' });
      const started = await ctx.app.inject({ method: 'GET', url: '/api/oidc/start' });
      const location = new URL(String(started.headers.location));
      const flowCookie = [started.headers['set-cookie'] ?? []].flat().map(String)[0]?.split(';')[0] as string;
      const back = await passProviderPages(location.toString(), sub, PUBLIC_URL);
      const done = await ctx.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: flowCookie },
      });
      // The login page trades the one-time code of the fragment, with the hand-off cookie, for the session.
      const handoffCode = new URLSearchParams(new URL(String(done.headers.location)).hash.slice(1)).get(
        'provider_code',
      );
      const handoff = [done.headers['set-cookie'] ?? []]
        .flat()
        .map((line) => String(line).split(';')[0] ?? '')
        .find((pair) => pair.startsWith('airman_oidc_handoff=') && pair.length > 'airman_oidc_handoff='.length);
      expect(handoffCode).toBeTruthy();
      expect(handoff).toBeTruthy();
      const taken = await ctx.app.inject({
        method: 'POST',
        url: '/api/oidc/session',
        headers: { cookie: handoff as string },
        payload: { code: handoffCode },
      });
      expect(taken.statusCode).toBe(200);
      const session = taken.json<{ auth: string }>().auth;
      for (const secret of [
        location.searchParams.get('state'),
        location.searchParams.get('nonce'),
        back.searchParams.get('code'),
        flowCookie.split('=')[1],
        handoffCode,
        (handoff as string).split('=')[1],
        session,
      ]) {
        expect(secret).toBeTruthy();
        expect(await columnsHolding(ctx.database, secret as string)).toEqual([]);
      }
    });
  },
  {
    env: () => ({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Test Wing ID',
    }),
  },
);
