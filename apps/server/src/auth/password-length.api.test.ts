import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from '@airman/contracts/constants.ts';
import { describeApi, type TestContext } from '#test/harness.ts';
import { passwordResets, users } from '../db/schema.ts';
import { WRONG_CURRENT_PASSWORD } from '../features/self/routes.ts';

/** A password that meets the policy, `length` characters long. */
const passwordOf = (length: number) => `Aa1!${'x'.repeat(length - 4)}`;
const TOO_LONG = 'password: must be at most 1024 characters';

async function inviteCode(ctx: TestContext, adminToken: string, email: string): Promise<string> {
  await ctx.request(adminToken, { method: 'PUT', url: '/api/admin/invite', payload: { emails: [email] } });
  const [row] = await ctx.database.db.select({ code: users.invite_code }).from(users).where(eq(users.user_name, email));
  return row?.code as string;
}

describeApi('one password length limit', (ctx) => {
  const register = (code: string, password: string) =>
    ctx.request(undefined, {
      method: 'POST',
      url: `/api/register/${code}`,
      payload: { rank: 'A1C', unit: 'U', first_name: 'F', last_name: 'L', password },
    });
  const login = (user_name: string, password: string) =>
    ctx.request(undefined, { method: 'POST', url: '/api/login', payload: { user_name, password } });

  it('registers with the longest password allowed, which then signs in, and refuses a longer one', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const code = await inviteCode(ctx, admin.token, 'longest@example.com');
    const refused = await register(code, passwordOf(PASSWORD_MAX_LENGTH + 1));
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: TOO_LONG }]);
    expect((await register(code, passwordOf(PASSWORD_MAX_LENGTH))).statusCode).toBe(200);
    expect((await login('longest@example.com', passwordOf(PASSWORD_MAX_LENGTH))).statusCode).toBe(200);
  });

  it('answers a longer password at sign-in as any wrong one: 401', async () => {
    const user = await ctx.createUser();
    const res = await login(user.email, passwordOf(PASSWORD_MAX_LENGTH + 1));
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'Invalid credentials' }]);
  });

  it('refuses a longer new password on change and reset, and a longer current one as wrong', async () => {
    const user = await ctx.createUser();
    const change = await ctx.request(user.token, {
      method: 'POST',
      url: '/api/self',
      payload: { current_password: user.password, password: passwordOf(PASSWORD_MAX_LENGTH + 1) },
    });
    expect([change.statusCode, change.json()]).toEqual([400, { message: TOO_LONG }]);
    const wrongCurrent = await ctx.request(user.token, {
      method: 'POST',
      url: '/api/self',
      payload: { current_password: passwordOf(PASSWORD_MAX_LENGTH + 1), password: passwordOf(20) },
    });
    expect([wrongCurrent.statusCode, wrongCurrent.json()]).toEqual([400, { message: WRONG_CURRENT_PASSWORD }]);

    const token = crypto.randomBytes(32).toString('base64url');
    await ctx.database.db.insert(passwordResets).values({
      token_hash: crypto.createHash('sha256').update(token).digest('hex'),
      user_id: user.id,
      expires_at: Date.now() + 60_000,
    });
    const reset = await ctx.request(undefined, {
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password: passwordOf(PASSWORD_MAX_LENGTH + 1) },
    });
    expect([reset.statusCode, reset.json()]).toEqual([400, { message: TOO_LONG }]);
  });
});
