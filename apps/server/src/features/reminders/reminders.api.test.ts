import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi, type TestContext, type TestUser } from '#test/harness.ts';
import { emailLogOf, remindersOf } from '#test/reminder-rows.ts';
import { smtpForFile, unreachableSmtp } from '#test/smtp-capture.ts';
import { assignments, emailOutbox } from '#db/schema.ts';
import { dueDateInWords } from '#mail/due-date.ts';
import { planReminders } from './plan-reminders.ts';

const MODULE = 'ready_airman_training';
const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://train.example.mil';

async function assigned(ctx: TestContext, due_at: number, user?: TestUser): Promise<TestUser> {
  const u = user ?? (await ctx.createUser());
  await ctx.database.db
    .insert(assignments)
    .values({ user_id: u.id, module_id: MODULE, created_at: Date.now(), due_at });
  return u;
}

const plan = (ctx: TestContext, now: number) =>
  planReminders(ctx.database, { publicUrl: PUBLIC_URL, days: ctx.config.reminderDays, now });

async function logOf(ctx: TestContext, userId: string) {
  return (await emailLogOf(ctx, userId)).map((r) => ({
    id: r.id,
    kind: r.kind,
    subject: r.subject,
    delivered: r.delivered_at > 0,
    cancelled: r.cancelled_at > 0,
  }));
}

async function inOutbox(ctx: TestContext, ids: string[]): Promise<string[]> {
  const rows = await ctx.database.db.select({ id: emailOutbox.id }).from(emailOutbox);
  return rows.map((r) => r.id).filter((id) => ids.includes(id));
}

async function adminToken(ctx: TestContext): Promise<string> {
  return (await ctx.createUser({ role: 'admin' })).token;
}

const smtp = smtpForFile();
const deadSmtpUrl = unreachableSmtp();

describeApi(
  'trainee reminders through a mail server',
  (ctx) => {
    it('reminds before the due date at each offset, then once past due, each once', async () => {
      const now = Date.now();
      const due = now + 3 * DAY;
      const user = await assigned(ctx, due);
      // Several planners at once (as several processes would): one reminder.
      await Promise.all([plan(ctx, now), plan(ctx, now), plan(ctx, now)]);
      await plan(ctx, now);
      expect((await remindersOf(ctx, user.id)).map((r) => r.kind)).toEqual(['before:5']);
      await expect.poll(() => smtp.to(user.email).length, { timeout: 15_000 }).toBe(1);
      const first = smtp.to(user.email)[0]!;
      expect(first.subject).toBe('Ready Airman Training is due in 3 days');
      expect(first.text).toContain(
        `Your training module Ready Airman Training is due in 3 days, on ${dueDateInWords(due)}.`,
      );
      expect(first.text).toContain('Status: Not Started.');
      expect(first.html).toContain(`href="${PUBLIC_URL}/"`);

      // A day and a half later: the 1-day reminder; the 5-day one is not sent again.
      await plan(ctx, now + 2.5 * DAY);
      await plan(ctx, now + 2.6 * DAY);
      await expect.poll(() => smtp.to(user.email).length, { timeout: 15_000 }).toBe(2);
      // Past the due date: once.
      await plan(ctx, due + 60_000);
      await plan(ctx, due + 2 * DAY);
      await expect
        .poll(() => smtp.to(user.email).map((m) => m.subject), { timeout: 15_000 })
        .toEqual([
          'Ready Airman Training is due in 3 days',
          'Ready Airman Training is due within a day',
          'Ready Airman Training is past due',
        ]);
      const pastDue = smtp.to(user.email)[2]!;
      expect(pastDue.text).toContain(
        `Your training module Ready Airman Training was due on ${dueDateInWords(due)} and is not complete.`,
      );
      expect(pastDue.text).toContain('Status: Past Due & Not Started.');
      // Queued within the same millisecond or two: compared as a set. The mail server has the
      // message a moment before the queue records it as delivered.
      await expect
        .poll(async () => (await logOf(ctx, user.id)).map((l) => `${l.kind} ${l.delivered}`).sort(), {
          timeout: 15_000,
        })
        .toEqual(['past_due true', 'reminder true', 'reminder true']);
      // Nothing more arrives: planning again queues nothing, and nothing of theirs waits in the queue.
      await plan(ctx, due + 2 * DAY);
      expect((await remindersOf(ctx, user.id)).map((r) => r.kind).sort()).toEqual(['before:1', 'before:5', 'past_due']);
      const ids = (await logOf(ctx, user.id)).map((l) => l.id);
      expect(await inOutbox(ctx, ids)).toEqual([]);
      expect(smtp.to(user.email)).toHaveLength(3);
    });

    it('re-arms a reminder already sent when the due date changes, naming the new date', async () => {
      const token = await adminToken(ctx);
      const now = Date.now();
      const user = await assigned(ctx, now + 4 * DAY);
      await plan(ctx, now);
      await expect.poll(() => smtp.to(user.email).length, { timeout: 15_000 }).toBe(1);
      const later = now + 2 * DAY;
      const res = await ctx.request(token, {
        method: 'POST',
        url: `/api/admin/users/${user.id}`,
        payload: { assignments: [{ key: MODULE, due_at: later }] },
      });
      expect(res.statusCode).toBe(200);
      await plan(ctx, now);
      await expect.poll(() => smtp.to(user.email).length, { timeout: 15_000 }).toBe(2);
      expect(smtp.to(user.email)[1]!.text).toContain(`is due in 2 days, on ${dueDateInWords(later)}.`);
      await plan(ctx, now);
      expect((await remindersOf(ctx, user.id)).map((r) => [r.kind, r.due_at])).toEqual([['before:5', later]]);
    });

    it('reminds nobody who cannot act on it: pending, inactive, completed, no due date, archived module', async () => {
      const now = Date.now();
      const pending = await assigned(ctx, now + DAY, await ctx.createUser({ pending: true, active: false }));
      const inactive = await assigned(ctx, now + DAY, await ctx.createUser({ active: false }));
      const undated = await assigned(ctx, 0);
      const done = await ctx.createUser();
      await ctx.database.db.insert(assignments).values({
        user_id: done.id,
        module_id: MODULE,
        created_at: now,
        due_at: now - DAY,
        completed_at: now - 2 * DAY,
        game_status: 1,
      });
      await ctx.database.query(
        `INSERT INTO modules (id, game_title, game_type, content, archived_at) SELECT 'archived_reminders', 'Old', game_type, content, 1 FROM modules WHERE id = $1`,
        [MODULE],
      );
      const archived = await ctx.createUser();
      await ctx.database.db
        .insert(assignments)
        .values({ user_id: archived.id, module_id: 'archived_reminders', created_at: now, due_at: now - DAY });
      await plan(ctx, now);
      for (const u of [pending, inactive, undated, done, archived]) expect(await remindersOf(ctx, u.id)).toEqual([]);
    });
  },
  { env: () => ({ SMTP_URL: smtp.url, PUBLIC_URL }) },
);

describeApi(
  'trainee reminders while the mail server is away',
  (ctx) => {
    async function queuedFor(due: number) {
      const user = await assigned(ctx, due);
      await plan(ctx, Date.now());
      const [r] = await remindersOf(ctx, user.id);
      expect(await inOutbox(ctx, [r!.email_id])).toEqual([r!.email_id]);
      return { user, r: r! };
    }

    it('takes an unsent reminder out of the queue when the due date changes, and queues it for the new date', async () => {
      const token = await adminToken(ctx);
      const now = Date.now();
      const { user, r } = await queuedFor(now + 3 * DAY);
      const later = now + 9 * DAY;
      await ctx.request(token, {
        method: 'POST',
        url: `/api/admin/users/${user.id}`,
        payload: { assignments: [{ key: MODULE, due_at: later }] },
      });
      expect(await inOutbox(ctx, [r.email_id])).toEqual([]);
      expect((await logOf(ctx, user.id)).map((l) => [l.kind, l.delivered, l.cancelled])).toEqual([
        ['reminder', false, true],
      ]);
      // Not owed yet for the new date; owed again five days before it.
      await plan(ctx, now);
      expect((await remindersOf(ctx, user.id))[0]?.email_id).toBe(r.email_id);
      await plan(ctx, later - 4.5 * DAY);
      const [again] = await remindersOf(ctx, user.id);
      expect(again).toMatchObject({ kind: 'before:5', due_at: later });
      const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, again!.email_id));
      expect(row?.text_body).toContain(`on ${dueDateInWords(later)}.`);
    });

    it('cancels an unsent reminder when the module is completed', async () => {
      const { user, r } = await queuedFor(Date.now() - DAY);
      await ctx.database.db
        .update(assignments)
        .set({ completed_at: Date.now(), game_status: 1 })
        .where(and(eq(assignments.user_id, user.id), eq(assignments.module_id, MODULE)));
      expect(await inOutbox(ctx, [r.email_id])).toEqual([]);
      expect((await logOf(ctx, user.id)).map((l) => [l.kind, l.cancelled])).toEqual([['past_due', true]]);
      await plan(ctx, Date.now());
      expect(await logOf(ctx, user.id)).toHaveLength(1);
    });

    it('cancels an unsent reminder when the module is unassigned', async () => {
      const token = await adminToken(ctx);
      const { user, r } = await queuedFor(Date.now() + DAY / 2);
      const res = await ctx.request(token, { method: 'DELETE', url: `/api/admin/users/${user.id}/assign/${MODULE}` });
      expect(res.statusCode).toBe(200);
      expect(await inOutbox(ctx, [r.email_id])).toEqual([]);
      expect(await remindersOf(ctx, user.id)).toEqual([]);
      expect((await logOf(ctx, user.id)).map((l) => [l.kind, l.cancelled])).toEqual([['reminder', true]]);
    });

    it('sends no trainee reminder when REMINDER_DAYS is empty', async () => {
      const user = await assigned(ctx, Date.now() - DAY);
      await planReminders(ctx.database, { publicUrl: PUBLIC_URL, days: [], now: Date.now() });
      expect(await remindersOf(ctx, user.id)).toEqual([]);
    });
  },
  // Nothing listens there: every e-mail stays queued.
  { env: () => ({ SMTP_URL: deadSmtpUrl(), PUBLIC_URL }) },
);
