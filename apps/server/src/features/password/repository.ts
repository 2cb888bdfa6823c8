/** Password reset requests: stored hashed, used once. */
import { and, eq, gt, sql } from 'drizzle-orm';
import { transaction, type Db } from '#db/database.ts';
import { passwordResets, users } from '#db/schema.ts';
import { usableAccountSql } from '#auth/usable-account.ts';
import type { RenderedEmail } from '#mail/templates.ts';

export interface ResetRequest {
  userName: string;
  tokenHash: string;
  expiresAt: number;
  /** The queued e-mail's id, and the e-mail with SECRET_MARK for its token (mail/outbox.ts). */
  outboxId: string;
  email: RenderedEmail;
  /** The link's token, kept apart from the e-mail until it is sent. */
  token: string;
  now: number;
}

/**
 * Stores the reset and queues its e-mail, in one transaction, only when the
 * address has an account that can sign in: the same statements run either way.
 */
export async function storeResetRequest(db: Db, r: ResetRequest): Promise<void> {
  await transaction(db, async (tx) => {
    // The commit does not wait for the disk: one that wrote (an account) would wait for a WAL
    // flush that one that did not (no account) skips, work the next request could feel. A crash
    // of the database server may forget the last fraction of a second of resets: asked again.
    await tx.execute(sql`SELECT set_config('synchronous_commit', 'off', true)`);
    await tx.execute(sql`INSERT INTO password_resets (token_hash, user_id, expires_at)
      SELECT ${r.tokenHash}, id, ${r.expiresAt} FROM users
      WHERE user_name = ${r.userName} AND ${sql.raw(usableAccountSql())}`);
    await tx.execute(sql`INSERT INTO email_outbox (id, to_address, subject, text_body, html_body, secret, send_before, next_attempt_at, created_at)
      SELECT ${r.outboxId}, ${r.userName}, ${r.email.subject}, ${r.email.text}, ${r.email.html}, ${r.token}, ${r.expiresAt}, ${r.now}, ${r.now}
      WHERE EXISTS (SELECT 1 FROM password_resets WHERE token_hash = ${r.tokenHash})`);
    await tx.execute(sql`INSERT INTO email_log (id, user_id, kind, subject, created_at)
      SELECT ${r.outboxId}, user_id, ${r.email.kind}, ${r.email.subject}, ${r.now} FROM password_resets WHERE token_hash = ${r.tokenHash}`);
  });
}

const live = (tokenHash: string, now: number) =>
  and(eq(passwordResets.token_hash, tokenHash), eq(passwordResets.used_at, 0), gt(passwordResets.expires_at, now));

/** Whether a reset with this token hash is unused and unexpired. */
export async function isLiveReset(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const [known] = await db
    .select({ user_id: passwordResets.user_id })
    .from(passwordResets)
    .where(live(tokenHash, now))
    .limit(1);
  return known !== undefined;
}

/**
 * Uses the reset, if still live, to set the account's password; every token of
 * the account stops working. False when the reset was used or expired meanwhile.
 */
export async function useReset(db: Db, tokenHash: string, now: number, passwordHash: string): Promise<boolean> {
  return transaction(db, async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ used_at: now })
      .where(live(tokenHash, now))
      .returning({ user_id: passwordResets.user_id });
    if (!reset) return false;
    await tx
      .update(users)
      .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1` })
      .where(eq(users.id, reset.user_id));
    return true;
  });
}
