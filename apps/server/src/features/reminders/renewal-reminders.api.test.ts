import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi, type TestContext, type TestUser } from '#test/harness.ts';
import { emailLogOf, remindersOf } from '#test/reminder-rows.ts';
import { unreachableSmtp } from '#test/smtp-capture.ts';
import { assignments, emailOutbox } from '#db/schema.ts';
import { dueDateInWords } from '#mail/due-date.ts';
import { planReminders } from './plan-reminders.ts';
import { renewLapsed } from '../record/renewals.ts';

const MODULE = 'ready_airman_training';
const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://train.example.mil';

const deadSmtpUrl = unreachableSmtp();

const plan = (ctx: TestContext, now: number) =>
  planReminders(ctx.database, { publicUrl: PUBLIC_URL, days: ctx.config.reminderDays, now });

/** A copy of the stock module that recertifies every 12 months (or never: null). */
async function recertifying(ctx: TestContext, id: string, months: number | null): Promise<string> {
  await ctx.database.query(
    `INSERT INTO modules (id, game_title, game_type, content)
     SELECT $2, 'Recert ' || $2, game_type, (content::jsonb || jsonb_build_object('recertify_months', $3::int))::json
     FROM modules WHERE id = $1`,
    [MODULE, id, months],
  );
  return id;
}

/** A completed assignment whose completion lapses at renews_at. */
async function completed(ctx: TestContext, moduleId: string, renews_at: number): Promise<TestUser> {
  const u = await ctx.createUser();
  await ctx.database.db.insert(assignments).values({
    user_id: u.id,
    module_id: moduleId,
    created_at: Date.now() - 400 * DAY,
    due_at: Date.now() - 300 * DAY,
    completed_at: Date.now() - 360 * DAY,
    game_status: 1,
    renews_at,
  });
  return u;
}

async function queuedFor(ctx: TestContext, userId: string) {
  const ids = (await remindersOf(ctx, userId)).map((r) => r.email_id);
  if (ids.length === 0) return [];
  return ctx.database.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.text_body })
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, ids));
}

async function logOf(ctx: TestContext, userId: string) {
  return (await emailLogOf(ctx, userId)).map((r) => [r.subject, r.cancelled_at > 0]);
}

describeApi(
  'reminders before a recertification',
  (ctx) => {
    it('reminds before renews_at at each offset, once each, saying the certification expires', async () => {
      const moduleId = await recertifying(ctx, 'recert_each', 12);
      const now = Date.now();
      const renews = now + 3 * DAY;
      const user = await completed(ctx, moduleId, renews);
      // Nothing before the first window.
      await plan(ctx, renews - 6 * DAY);
      expect(await remindersOf(ctx, user.id)).toEqual([]);
      // Several planners at once (as several processes would): one reminder.
      await Promise.all([plan(ctx, now), plan(ctx, now), plan(ctx, now)]);
      await plan(ctx, now);
      expect((await remindersOf(ctx, user.id)).map((r) => [r.kind, r.due_at])).toEqual([['before:5', renews]]);
      const [first] = await queuedFor(ctx, user.id);
      expect(first?.subject).toBe('Recert recert_each certification expires in 3 days');
      expect(first?.text).toContain(
        `Your certification in Recert recert_each expires in 3 days, on ${dueDateInWords(renews)}: the module is due again on that date.`,
      );
      await plan(ctx, renews - 0.5 * DAY);
      await plan(ctx, renews - 0.4 * DAY);
      expect((await remindersOf(ctx, user.id)).map((r) => [r.kind, r.due_at])).toEqual([
        ['before:1', renews],
        ['before:5', renews],
      ]);
      expect((await queuedFor(ctx, user.id)).map((e) => e.subject).sort()).toEqual([
        'Recert recert_each certification expires in 3 days',
        'Recert recert_each certification expires within a day',
      ]);

      // The renewal: what is still unsent leaves the queue; from then on it is an ordinary
      // overdue assignment (past due once), and no 'before' reminder is owed again.
      expect(await renewLapsed(ctx.database, renews + 60_000)).toBeGreaterThanOrEqual(1);
      await plan(ctx, renews + 60_000);
      await plan(ctx, renews + DAY);
      expect((await remindersOf(ctx, user.id)).map((r) => [r.kind, r.due_at])).toEqual([
        ['before:1', renews],
        ['before:5', renews],
        ['past_due', renews],
      ]);
      expect(await logOf(ctx, user.id)).toEqual([
        ['Recert recert_each certification expires in 3 days', true],
        ['Recert recert_each certification expires within a day', true],
        ['Recert recert_each is past due', false],
      ]);
    });

    it('reminds nobody whose assignment was unassigned, revoked, re-completed, or whose module stopped recertifying', async () => {
      const moduleId = await recertifying(ctx, 'recert_gone', 12);
      const once = await recertifying(ctx, 'recert_stopped', null);
      const now = Date.now();
      const renews = now + 2 * DAY;
      const removed = await completed(ctx, moduleId, renews);
      await ctx.database.db
        .delete(assignments)
        .where(and(eq(assignments.user_id, removed.id), eq(assignments.module_id, moduleId)));
      const revoked = await completed(ctx, moduleId, renews);
      await ctx.database.db
        .update(assignments)
        .set({ revoked_at: now })
        .where(and(eq(assignments.user_id, revoked.id), eq(assignments.module_id, moduleId)));
      const stopped = await completed(ctx, once, renews);
      // Renewed and completed again: its next renewal is a year away.
      const again = await completed(ctx, moduleId, now + 365 * DAY);
      const still = await completed(ctx, moduleId, renews);
      await plan(ctx, now);
      for (const u of [removed, revoked, stopped, again]) expect(await remindersOf(ctx, u.id)).toEqual([]);
      expect((await remindersOf(ctx, still.id)).map((r) => r.kind)).toEqual(['before:5']);
    });
  },
  // Nothing listens there: every e-mail stays queued, to be read in the queue.
  { env: () => ({ SMTP_URL: deadSmtpUrl(), PUBLIC_URL }) },
);
