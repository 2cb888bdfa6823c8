import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi, type TestContext } from '#test/harness.ts';
import { smtpForFile } from '#test/smtp-capture.ts';
import { assignments, digests, emailOutbox, users } from '#db/schema.ts';
import { dueDigestPeriod, planDigests } from './plan-digests.ts';
import { progressReport } from '../progress/progress.ts';

const MODULE = 'ready_airman_training';
const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://train.example.mil';
// Monday 23 November 2026, 08:00 in Denver (UTC−7).
const MONDAY_8_DENVER = Date.UTC(2026, 10, 23, 15);

const smtp = smtpForFile();

async function overdue(
  ctx: TestContext,
  unit: string,
  dueAt: number,
  completedAt = 0,
  lastName?: string,
  account: { pending?: boolean; active?: boolean } = {},
) {
  const u = await ctx.createUser({ lastName, ...account });
  await ctx.database.db.update(users).set({ unit }).where(eq(users.id, u.id));
  await ctx.database.db
    .insert(assignments)
    .values({ user_id: u.id, module_id: MODULE, created_at: 1, due_at: dueAt, completed_at: completedAt });
}

/** Digests by SMTP on Mondays at 08:00 in Denver. */
const WEEKLY_DIGESTS = {
  env: () => ({ SMTP_URL: smtp.url, PUBLIC_URL, DIGEST_CRON: '0 8 * * 1', DIGEST_TZ: 'America/Denver' }),
};

/** Plans the digests due at `now`, as the server's scheduler does. */
const planAt = (ctx: TestContext, now: number) =>
  planDigests(ctx.database, { publicUrl: PUBLIC_URL, cron: ctx.config.digestCron, tz: ctx.config.digestTz, now });

describeApi(
  "the administrators' weekly digest",
  (ctx) => {
    it('is due at the time DIGEST_CRON names in DIGEST_TZ, and caught up within a day only', () => {
      const cron = ctx.config.digestCron!;
      expect(dueDigestPeriod(cron, 'America/Denver', MONDAY_8_DENVER)).toBe(MONDAY_8_DENVER);
      expect(dueDigestPeriod(cron, 'America/Denver', MONDAY_8_DENVER + 23 * 3_600_000)).toBe(MONDAY_8_DENVER);
      expect(dueDigestPeriod(cron, 'America/Denver', MONDAY_8_DENVER - 60_000)).toBeUndefined();
      expect(dueDigestPeriod(cron, 'America/Denver', MONDAY_8_DENVER + DAY + 60_000)).toBeUndefined();
      expect(dueDigestPeriod(cron, 'UTC', Date.UTC(2026, 10, 23, 8, 30))).toBe(Date.UTC(2026, 10, 23, 8));
    });

    it('is not sent when nothing is overdue', async () => {
      const now = MONDAY_8_DENVER - 7 * DAY + 60_000;
      smtp.received = [];
      await overdue(ctx, '480 ISRW', now + 30 * DAY); // not due yet
      await overdue(ctx, '480 ISRW', now - DAY, now - 2 * DAY); // completed
      expect(await planAt(ctx, now)).toBe(0);
      expect(await ctx.database.db.select().from(digests)).toEqual([]);
      // Nothing queued for the outbox to send (a queued message stays until sent, so it would show here or there).
      expect(await ctx.database.db.select({ to: emailOutbox.to_address }).from(emailOutbox)).toEqual([]);
      expect(smtp.received).toEqual([]);
    });

    it('goes once to every active administrator who has not turned it off, with overdue trainees by module', async () => {
      const now = MONDAY_8_DENVER + 60_000;
      smtp.received = []; // the seeded administrator is in every suite
      await overdue(ctx, '655 ISRW', now - DAY, 0, 'Cole');
      await overdue(ctx, '655 ISRW', now - 2 * DAY, 0, 'Able');
      await overdue(ctx, '480 ISRW', now - DAY, 0, 'Baker');
      await overdue(ctx, '480 ISRW', now - DAY, now - 2 * DAY); // completed
      await overdue(ctx, '480 ISRW', now + DAY); // not due yet
      const reader = await ctx.createUser({ role: 'admin' });
      const optedOut = await ctx.createUser({ role: 'admin' });
      const inactive = await ctx.createUser({ role: 'admin', active: false });
      const off = await ctx.request(optedOut.token, {
        method: 'POST',
        url: '/api/self/email-settings',
        payload: { email_digest: false },
      });
      expect(off.json()).toEqual({ email_digest: false });

      await Promise.all([planAt(ctx, now), planAt(ctx, now), planAt(ctx, now)]);
      await planAt(ctx, now + 3_600_000);
      const rows = await ctx.database.db.select({ admin_id: digests.admin_id, period: digests.period }).from(digests);
      const [seededAdmin] = await ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.user_name, 'admin@example.com'));
      expect(rows.map((r) => r.admin_id).sort()).toEqual([seededAdmin!.id, reader.id].sort());
      expect(rows.every((r) => r.period === MONDAY_8_DENVER)).toBe(true);

      await expect.poll(() => smtp.to(reader.email).length, { timeout: 15_000 }).toBe(1);
      const mail = smtp.to(reader.email)[0]!;
      // Most overdue first, then by name.
      expect(mail.subject).toBe('Ready Airman Training: 3 past due in 1 module');
      expect(mail.text).toMatch(
        /Ready Airman Training: 3 past due\nName +Unit +Due\nAble, Test +655 ISRW +Nov 21, 2026\nBaker, Test +480 ISRW +Nov 22, 2026\nCole, Test +655 ISRW +Nov 22, 2026\n/,
      );
      expect(mail.html).toContain(`href="${PUBLIC_URL}/progress?module=${MODULE}"`);
      await expect.poll(() => smtp.to('admin@example.com').length, { timeout: 15_000 }).toBe(1);
      expect(smtp.to(optedOut.email)).toEqual([]);
      expect(smtp.to(inactive.email)).toEqual([]);

      // The next week's goes out at its time.
      await planAt(ctx, now + 7 * DAY);
      await expect.poll(() => smtp.to(reader.email).length, { timeout: 15_000 }).toBe(2);
    });

    it("keeps an administrator's choice, refuses a bad one, and is for administrators only", async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      const read = () => ctx.request(admin.token, { method: 'GET', url: '/api/self/email-settings' });
      expect((await read()).json()).toEqual({ email_digest: true });
      const bad = await ctx.request(admin.token, {
        method: 'POST',
        url: '/api/self/email-settings',
        payload: { email_digest: 'no' },
      });
      expect(bad.statusCode).toBe(400);
      expect((await read()).json()).toEqual({ email_digest: true });
      await ctx.request(admin.token, {
        method: 'POST',
        url: '/api/self/email-settings',
        payload: { email_digest: false },
      });
      expect((await read()).json()).toEqual({ email_digest: false });
      const trainee = await ctx.createUser();
      expect((await ctx.request(trainee.token, { method: 'GET', url: '/api/self/email-settings' })).statusCode).toBe(
        403,
      );
    });
  },
  WEEKLY_DIGESTS,
);

describeApi(
  "the administrators' weekly digest, for many overdue",
  (ctx) => {
    it('names at most 20 per module, the most overdue, and counts them all', async () => {
      const now = MONDAY_8_DENVER + 60_000;
      smtp.received = [];
      for (let i = 0; i < 23; i++)
        await overdue(ctx, '655 ISRW', now - (30 - i) * DAY, 0, `Late${String(i).padStart(2, '0')}`);
      const admin = await ctx.createUser({ role: 'admin' });
      await planAt(ctx, now);
      await expect.poll(() => smtp.to(admin.email).length, { timeout: 15_000 }).toBe(1);
      const mail = smtp.to(admin.email)[0]!;
      expect(mail.subject).toBe('Ready Airman Training: 23 past due in 1 module');
      expect(mail.text).toContain('Ready Airman Training: 23 past due, the 20 most overdue\n');
      const listed = (mail.text ?? '').match(/^Late\d\d, Test/gm) ?? [];
      expect(listed).toEqual(Array.from({ length: 20 }, (_, i) => `Late${String(i).padStart(2, '0')}, Test`));
      expect(mail.text).toContain(`See all 23 on Progress:\n${PUBLIC_URL}/progress?module=${MODULE}`);
    });
  },
  WEEKLY_DIGESTS,
);

describeApi(
  "the administrators' weekly digest and Progress",
  (ctx) => {
    it('count the same overdue assignments: invitees not yet registered and deactivated accounts included', async () => {
      const now = MONDAY_8_DENVER + 60_000;
      smtp.received = [];
      await overdue(ctx, '655 ISRW', now - DAY, 0, 'Active');
      await overdue(ctx, '655 ISRW', now - 2 * DAY, 0, 'Invitee', { pending: true });
      await overdue(ctx, '480 ISRW', now - 3 * DAY, 0, 'Gone', { active: false });
      await overdue(ctx, '480 ISRW', now + DAY); // not due yet
      const admin = await ctx.createUser({ role: 'admin' });
      await planAt(ctx, now);
      const progress = await progressReport(ctx.database, {}, now);
      expect(progress.overdue_total).toBe(3);
      await expect.poll(() => smtp.to(admin.email).length, { timeout: 15_000 }).toBe(1);
      const mail = smtp.to(admin.email)[0]!;
      expect(mail.subject).toBe(`Ready Airman Training: ${progress.overdue_total} past due in 1 module`);
      expect(mail.text).toContain('invitees who have not registered yet and deactivated accounts included');
    });
  },
  WEEKLY_DIGESTS,
);
