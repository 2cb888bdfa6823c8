/** The e-mails queued for a user and what became of them (GET admin/users/{id}/emails). */
import { desc, eq } from 'drizzle-orm';
import type { EmailKind, EmailState, SentEmail } from '@airman/contracts/emails.ts';
import { transaction, type Db } from '#db/database.ts';
import { audit } from '#lib/audit.ts';
import { emailLog, users } from '#db/schema.ts';

export const HISTORY_LIMIT = 100;

function state(row: { delivered_at: number; refused_at: number; cancelled_at: number }): EmailState {
  if (row.delivered_at > 0) return 'delivered';
  if (row.refused_at > 0) return 'refused';
  if (row.cancelled_at > 0) return 'cancelled';
  return 'queued';
}

/** The user's latest e-mails, newest first; undefined when there is no such user. */
export async function emailHistory(db: Db, userId: string): Promise<SentEmail[] | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const rows = await db
    .select({
      id: emailLog.id,
      kind: emailLog.kind,
      subject: emailLog.subject,
      created_at: emailLog.created_at,
      delivered_at: emailLog.delivered_at,
      refused_at: emailLog.refused_at,
      cancelled_at: emailLog.cancelled_at,
    })
    .from(emailLog)
    .where(eq(emailLog.user_id, userId))
    .orderBy(desc(emailLog.created_at), desc(emailLog.id))
    .limit(HISTORY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as EmailKind,
    subject: r.subject,
    created_at: r.created_at,
    delivered_at: r.delivered_at,
    state: state(r),
  }));
}

/** An administrator's e-mail settings. */
export async function emailSettings(db: Db, userId: string): Promise<{ email_digest: boolean }> {
  const [row] = await db.select({ email_digest: users.email_digest }).from(users).where(eq(users.id, userId)).limit(1);
  return { email_digest: row?.email_digest ?? true };
}

export async function saveEmailSettings(
  db: Db,
  userId: string,
  settings: { email_digest: boolean },
): Promise<{ email_digest: boolean }> {
  return transaction(db, async (tx) => {
    const [was] = await tx
      .select({ email_digest: users.email_digest, user_name: users.user_name })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const [row] = await tx
      .update(users)
      .set({ email_digest: settings.email_digest })
      .where(eq(users.id, userId))
      .returning({ email_digest: users.email_digest });
    if (was && row && was.email_digest !== row.email_digest)
      await audit(tx, {
        action: 'user.digest_setting',
        target: { kind: 'user', id: userId, name: was.user_name },
        before: { email_digest: was.email_digest },
        after: { email_digest: row.email_digest },
      });
    return { email_digest: row?.email_digest ?? settings.email_digest };
  });
}
