import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { UserEmailsResponse } from '@airman/contracts/emails.ts';
import { describeApi, type TestContext } from '#test/harness.ts';
import { smtpForFile, unreachableSmtp } from '#test/smtp-capture.ts';
import { assignments, users } from '#db/schema.ts';
import { planReminders } from '../reminders/plan-reminders.ts';

const MODULE = 'ready_airman_training';
const DAY = 24 * 60 * 60 * 1000;

const smtp = smtpForFile();
const deadSmtpUrl = unreachableSmtp();

const history = async (ctx: TestContext, token: string, id: string) => {
  const res = await ctx.request(token, { method: 'GET', url: `/api/admin/users/${id}/emails` });
  expect(res.statusCode).toBe(200);
  return res
    .json<UserEmailsResponse>()
    .emails.map((e) => ({ kind: e.kind, subject: e.subject, state: e.state, delivered: e.delivered_at > 0 }));
};

describeApi(
  'e-mail history of a user',
  (ctx) => {
    it('lists the invite delivered and the password reset, newest first', async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      await ctx.request(admin.token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: ['history@example.com'] },
      });
      const [invitee] = await ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.user_name, 'history@example.com'));
      expect(await history(ctx, admin.token, invitee!.id)).toEqual([
        { kind: 'invite', subject: 'Your invitation to Ready Airman Training', state: 'delivered', delivered: true },
      ]);

      const trainee = await ctx.createUser();
      await ctx.request(undefined, {
        method: 'POST',
        url: '/api/password/forgot',
        payload: { user_name: trainee.email },
      });
      await expect
        .poll(async () => (await history(ctx, admin.token, trainee.id)).map((e) => e.state), { timeout: 15_000 })
        .toEqual(['delivered']);
      expect((await history(ctx, admin.token, trainee.id))[0]?.kind).toBe('password_reset');
    });

    it('shows an e-mail the mail server refused for good as refused, not delivered', async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      await ctx.request(admin.token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: ['nobody@example.com'] },
      });
      const [invitee] = await ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.user_name, 'nobody@example.com'));
      expect(await history(ctx, admin.token, invitee!.id)).toEqual([
        { kind: 'invite', subject: 'Your invitation to Ready Airman Training', state: 'refused', delivered: false },
      ]);
    });

    it('is for administrators only, and answers 404 for no such user', async () => {
      const trainee = await ctx.createUser();
      const admin = await ctx.createUser({ role: 'admin' });
      expect(
        (await ctx.request(trainee.token, { method: 'GET', url: `/api/admin/users/${trainee.id}/emails` })).statusCode,
      ).toBe(403);
      const missing = await ctx.request(admin.token, { method: 'GET', url: '/api/admin/users/no-such-user/emails' });
      expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'No such user' }]);
    });
  },
  { env: () => ({ SMTP_URL: smtp.url }) },
);

describeApi(
  'e-mail history while the mail server is away',
  (ctx) => {
    it('shows a reminder not yet delivered, then cancelled once the module is completed', async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      const trainee = await ctx.createUser();
      await ctx.database.db
        .insert(assignments)
        .values({ user_id: trainee.id, module_id: MODULE, created_at: 1, due_at: Date.now() - DAY });
      await planReminders(ctx.database, { publicUrl: ctx.config.publicUrl, days: [5, 1] });
      expect(await history(ctx, admin.token, trainee.id)).toEqual([
        { kind: 'past_due', subject: 'Ready Airman Training is past due', state: 'queued', delivered: false },
      ]);
      await ctx.database.db
        .update(assignments)
        .set({ completed_at: Date.now(), game_status: 1 })
        .where(and(eq(assignments.user_id, trainee.id), eq(assignments.module_id, MODULE)));
      expect((await history(ctx, admin.token, trainee.id)).map((e) => e.state)).toEqual(['cancelled']);
    });
  },
  { env: () => ({ SMTP_URL: deadSmtpUrl() }) },
);
