/**
 * The follow-up questionnaire's e-mails (docs/decisions/032-evidence-of-learning.md): FOLLOWUP_DAYS
 * after a trainee completes a module that has a questionnaire, one e-mail per completion, with a
 * link to a page that asks the questionnaire alone.
 *
 * Owed: a completion between FOLLOWUP_DAYS and FOLLOWUP_DAYS + FOLLOWUP_WINDOW_DAYS days ago (read
 * through assignments_completed_idx, migration 0047) of a registered, active trainee in a live
 * module, with no follow-up row yet. The window keeps a server that was down a few days sending
 * what it owes, and one that turns the follow-up on from sending it for every completion of the
 * past. One transaction records the follow-up rows (their primary key is the completion: ON
 * CONFLICT DO NOTHING, so a second process queues nothing for rows the first has recorded) and
 * queues the e-mails of the rows it recorded: both or neither.
 */
import { sql } from 'drizzle-orm';
import { transaction, type Database } from '#db/database.ts';
import { enqueueEmails } from '#mail/outbox.ts';
import { followupEmail } from '#mail/templates.ts';
import { usableAccountSql } from '#auth/usable-account.ts';

const DAY_MS = 86_400_000;
/** Days after the FOLLOWUP_DAYS'th a completion is still owed its follow-up. */
export const FOLLOWUP_WINDOW_DAYS = 7;
/** Follow-ups queued per transaction. */
const BATCH = 1000;

interface Queued {
  user_id: string;
  module_id: string;
  user_name: string;
  first_name: string;
  title: string;
}

/** Queues the follow-ups owed at `now`; returns how many. Nothing when days is undefined (off). */
export async function planFollowups(
  database: Database,
  options: { publicUrl: string; days: number | undefined; now?: number },
): Promise<number> {
  const { days } = options;
  if (days === undefined) return 0;
  const now = options.now ?? Date.now();
  const latest = now - days * DAY_MS;
  const earliest = latest - FOLLOWUP_WINDOW_DAYS * DAY_MS;
  let total = 0;
  for (;;) {
    const queued = await transaction(database.db, async (tx) => {
      const result = await tx.execute(sql`
        WITH owed AS (
          SELECT a.user_id, a.module_id, a.completed_at FROM assignments a
          JOIN users u ON u.id = a.user_id
          JOIN modules m ON m.id = a.module_id AND m.archived_at = 0
          WHERE a.completed_at > 0 AND a.completed_at > ${earliest} AND a.completed_at <= ${latest}
            AND ${sql.raw(usableAccountSql('u'))}
            AND EXISTS (SELECT 1 FROM questionnaires q WHERE q.module_id = a.module_id)
            AND NOT EXISTS (SELECT 1 FROM followups f
                            WHERE f.user_id = a.user_id AND f.module_id = a.module_id AND f.completed_at = a.completed_at)
          ORDER BY a.completed_at, a.user_id, a.module_id
          LIMIT ${BATCH}),
        recorded AS (
          INSERT INTO followups (user_id, module_id, completed_at, sent_at)
          SELECT user_id, module_id, completed_at, ${now} FROM owed
          ON CONFLICT DO NOTHING
          RETURNING user_id, module_id)
        SELECT r.user_id, r.module_id, u.user_name, u.first_name, m.game_title AS title
        FROM recorded r JOIN users u ON u.id = r.user_id JOIN modules m ON m.id = r.module_id`);
      const rows = (result as unknown as { rows: Queued[] }).rows;
      await enqueueEmails(
        tx,
        rows.map((r) => ({
          to: r.user_name,
          user_id: r.user_id,
          ...followupEmail(options.publicUrl, {
            firstName: r.first_name,
            moduleId: r.module_id,
            module: r.title,
            days,
          }),
        })),
      );
      return rows.length;
    });
    total += queued;
    if (queued < BATCH) return total;
  }
}
