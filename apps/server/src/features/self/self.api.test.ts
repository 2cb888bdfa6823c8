import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { selfResponseSchema, type SelfResponse } from '@airman/contracts/api.ts';
import { throttledBurstAllows } from '#test/throttle.ts';
import { describeApi, TEST_PASSWORD, type TestContext, type TestUser } from '#test/harness.ts';

const NEW_PASSWORD = 'New-Passw0rd!';

function profileOf(user: TestUser) {
  return { first_name: 'Ann', last_name: 'Lee', user_name: user.email, unit: '655 ISRW', rank: 'A1C', sex: 'F' };
}

const post = (ctx: TestContext, token: string | undefined, payload: unknown) =>
  ctx.request(token, { method: 'POST', url: '/api/self', payload: payload as InjectOptions['payload'] });
const sessionStatus = async (ctx: TestContext, token: string) =>
  (await ctx.request(token, { method: 'GET', url: '/api/session' })).statusCode;
const login = (ctx: TestContext, user_name: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { user_name, password } });

describeApi('POST self: profile', (ctx) => {
  it('updates the caller’s own profile and returns it', async () => {
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    const res = await post(ctx, user.token, { ...profileOf(user), rank: '', sex: '' });
    expect(res.statusCode).toBe(200);
    const saved = selfResponseSchema.parse(res.json());
    expect(saved).toMatchObject({
      id: user.id,
      first_name: 'Ann',
      last_name: 'Lee',
      rank: '',
      sex: '',
      invite_code: '',
    });
    expect(saved.auth).toBeUndefined();
    // Same e-mail: the session goes on. Nobody else changed.
    expect(await sessionStatus(ctx, user.token)).toBe(200);
    const otherSession = await ctx.request(other.token, { method: 'GET', url: '/api/session' });
    expect(otherSession.json()).toMatchObject({ first_name: 'Test' });
  });

  it('refuses unknown fields, wrong types and bad values with a 400 and a message', async () => {
    const user = await ctx.createUser();
    const profile = profileOf(user);
    const bad = [
      { ...profile, role: 'admin' },
      { ...profile, active_at: 1 },
      { ...profile, sex: 'X' },
      { ...profile, rank: 'Captain' },
      { ...profile, first_name: '' },
      { ...profile, last_name: 7 },
      { ...profile, user_name: 'nope' },
      { first_name: 'Only' },
      { ...profile, password: NEW_PASSWORD, current_password: TEST_PASSWORD },
      [],
      null,
    ];
    for (const payload of bad) {
      const res = await post(ctx, user.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message, JSON.stringify(payload)).toEqual(expect.any(String));
    }
    expect(await sessionStatus(ctx, user.token)).toBe(200);
  });

  it('keeps e-mails unique (409); a new e-mail ends the session', async () => {
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    const taken = await post(ctx, user.token, { ...profileOf(user), user_name: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toContain(other.email);
    const moved = await post(ctx, user.token, { ...profileOf(user), user_name: `New-${user.email}` });
    expect(moved.json<SelfResponse>().user_name).toBe(`new-${user.email}`);
    expect(await sessionStatus(ctx, user.token)).toBe(401);
    expect((await login(ctx, `new-${user.email}`, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const res = await post(ctx, undefined, { first_name: 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
  });
});

describeApi('POST self: password', (ctx) => {
  it('changes the password only with the current one, and returns the user with a fresh token', async () => {
    const user = await ctx.createUser();
    const wrong = await post(ctx, user.token, { password: NEW_PASSWORD, current_password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    // Shown to the user as it is: a sentence, not a field name and a colon.
    expect(wrong.json<{ message: string }>().message).toBe('The current password is not correct.');
    expect((await post(ctx, user.token, { password: NEW_PASSWORD })).statusCode).toBe(400);

    const weak = await post(ctx, user.token, { password: 'weakpass', current_password: TEST_PASSWORD });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ message: string }>().message).toMatch(/^password: /);

    const ok = await post(ctx, user.token, { password: NEW_PASSWORD, current_password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const body = selfResponseSchema.parse(ok.json());
    expect(body.id).toBe(user.id);
    expect(body.auth).toEqual(expect.any(String));
    // This session continues with the new token; every older token is revoked.
    expect(await sessionStatus(ctx, body.auth as string)).toBe(200);
    expect(await sessionStatus(ctx, user.token)).toBe(401);
    expect((await login(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(ctx, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('slows down guessing the current password like failed sign-ins (429)', async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post(ctx, user.token, { password: NEW_PASSWORD, current_password: `Guess-${i}-x` })).statusCode,
      ).toBe(400);
    }
    const throttled = await post(ctx, user.token, { password: NEW_PASSWORD, current_password: TEST_PASSWORD });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toEqual(expect.any(String));
    expect(throttled.json<{ message: string }>().message).toMatch(/Try again/);
  });

  it('counts parallel guesses of the current password before checking them: no more than ten get through', async () => {
    const user = await ctx.createUser();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(ctx, user.token, { password: NEW_PASSWORD, current_password: `Parallel-${i}-x` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(answers.filter((a) => a.statusCode !== 400 && a.statusCode !== 429).map((a) => a.body)).toEqual([]);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(
      throttledBurstAllows(10, Date.now() - started),
    );
  });
});
