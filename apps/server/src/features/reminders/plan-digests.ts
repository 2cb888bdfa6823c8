/**
 * The administrators' weekly digest: at each time DIGEST_CRON names (read in
 * DIGEST_TZ), every active administrator who has not turned it off in Profile
 * is sent the overdue trainees by module and unit. Recorded under a unique key
 * (administrator, scheduled time) in the transaction that queues it, so any
 * number of processes queue each digest once (DIGEST_CRON=off: no digest at
 * all). A scheduled time missed while no
 * server ran is caught up within a day, not later.
 */
import { Cron } from 'croner';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { enqueueEmails } from '../../mail/outbox.ts';
import { digestEmail, type OverdueGroup } from '../../mail/templates.ts';
import { usableAccountSql } from '../../auth/usable-account.ts';

const CATCH_UP_MS = 24 * 60 * 60 * 1000;

/** The latest scheduled time at or before `now`, if it is less than a day old. */
export function dueDigestPeriod(cron: string, tz: string, now: number): number | undefined {
  const [last] = new Cron(cron, { paused: true, timezone: tz, mode: '5-part' }).previousRuns(1, new Date(now + 1));
  if (!last) return undefined;
  const at = last.getTime();
  return now - at < CATCH_UP_MS ? at : undefined;
}

/** Overdue assignments (not completed, past the due date) of active users and live modules, by module and unit. */
async function overdueGroups(database: Database, now: number): Promise<OverdueGroup[]> {
  return database.query<OverdueGroup>(
    `SELECT m.game_title AS module, u.unit AS unit, count(*)::int AS count
     FROM assignments a JOIN users u ON u.id = a.user_id JOIN modules m ON m.id = a.module_id
     WHERE a.due_at > 0 AND a.due_at < $1 AND a.completed_at = 0 AND a.revoked_at = 0
       AND ${usableAccountSql('u')} AND m.archived_at = 0
     GROUP BY m.game_title, u.unit
     ORDER BY m.game_title, u.unit`,
    [now],
  );
}

/** Queues the digest due now to each administrator who has not had it; returns how many it queued. */
export async function planDigests(
  database: Database,
  options: { publicUrl: string; cron: string | undefined; tz: string; now?: number },
): Promise<number> {
  if (options.cron === undefined) return 0;
  const now = options.now ?? Date.now();
  const period = dueDigestPeriod(options.cron, options.tz, now);
  if (period === undefined) return 0;
  // Cheap check first: most ticks find every digest of the period queued already.
  const [owed] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u
     WHERE u.role = 'admin' AND ${usableAccountSql('u')} AND u.email_digest
       AND NOT EXISTS (SELECT 1 FROM digests d WHERE d.admin_id = u.id AND d.period = $1)`,
    [period],
  );
  if (!owed?.n) return 0;
  const groups = await overdueGroups(database, now);
  return database.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      INSERT INTO digests (admin_id, period, email_id, queued_at)
      SELECT u.id, ${period}, gen_random_uuid()::text, ${now} FROM users u
      WHERE u.role = 'admin' AND ${sql.raw(usableAccountSql('u'))} AND u.email_digest
      ON CONFLICT (admin_id, period) DO NOTHING
      RETURNING admin_id, email_id`);
    const queued = (result as unknown as { rows: { admin_id: string; email_id: string }[] }).rows;
    if (queued.length === 0) return 0;
    const admins = await tx
      .select({ id: users.id, user_name: users.user_name, first_name: users.first_name })
      .from(users)
      .where(
        inArray(
          users.id,
          queued.map((q) => q.admin_id),
        ),
      );
    const byId = new Map(admins.map((a) => [a.id, a]));
    await enqueueEmails(
      tx,
      queued.map((q) => {
        const admin = byId.get(q.admin_id)!;
        return {
          id: q.email_id,
          to: admin.user_name,
          user_id: admin.id,
          ...digestEmail(options.publicUrl, admin.first_name, groups),
        };
      }),
    );
    return queued.length;
  });
}
