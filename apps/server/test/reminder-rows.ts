/** What the reminder tests read back: a user's reminders and e-mail log. */
import { eq } from 'drizzle-orm';
import { emailLog, reminders } from '../src/db/schema.ts';
import type { TestContext } from './harness.ts';

/** The reminders planned for the user, by kind. */
export function remindersOf(ctx: TestContext, userId: string) {
  return ctx.database.db
    .select({ kind: reminders.kind, due_at: reminders.due_at, email_id: reminders.email_id })
    .from(reminders)
    .where(eq(reminders.user_id, userId))
    .orderBy(reminders.kind);
}

/** The user's e-mail log, oldest first. */
export function emailLogOf(ctx: TestContext, userId: string) {
  return ctx.database.db.select().from(emailLog).where(eq(emailLog.user_id, userId)).orderBy(emailLog.created_at);
}
