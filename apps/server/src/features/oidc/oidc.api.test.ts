import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { auditLog, loginFailures, oidcHandoffs, oidcLinks, passwordResets, signInLog, users } from '#db/schema.ts';
import { guessFailed } from '#auth/throttle.ts';
import { describeApi, TEST_PASSWORD, type TestContext } from '#test/harness.ts';
import { passProviderPages, startTestProvider, type IdTokenTamper, type TestProvider } from '#test/oidc-provider.ts';
import { freePort } from '#test/free-port.ts';

const PUBLIC_URL = 'http://airman.test';
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider(PUBLIC_URL);
});
afterAll(async () => provider.close());

const providerEnv =
  (extra: NodeJS.ProcessEnv = {}) =>
  () => ({
    PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Test Wing ID',
    ...extra,
  });

function cookieOf(setCookie: string | string[] | undefined): string {
  const first = [setCookie ?? []].flat()[0] ?? '';
  return first.split(';')[0] ?? '';
}

interface Started {
  location: string;
  cookie: string;
}

async function start(ctx: TestContext): Promise<Started> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/oidc/start' });
  expect(res.statusCode).toBe(303);
  return { location: String(res.headers.location), cookie: cookieOf(res.headers['set-cookie']) };
}

/** Where the callback sent the browser, and the hand-off cookie it set (empty: none). */
interface Landing {
  url: URL;
  handoff: string;
}

/** The product's answer to the provider's redirect back. */
async function callback(ctx: TestContext, back: URL, cookie: string): Promise<Landing> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(303);
  const handoff = [res.headers['set-cookie'] ?? []]
    .flat()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('airman_oidc_handoff=') && pair.length > 'airman_oidc_handoff='.length);
  return { url: new URL(String(res.headers.location)), handoff: handoff ?? '' };
}

/** A whole provider sign-in as `subject`, up to the login page. */
async function signIn(ctx: TestContext, subject: string): Promise<Landing> {
  const { location, cookie } = await start(ctx);
  const back = await passProviderPages(location, subject, PUBLIC_URL);
  return callback(ctx, back, cookie);
}

function codeOf(url: URL): string {
  return new URLSearchParams(url.hash.slice(1)).get('provider_code') ?? '';
}

/** The login page's POST oidc/session with the landing's code, from a browser holding `cookie`. */
function take(ctx: TestContext, landing: Landing, cookie = landing.handoff) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/oidc/session',
    headers: cookie ? { cookie } : {},
    payload: { code: codeOf(landing.url) },
  });
}

/** The session a landing signs in to, in the browser that started it; undefined when none. */
async function tokenOf(ctx: TestContext, landing: Landing): Promise<string | undefined> {
  if (!codeOf(landing.url)) return undefined;
  const res = await take(ctx, landing);
  return res.statusCode === 200 ? res.json<{ auth?: string }>().auth : undefined;
}

function refusal(landing: Landing): string | null {
  const { url } = landing;
  expect(url.pathname).toBe('/login');
  expect(url.hash).toBe('');
  expect(landing.handoff).toBe('');
  return url.searchParams.get('sign_in_error');
}

let people = 0;
function person(email: string, verified = true): string {
  people += 1;
  const sub = `person-${people}-${crypto.randomUUID()}`;
  provider.people.set(sub, { email, email_verified: verified, given_name: 'Pat', family_name: 'Doe' });
  return sub;
}

describeApi(
  'provider sign-in',
  (ctx) => {
    it('tells the login page the provider and that passwords work for everyone', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/sign-in/options' });
      expect(res.json()).toEqual({ provider: 'Test Wing ID', passwords_for_all: true });
    });

    it('names the browser navigations in the API reference like every other call', async () => {
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
        paths: Record<string, { get?: { operationId?: string; summary?: string; tags?: string[] } }>;
      }>();
      const named = ['start', 'callback', 'logout'].map((step) => doc.paths[`/api/oidc/${step}`]?.get);
      expect(named.map((op) => [op?.operationId, op?.tags])).toEqual([
        ['startProviderSignIn', ['Provider sign-in']],
        ['finishProviderSignIn', ['Provider sign-in']],
        ['providerSignOut', ['Provider sign-in']],
      ]);
      for (const op of named) expect(op?.summary).toMatch(/^[A-Z].{8,}/);
    });

    it('starts with state, nonce and PKCE (S256) at the provider', async () => {
      const { location, cookie } = await start(ctx);
      const url = new URL(location);
      expect(url.origin).toBe(provider.issuer);
      expect(url.searchParams.get('state')).toMatch(/.{20,}/);
      expect(url.searchParams.get('nonce')).toMatch(/.{20,}/);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/oidc/callback`);
      expect(cookie).toMatch(/^airman_oidc=/);
    });

    it('signs an existing account in with the product session, links it, and finds it by subject later', async () => {
      const user = await ctx.createUser();
      const sub = person(user.email);
      const first = await signIn(ctx, sub);
      expect(first.url.pathname).toBe('/login');
      const token = await tokenOf(ctx, first);
      expect(token).toBeDefined();
      const session = await ctx.request(token, { method: 'GET', url: '/api/session' });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({ user_name: user.email, role: 'user' });
      const claims = JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString()) as {
        exp: number;
        iat: number;
      };
      expect(claims.exp - claims.iat).toBe(8 * 60 * 60);

      // The provider's e-mail changes; the subject still finds the account.
      provider.people.set(sub, { email: 'renamed@elsewhere.example', email_verified: true });
      const again = await signIn(ctx, sub);
      const second = await ctx.request(await tokenOf(ctx, again), { method: 'GET', url: '/api/session' });
      expect(second.json()).toMatchObject({ user_name: user.email });
    });

    it('completes a pending invite by its verified e-mail', async () => {
      const invitee = await ctx.createUser({ pending: true });
      await ctx.database.db
        .update(users)
        .set({ invite_code: `code-${invitee.id}`, last_invite_at: Date.now() })
        .where(eq(users.id, invitee.id));
      const back = await signIn(ctx, person(invitee.email));
      expect(await tokenOf(ctx, back)).toBeDefined();
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, invitee.id));
      expect(row).toMatchObject({ pending: false, invite_code: null });
    });

    it('refuses an unverified e-mail with its page and links nothing', async () => {
      const user = await ctx.createUser();
      const back = await signIn(ctx, person(user.email, false));
      expect(refusal(back)).toBe('unverified');
      const links = await ctx.database.db.select().from(oidcLinks).where(eq(oidcLinks.user_id, user.id));
      expect(links).toEqual([]);
    });

    it('refuses an unknown e-mail when accounts are not provisioned', async () => {
      const email = `stranger-${crypto.randomUUID()}@example.com`;
      const back = await signIn(ctx, person(email));
      expect(refusal(back)).toBe('no_account');
      const rows = await ctx.database.db.select().from(users).where(eq(users.user_name, email));
      expect(rows).toEqual([]);
    });

    it('refuses a linked account at once when it is deactivated', async () => {
      const user = await ctx.createUser();
      const sub = person(user.email);
      expect(await tokenOf(ctx, await signIn(ctx, sub))).toBeDefined();
      await ctx.database.db.update(users).set({ active_at: 0 }).where(eq(users.id, user.id));
      expect(refusal(await signIn(ctx, sub))).toBe('inactive');
    });

    it('refuses a callback whose state is not the one this browser started with', async () => {
      const user = await ctx.createUser();
      const sub = person(user.email);
      const mine = await start(ctx);
      const other = await start(ctx);
      const back = await passProviderPages(mine.location, sub, PUBLIC_URL);
      expect(refusal(await callback(ctx, back, other.cookie))).toBe('state');
      expect(refusal(await callback(ctx, back, ''))).toBe('state');
      // Odd bytes where the flow cookie should be: no flow, the same refusal.
      // (From an address of their own: the guesses count against it.)
      for (const odd of ['airman_oidc=%E0%A4%A.\xff', 'airman_oidc="\x80.\xa0"; airman_oidc=x', '=;;;airman_oidc']) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `${back.pathname}${back.search}`,
          remoteAddress: '203.0.113.90',
          headers: { cookie: odd },
        });
        expect([odd, res.statusCode, res.headers.location]).toEqual([
          odd,
          303,
          `${PUBLIC_URL}/login?sign_in_error=state`,
        ]);
      }
    });

    it('refuses a replayed code', async () => {
      const user = await ctx.createUser();
      const { location, cookie } = await start(ctx);
      const back = await passProviderPages(location, person(user.email), PUBLIC_URL);
      expect(await tokenOf(ctx, await callback(ctx, back, cookie))).toBeDefined();
      expect(refusal(await callback(ctx, back, cookie))).toBe('code_used');
    });

    const tampered: [string, IdTokenTamper][] = [
      ['an ID token signed with another key', (c) => ({ claims: c, foreignKey: true })],
      ['an expired ID token', (c) => ({ claims: { ...c, iat: Number(c.iat) - 7200, exp: Number(c.iat) - 3600 } })],
      ['an ID token for another audience', (c) => ({ claims: { ...c, aud: 'someone-else' } })],
      ['an ID token from another issuer', (c) => ({ claims: { ...c, iss: 'http://127.0.0.1:1' } })],
      ['an unsigned ID token (alg: none)', (c) => ({ claims: c, alg: 'none' })],
      ['an ID token with another nonce', (c) => ({ claims: { ...c, nonce: 'not-the-one' } })],
    ];
    for (const [what, tamper] of tampered) {
      it(`refuses ${what} and signs nobody in`, async () => {
        const user = await ctx.createUser();
        provider.tamper = tamper;
        try {
          expect(refusal(await signIn(ctx, person(user.email)))).toBe('token_invalid');
        } finally {
          provider.tamper = undefined;
        }
        const links = await ctx.database.db.select().from(oidcLinks).where(eq(oidcLinks.user_id, user.id));
        expect(links).toEqual([]);
      });
    }

    it('refuses a key it has not fetched yet, then fetches the rotated JWKS once its copy is a minute old', async () => {
      const user = await ctx.createUser();
      const sub = person(user.email);
      // Past the copy's 5 minutes, so the first sign-in fetches the JWKS afresh.
      const realNow = Date.now.bind(Date);
      let ahead = 400_000;
      const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
      try {
        expect(await tokenOf(ctx, await signIn(ctx, sub))).toBeDefined();
        await provider.rotateKey();
        expect(refusal(await signIn(ctx, sub))).toBe('token_invalid');
        ahead += 61_000;
        expect(await tokenOf(ctx, await signIn(ctx, sub))).toBeDefined();
      } finally {
        clock.mockRestore();
      }
    });

    it('shows the admin the sign-in method and unlinks the provider', async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      const user = await ctx.createUser();
      const url = `/api/admin/users/${user.id}/sign-in-method`;
      expect((await ctx.request(admin.token, { method: 'GET', url })).json()).toEqual({
        method: 'password',
        linked_at: null,
      });
      await signIn(ctx, person(user.email));
      const linked = (await ctx.request(admin.token, { method: 'GET', url })).json<{ method: string }>();
      expect(linked).toMatchObject({ method: 'both', linked_at: expect.any(Number) });
      expect((await ctx.request(user.token, { method: 'GET', url })).statusCode).toBe(403);
      const unlinked = await ctx.request(admin.token, {
        method: 'DELETE',
        url: `/api/admin/users/${user.id}/provider-link`,
      });
      expect(unlinked.json()).toEqual({ method: 'password', linked_at: null });
    });

    /** A pending invitee, invited by an administrator as the product does it. */
    async function invite(admin: { token: string }): Promise<{ id: string; email: string }> {
      const email = `invitee-${crypto.randomUUID()}@example.com`;
      const res = await ctx.request(admin.token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: [email] },
      });
      expect(res.statusCode).toBeLessThan(300);
      const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.user_name, email));
      return { id: String(row?.id), email };
    }

    const auditOf = (id: string) =>
      ctx.database.db
        .select({ action: auditLog.action, actor: auditLog.actor_id, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.target_id, id))
        .orderBy(auditLog.id);
    const signInsOf = (userName: string) =>
      ctx.database.db
        .select({
          outcome: signInLog.outcome,
          method: signInLog.method,
          reason: signInLog.reason,
          user: signInLog.user_id,
        })
        .from(signInLog)
        .where(eq(signInLog.user_name, userName))
        .orderBy(signInLog.id);

    it('refuses an invitee an administrator deactivated, leaves the invite as it was, and logs the refusal', async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      const invitee = await invite(admin);
      const off = await ctx.request(admin.token, {
        method: 'POST',
        url: `/api/admin/users/${invitee.id}`,
        payload: { active_at: 0 },
      });
      expect(off.statusCode).toBe(200);
      const before = await auditOf(invitee.id);
      expect(refusal(await signIn(ctx, person(invitee.email)))).toBe('inactive');
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, invitee.id));
      expect(row).toMatchObject({ pending: true, active_at: 0 });
      expect(await ctx.database.db.select().from(oidcLinks).where(eq(oidcLinks.user_id, invitee.id))).toEqual([]);
      expect(await auditOf(invitee.id)).toEqual(before);
      expect(await signInsOf(invitee.email)).toEqual([
        { outcome: 'refused', method: 'provider', reason: 'inactive', user: invitee.id },
      ]);
    });

    it('refuses an invite past its time to live', async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      const invitee = await invite(admin);
      await ctx.database.db
        .update(users)
        .set({ last_invite_at: Date.now() - ctx.config.inviteTtlMs - 1000 })
        .where(eq(users.id, invitee.id));
      expect(refusal(await signIn(ctx, person(invitee.email)))).toBe('invite_expired');
      const [row] = await ctx.database.db
        .select({ pending: users.pending })
        .from(users)
        .where(eq(users.id, invitee.id));
      expect(row?.pending).toBe(true);
    });

    it('puts no session in the address: the code alone, without its browser, signs nobody in', async () => {
      const user = await ctx.createUser();
      const landing = await signIn(ctx, person(user.email));
      expect(landing.url.href).not.toMatch(/provider_auth|eyJ/);
      expect(codeOf(landing.url)).toMatch(/^[\w-]{40,}$/);
      expect(landing.handoff).toMatch(/^airman_oidc_handoff=[\w-]{40,}$/);
      // Only hashes at rest.
      const stored = await ctx.database.db.select().from(oidcHandoffs).where(eq(oidcHandoffs.user_id, user.id));
      expect(JSON.stringify(stored)).not.toContain(codeOf(landing.url));
      expect(JSON.stringify(stored)).not.toContain(landing.handoff.split('=')[1]);
      // Another browser: no hand-off cookie, or one of its own flow's.
      const bare = await take(ctx, landing, '');
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toMatchObject({ code: 'handoff' });
      for (const odd of ['airman_oidc_handoff=%E0%A4%A', 'airman_oidc_handoff=\xff\x80', 'airman_oidc_handoff=;=;']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/oidc/session',
          remoteAddress: '203.0.113.91',
          headers: { cookie: odd },
          payload: { code: codeOf(landing.url) },
        });
        expect([odd, res.statusCode, res.json<{ code: string }>().code]).toEqual([odd, 400, 'handoff']);
      }
      const mine = await signIn(ctx, person((await ctx.createUser()).email));
      expect((await take(ctx, landing, mine.handoff)).statusCode).toBe(400);
      // The right browser still can, once.
      expect((await take(ctx, landing)).statusCode).toBe(200);
      const again = await take(ctx, landing);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'handoff' });
    });

    it('lets a code expire after 2 minutes', async () => {
      const user = await ctx.createUser();
      const landing = await signIn(ctx, person(user.email));
      const realNow = Date.now.bind(Date);
      const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 121_000);
      try {
        expect((await take(ctx, landing)).statusCode).toBe(400);
      } finally {
        clock.mockRestore();
      }
    });

    it('refuses the code of an account deactivated between the callback and the login page', async () => {
      const user = await ctx.createUser();
      const landing = await signIn(ctx, person(user.email));
      await ctx.database.db.update(users).set({ active_at: 0 }).where(eq(users.id, user.id));
      const res = await take(ctx, landing);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'inactive' });
    });

    it('audits the link and logs each provider sign-in, signed in or refused', async () => {
      const user = await ctx.createUser();
      const sub = person(user.email);
      expect(await tokenOf(ctx, await signIn(ctx, sub))).toBeDefined();
      expect(await auditOf(user.id)).toEqual([
        {
          action: 'user.provider_link',
          actor: user.id,
          before: null,
          after: { issuer: provider.issuer, subject: sub, proof: 'verified_email' },
        },
      ]);
      await ctx.database.db.update(users).set({ active_at: 0 }).where(eq(users.id, user.id));
      expect(refusal(await signIn(ctx, sub))).toBe('inactive');
      // The password sign-in of createUser first, then the provider's.
      expect((await signInsOf(user.email)).slice(1)).toEqual([
        { outcome: 'signed_in', method: 'provider', reason: '', user: user.id },
        { outcome: 'refused', method: 'provider', reason: 'inactive', user: user.id },
      ]);
    });

    it('audits an invite accepted through the provider', async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      const invitee = await invite(admin);
      const sub = person(invitee.email);
      expect(await tokenOf(ctx, await signIn(ctx, sub))).toBeDefined();
      const actions = (await auditOf(invitee.id)).map((e) => [e.action, e.actor, e.after]);
      expect(actions.slice(1)).toEqual([
        ['user.register', invitee.id, { pending: false, via: 'provider', first_name: 'Pat', last_name: 'Doe' }],
        ['user.provider_link', invitee.id, { issuer: provider.issuer, subject: sub, proof: 'verified_email' }],
      ]);
    });

    it("audits an administrator's unlink as theirs", async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      const user = await ctx.createUser();
      const sub = person(user.email);
      await signIn(ctx, sub);
      const res = await ctx.request(admin.token, {
        method: 'DELETE',
        url: `/api/admin/users/${user.id}/provider-link`,
      });
      expect(res.statusCode).toBe(200);
      const last = (await auditOf(user.id)).at(-1);
      expect(last).toMatchObject({
        action: 'user.provider_unlink',
        actor: admin.id,
        before: { issuer: provider.issuer, subject: sub },
        after: null,
      });
    });

    it('links one identity to an account when two first sign-ins race', async () => {
      const user = await ctx.createUser();
      // Two people at the provider with the account's address: one link wins.
      const two = await Promise.all([person(user.email), person(user.email)].map((sub) => signIn(ctx, sub)));
      const outcomes = two.map((landing) => (codeOf(landing.url) ? 'signed_in' : refusal(landing))).sort();
      expect(outcomes).toEqual(['linked_elsewhere', 'signed_in']);
      // The same person twice at once: both in, one link.
      const other = await ctx.createUser();
      const sub = person(other.email);
      const same = await Promise.all([signIn(ctx, sub), signIn(ctx, sub)]);
      for (const landing of same) expect(await tokenOf(ctx, landing)).toBeDefined();
      const links = await ctx.database.db.select().from(oidcLinks).where(eq(oidcLinks.user_id, other.id));
      expect(links).toHaveLength(1);
      expect((await auditOf(other.id)).filter((e) => e.action === 'user.provider_link')).toHaveLength(1);
    });

    it('holds a second identity for the same account out at the database', async () => {
      const user = await ctx.createUser();
      await ctx.database.db
        .insert(oidcLinks)
        .values({ issuer: provider.issuer, subject: `a-${user.id}`, user_id: user.id, linked_at: 1 });
      await expect(
        ctx.database.db
          .insert(oidcLinks)
          .values({ issuer: provider.issuer, subject: `b-${user.id}`, user_id: user.id, linked_at: 2 }),
      ).rejects.toThrow();
    });

    it("asks for an administrator's password once before linking the account", async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      const sub = person(admin.email);
      const landing = await signIn(ctx, sub);
      const linkOf = () =>
        ctx.database.db
          .select()
          .from(oidcLinks)
          .where(and(eq(oidcLinks.user_id, admin.id), eq(oidcLinks.issuer, provider.issuer)));
      expect(await linkOf()).toEqual([]);
      const asked = await take(ctx, landing);
      expect(asked.json()).toEqual({ password_needed: { user_name: admin.email } });
      const link = (password: string, cookie = landing.handoff) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/oidc/link',
          headers: cookie ? { cookie } : {},
          payload: { code: codeOf(landing.url), password },
        });
      expect((await link(TEST_PASSWORD, '')).statusCode).toBe(400);
      const wrong = await link('not-the-password');
      expect(wrong.statusCode).toBe(401);
      expect(await linkOf()).toEqual([]);
      const right = await link(TEST_PASSWORD);
      expect(right.statusCode).toBe(200);
      const session = await ctx.request(right.json<{ auth: string }>().auth, { method: 'GET', url: '/api/session' });
      expect(session.json()).toMatchObject({ user_name: admin.email, role: 'admin' });
      expect(await linkOf()).toHaveLength(1);
      expect((await auditOf(admin.id)).at(-1)).toMatchObject({
        action: 'user.provider_link',
        after: { subject: sub, proof: 'password' },
      });
      expect((await signInsOf(admin.email)).slice(1)).toEqual([
        { outcome: 'failed', method: 'provider', reason: 'password', user: admin.id },
        { outcome: 'signed_in', method: 'provider', reason: '', user: admin.id },
      ]);
      expect((await link(TEST_PASSWORD)).statusCode).toBe(400);
      // Linked now: the next provider sign-in asks nothing.
      expect(await tokenOf(ctx, await signIn(ctx, sub))).toBeDefined();
    });

    it('ends the provider session too on logout when the provider offers it', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/oidc/logout' });
      expect(res.statusCode).toBe(303);
      const to = new URL(String(res.headers.location));
      expect(`${to.origin}${to.pathname}`).toBe(`${provider.issuer}/session/end`);
      expect(to.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    });
  },
  { env: providerEnv() },
);

describeApi(
  'provider sign-in with provisioning',
  (ctx) => {
    it('gives an unknown verified e-mail a trainee account without rank and unit', async () => {
      const email = `new-${crypto.randomUUID()}@example.com`;
      const back = await signIn(ctx, person(email));
      const session = await ctx.request(await tokenOf(ctx, back), { method: 'GET', url: '/api/session' });
      expect(session.json()).toMatchObject({
        user_name: email,
        role: 'user',
        rank: '',
        unit: '',
        first_name: 'Pat',
        last_name: 'Doe',
      });
    });

    it('audits the account it makes and its link', async () => {
      const email = `new-${crypto.randomUUID()}@example.com`;
      const sub = person(email);
      expect(await tokenOf(ctx, await signIn(ctx, sub))).toBeDefined();
      const [made] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.user_name, email));
      const entries = await ctx.database.db
        .select({ action: auditLog.action, actor: auditLog.actor_id, after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.target_id, String(made?.id)))
        .orderBy(auditLog.id);
      expect(entries).toEqual([
        {
          action: 'user.provision',
          actor: made?.id,
          after: { user_name: email, first_name: 'Pat', last_name: 'Doe', role: 'user' },
        },
        {
          action: 'user.provider_link',
          actor: made?.id,
          after: { issuer: provider.issuer, subject: sub, proof: 'verified_email' },
        },
      ]);
    });

    it('still refuses an unverified e-mail', async () => {
      const email = `new-${crypto.randomUUID()}@example.com`;
      expect(refusal(await signIn(ctx, person(email, false)))).toBe('unverified');
      expect(await ctx.database.db.select().from(users).where(eq(users.user_name, email))).toEqual([]);
    });
  },
  { env: providerEnv({ OIDC_AUTO_PROVISION: 'true' }) },
);

describeApi(
  'provider-only sign-in',
  (ctx) => {
    it('turns password sign-in off for everyone but the break-glass admin', async () => {
      const user = await ctx.createUser();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: user.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Password sign-in is turned off. Sign in with Test Wing ID.' });
      const admin = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
      });
      expect(admin.statusCode).toBe(200);
      const options = await ctx.app.inject({ method: 'GET', url: '/api/sign-in/options' });
      expect(options.json()).toEqual({ provider: 'Test Wing ID', passwords_for_all: false });
    });

    it('sends a password reset link to the break-glass admin alone', async () => {
      const user = await ctx.createUser();
      const forgot = (user_name: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { user_name } });
      // The same answer for both, the work done after it, one request's at a time in arrival order.
      expect((await forgot(user.email)).statusCode).toBe(200);
      expect((await forgot('admin@example.com')).statusCode).toBe(200);
      const resetsOf = async (email: string) =>
        (
          await ctx.database.db
            .select({ id: passwordResets.user_id })
            .from(passwordResets)
            .innerJoin(users, eq(users.id, passwordResets.user_id))
            .where(eq(users.user_name, email))
        ).length;
      await expect.poll(() => resetsOf('admin@example.com'), { timeout: 10_000 }).toBe(1);
      expect(await resetsOf(user.email)).toBe(0);
    });
  },
  { env: providerEnv({ OIDC_ONLY: 'true', ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: TEST_PASSWORD }) },
);

let closedPort = 0;
describeApi(
  'provider sign-in while the provider is down',
  (ctx) => {
    it('answers the provider-down page and sets no flow', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/oidc/start' });
      expect(res.statusCode).toBe(303);
      expect(refusal({ url: new URL(String(res.headers.location)), handoff: '' })).toBe('provider_down');
    });
  },
  {
    env: () => ({
      PUBLIC_URL,
      OIDC_ISSUER: `http://127.0.0.1:${closedPort}`,
      OIDC_CLIENT_ID: 'x',
      OIDC_CLIENT_SECRET: 'y',
    }),
  },
);
beforeAll(async () => {
  closedPort = await freePort();
});

describeApi(
  'provider sign-in throttling',
  (ctx) => {
    it('counts a wrong state against the address, and refuses an address past its failures', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/oidc/callback?code=x&state=guess' });
      expect(refusal({ url: new URL(String(res.headers.location)), handoff: '' })).toBe('state');
      const counted = await ctx.database.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.key, 'oidc-ip:127.0.0.1'));
      expect(counted).toHaveLength(1);
      // 20 free, then a wait doubling from 1 s after each: past 26, a minute (auth/throttle.ts).
      for (let i = 0; i < 26; i += 1) await guessFailed(ctx.database.db, 'oidc', '127.0.0.1', `guess-${i}`);
      const user = await ctx.createUser();
      expect(refusal(await signIn(ctx, person(user.email)))).toBe('throttled');
    });
  },
  { env: providerEnv() },
);
