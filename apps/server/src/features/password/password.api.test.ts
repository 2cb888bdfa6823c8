import { setTimeout as after } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { passwordResets } from '#db/schema.ts';
import { describeApi, sentMessages, TEST_PASSWORD, type TestContext } from '#test/harness.ts';
import { FORGOT_PASSWORD_ANSWER } from './routes.ts';

/** The reset token of the last reset e-mail to this address in the outbox (outbox mode). */
async function resetTokenFor(ctx: TestContext, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    for (const eml of sentMessages(ctx)) {
      const m = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(eml);
      if (eml.includes(`To: ${email}`) && m?.[1]) return m[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no reset e-mail');
}

describeApi('forgot password', (ctx) => {
  it('e-mails a single-use link; the reset ends every session and the new password works', async () => {
    const user = await ctx.createUser();
    const res = await ctx.request(undefined, {
      method: 'POST',
      url: '/api/password/forgot',
      payload: { user_name: user.email },
    });
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    const token = await resetTokenFor(ctx, user.email);
    expect(
      (
        await ctx.request(undefined, {
          method: 'POST',
          url: '/api/password/reset',
          payload: { token, password: 'weak' },
        })
      ).statusCode,
    ).toBe(400);
    const done = await ctx.request(undefined, {
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password: 'Reset-Passw0rd!' },
    });
    expect(done.statusCode).toBe(200);
    expect((await ctx.request(user.token, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);
    const again = await ctx.request(undefined, {
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password: 'Other-Passw0rd!' },
    });
    expect(again.statusCode).toBe(400);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: user.email, password: 'Reset-Passw0rd!' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers the same for an unknown address, and refuses an expired link', async () => {
    const unknown = await ctx.request(undefined, {
      method: 'POST',
      url: '/api/password/forgot',
      payload: { user_name: 'nobody@example.com' },
    });
    expect(unknown.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    const user = await ctx.createUser();
    await ctx.request(undefined, { method: 'POST', url: '/api/password/forgot', payload: { user_name: user.email } });
    const token = await resetTokenFor(ctx, user.email);
    await ctx.database.db
      .update(passwordResets)
      .set({ expires_at: Date.now() - 1 })
      .where(eq(passwordResets.user_id, user.id));
    expect(
      (
        await ctx.request(undefined, {
          method: 'POST',
          url: '/api/password/reset',
          payload: { token, password: 'Reset-Passw0rd!' },
        })
      ).statusCode,
    ).toBe(400);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers while the database is held, then queues the e-mail once it is free', async () => {
    const user = await ctx.createUser();
    let free!: () => void;
    const freed = new Promise<void>((resolve) => (free = resolve));
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (locked = resolve));
    // Every table the request's work touches is locked (and on the embedded database, an open
    // transaction holds every other statement back): a query before the answer would wait for it.
    const holder = ctx.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`LOCK TABLE login_failures, users, password_resets, email_outbox, email_log IN ACCESS EXCLUSIVE MODE`,
      );
      locked();
      await freed;
    });
    await held;
    const answer = await Promise.race([
      ctx.request(undefined, { method: 'POST', url: '/api/password/forgot', payload: { user_name: user.email } }),
      after(10_000, 'no answer while the database was held'),
    ]);
    free();
    await holder;
    expect(typeof answer === 'string' ? answer : answer.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(await resetTokenFor(ctx, user.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sends at most 3 reset e-mails for one address in 15 minutes, answering every request alike', async () => {
    const user = await ctx.createUser();
    const probe = await ctx.createUser();
    const forgot = (user_name: string) =>
      ctx.request(undefined, { method: 'POST', url: '/api/password/forgot', payload: { user_name } });
    for (let i = 0; i < 4; i++) expect((await forgot(user.email)).json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    // The work after each answer is done in arrival order: once the probe's reset is stored, the others are.
    await forgot(probe.email);
    const resetsOf = async (id: string) =>
      (await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.user_id, id))).length;
    await expect.poll(() => resetsOf(probe.id), { timeout: 10_000 }).toBe(1);
    expect(await resetsOf(user.id)).toBe(3);
  });
});
