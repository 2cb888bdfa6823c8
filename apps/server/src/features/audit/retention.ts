/**
 * Retention of the audit log (AUDIT_RETENTION_DAYS, default: for ever) and of its sign-in stream
 * (AUDIT_SIGNIN_DAYS, default 90). Both tables refuse DELETE (the trigger of migrations 0029 and
 * 0033) except inside audit_apply_retention, a function owned by the schema's owner, which
 * removes what the retention in audit_retention allows and writes the audit.retention entry in
 * the same transaction. The retention itself is written by the owner's connection at start
 * (writeRetention); the application's role may run the job, not change what it removes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#db/database.ts';

export interface RetentionDays {
  auditRetentionDays: number | undefined;
  auditSignInDays: number;
}

/** Sets what each stream keeps (the owner's connection, or the only one there is). */
export async function writeRetention(owner: Db, days: RetentionDays): Promise<void> {
  await owner.execute(sql`
    UPDATE audit_retention SET days = CASE stream
      WHEN 'audit_log' THEN ${days.auditRetentionDays ?? null}::integer
      ELSE ${days.auditSignInDays}::integer END`);
}

async function purge(db: Db, stream: 'audit_log' | 'sign_in_log', now: number): Promise<number> {
  const result = await db.execute(sql`SELECT audit_apply_retention(${stream}, ${now}::bigint) AS removed`);
  const rows = (result as unknown as { rows: { removed: number | string }[] }).rows;
  return Number(rows[0]?.removed ?? 0);
}

/**
 * Removes what is past its time, one transaction per stream, counted back from `now` (or from the
 * database's clock when that is earlier); how many entries each lost.
 */
export async function applyRetention(db: Db, now = Date.now()): Promise<{ audit: number; signIns: number }> {
  const removedAudit = await purge(db, 'audit_log', now);
  const removedSignIns = await purge(db, 'sign_in_log', now);
  return { audit: removedAudit, signIns: removedSignIns };
}
