import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { passwordResets } from '../../db/schema.ts';
import { describeApi, TEST_PASSWORD, type TestContext } from '../../../test/harness.ts';
import { FORGOT_PASSWORD_ANSWER } from './routes.ts';

/** The reset token of the last reset e-mail to this address in the outbox (outbox mode). */
async function resetTokenFor(ctx: TestContext, email: string): Promise<string> {
  const dir = path.join(ctx.config.dataDir, 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const f of files) {
      const eml = fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '');
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

  it('throttles repeated requests for one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (
          await ctx.request(undefined, {
            method: 'POST',
            url: '/api/password/forgot',
            payload: { user_name: 'spam@example.com' },
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
