/**
 * The administrators' weekly digest: at each time DIGEST_CRON names (read in
 * DIGEST_TZ), every active administrator who has not turned it off in Profile
 * is sent the overdue assignments by module, the most overdue by name, when
 * there are any (nothing overdue: no digest). Recorded under a unique key
 * (administrator, scheduled time) in the transaction that queues it, so any
 * number of processes queue each digest once (DIGEST_CRON=off: no digest at
 * all). A scheduled time missed while no
 * server ran is caught up within a day, not later.
 */
import { Cron } from 'croner';
import { inArray, sql } from 'drizzle-orm';
import { transaction, type Database } from '#db/database.ts';
import { users } from '#db/schema.ts';
import { enqueueEmails } from '#mail/outbox.ts';
import { DIGEST_NAMES_PER_MODULE, digestEmail, type OverdueModule } from '#mail/templates.ts';
import { usableAccountSql } from '#auth/usable-account.ts';

const CATCH_UP_MS = 24 * 60 * 60 * 1000;

/** The latest scheduled time at or before `now`, if it is less than a day old. */
export function dueDigestPeriod(cron: string, tz: string, now: number): number | undefined {
  const [last] = new Cron(cron, { paused: true, timezone: tz, mode: '5-part' }).previousRuns(1, new Date(now + 1));
  if (!last) return undefined;
  const at = last.getTime();
  return now - at < CATCH_UP_MS ? at : undefined;
}

interface OverdueRow {
  module_id: string;
  title: string;
  count: number;
  last_name: string;
  first_name: string;
  user_name: string;
  unit: string;
  due_at: number | string;
}

/** "Last, First", or whichever of them is set, or the e-mail address. */
function traineeName(r: OverdueRow): string {
  const name = [r.last_name.trim(), r.first_name.trim()].filter(Boolean).join(', ');
  return name || r.user_name;
}

/**
 * Overdue assignments (not completed, past the due date), by module (by title): each module's
 * count and its DIGEST_NAMES_PER_MODULE most overdue (then by name). The same assignments as
 * Progress's overdue_total (features/progress/progress.ts): whoever holds them, invitees not yet
 * registered and deactivated accounts included, in any module, archived or not.
 */
async function overdueModules(database: Database, now: number): Promise<OverdueModule[]> {
  const rows = await database.query<OverdueRow>(
    `SELECT module_id, title, count, last_name, first_name, user_name, unit, due_at FROM (
       SELECT m.id AS module_id, m.game_title AS title, u.last_name, u.first_name, u.user_name, u.unit, a.due_at,
              count(*) OVER (PARTITION BY m.id)::int AS count,
              row_number() OVER (PARTITION BY m.id ORDER BY a.due_at, u.last_name, u.first_name, u.user_name, u.id) AS n
       FROM assignments a JOIN users u ON u.id = a.user_id JOIN modules m ON m.id = a.module_id
       WHERE a.due_at > 0 AND a.due_at < $1 AND a.completed_at = 0
     ) o
     WHERE n <= $2
     ORDER BY title, module_id, n`,
    [now, DIGEST_NAMES_PER_MODULE],
  );
  const modules = new Map<string, OverdueModule>();
  for (const r of rows) {
    let m = modules.get(r.module_id);
    if (!m) {
      m = { id: r.module_id, title: r.title, count: Number(r.count), trainees: [] };
      modules.set(r.module_id, m);
    }
    m.trainees.push({ name: traineeName(r), unit: r.unit, due_at: Number(r.due_at) });
  }
  return [...modules.values()];
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
  const modules = await overdueModules(database, now);
  // Nothing overdue, nothing to say: no digest (and none recorded, so a period's
  // digest still goes out if something falls overdue within its day of catching up).
  if (modules.length === 0) return 0;
  return transaction(database.db, async (tx) => {
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
          ...digestEmail(options.publicUrl, admin.first_name, modules),
        };
      }),
    );
    return queued.length;
  });
}
