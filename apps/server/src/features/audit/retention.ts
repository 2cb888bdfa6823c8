/**
 * Retention of the audit log (AUDIT_RETENTION_DAYS, default: for ever) and of its sign-in stream
 * (AUDIT_SIGNIN_DAYS, default 90). Both tables refuse DELETE (migration 0027's trigger) except in
 * a transaction that sets audit.purge_before, and then only for rows older than it and at least a
 * day old. Each purge that removes anything is itself an audit entry, in the same transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#db/database.ts';
import { audit } from '#lib/audit.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionDays {
  auditRetentionDays: number | undefined;
  auditSignInDays: number;
}

async function purge(tx: Db, table: 'audit_log' | 'sign_in_log', before: number): Promise<number> {
  await tx.execute(sql`SELECT set_config('audit.purge_before', ${String(before)}, true)`);
  const result = await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE at < ${before}::bigint`);
  await tx.execute(sql`SELECT set_config('audit.purge_before', '', true)`);
  return (
    (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}

/** Removes what is past its time, one transaction per stream; how many entries each lost. */
export async function applyRetention(
  db: Db,
  days: RetentionDays,
  now = Date.now(),
): Promise<{ audit: number; signIns: number }> {
  let removedAudit = 0;
  if (days.auditRetentionDays !== undefined) {
    const before = now - days.auditRetentionDays * DAY_MS;
    removedAudit = await db.transaction(async (tx) => {
      const n = await purge(tx, 'audit_log', before);
      if (n > 0)
        await audit(tx, {
          action: 'audit.retention',
          target: { kind: 'audit', id: 'audit_log' },
          before: null,
          after: { removed: n, older_than: before, days: days.auditRetentionDays },
        });
      return n;
    });
  }
  const signInsBefore = now - days.auditSignInDays * DAY_MS;
  const removedSignIns = await db.transaction(async (tx) => {
    const n = await purge(tx, 'sign_in_log', signInsBefore);
    if (n > 0)
      await audit(tx, {
        action: 'audit.retention',
        target: { kind: 'audit', id: 'sign_in_log' },
        before: null,
        after: { removed: n, older_than: signInsBefore, days: days.auditSignInDays },
      });
    return n;
  });
  return { audit: removedAudit, signIns: removedSignIns };
}
