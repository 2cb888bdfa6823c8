/**
 * Trainee reminders, planned in the database and sent through the outbox.
 *
 * An assignment with a due date, neither completed nor revoked, of an active
 * registered user and a live module, is owed at most one reminder at a time:
 * 'before:N' from N days before its due date (for each N of REMINDER_DAYS,
 * until the next smaller N starts), then 'past_due' from the due date on. One
 * transaction locks a batch of such assignments, in the order of an index and
 * each batch after the last (SKIP LOCKED: another process takes other rows), records each reminder under its unique key (assignment,
 * kind) with the due date it is for, and queues the e-mails: a crash before the
 * commit leaves nothing, after it everything; a reminder already recorded for
 * the same due date is never queued again. A due date that changes makes the
 * record stale, so the reminder is owed again (re-armed); completing, revoking
 * or removing the assignment stops it being owed, and a trigger (migration
 * 0016) takes what is still unsent out of the queue.
 *
 * A completed assignment of a module that recertifies becomes due again on its
 * renews_at (features/record/renewals.ts): a second pass owes it the same
 * 'before:N' reminders before that date, recorded for renews_at as their due
 * date (so each goes out once, and none is owed again once the renewal makes
 * renews_at the due date), in a variant that says the certification expires.
 * Only while it stays completed, assigned, and its module still recertifies;
 * the renewal changes the due date, so what is still unsent leaves the queue.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { assignmentStatusLabel } from '@airman/contracts/status.ts';
import { transaction, type Database, type Db } from '#db/database.ts';
import { enqueueEmails, pgTextArray, type QueuedEmail } from '#mail/outbox.ts';
import { pastDueEmail, reminderEmail, renewalReminderEmail } from '#mail/templates.ts';
import { usableAccountSql } from '#auth/usable-account.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Assignments planned per transaction. */
export const PLAN_BATCH = 2000;

export const PAST_DUE = 'past_due';

interface Candidate {
  user_id: string;
  module_id: string;
  due_at: number;
  started_at: number;
  game_status: number;
  kind: string;
  user_name: string;
  first_name: string;
  game_title: string;
}

/**
 * What a pass reminds of: open assignments before and past their due date, or completed ones
 * before their completion lapses (renews_at, when they are due again).
 */
export type ReminderPass = 'due' | 'renewal';

/** The column a pass reads as the date the assignment is due on. */
const DATE_COLUMN: Record<ReminderPass, 'due_at' | 'renews_at'> = { due: 'due_at', renewal: 'renews_at' };

/** The SQL expression naming the reminder an assignment `a` is owed at $now (days: largest first). */
function kindExpression(column: string, days: number[], now: number): ReturnType<typeof sql.raw> {
  // Smallest offset first: the latest window that has started wins.
  const whens = [...days]
    .sort((x, y) => x - y)
    .map((d) => `WHEN a.${column} - ${d * DAY_MS} <= ${now} THEN 'before:${d}'`)
    .join(' ');
  return sql.raw(`CASE WHEN a.${column} <= ${now} THEN '${PAST_DUE}' ${whens} END`);
}

/** Which assignments a pass looks at (besides the horizon, the cursor and the account). */
function passWhere(pass: ReminderPass, now: number): ReturnType<typeof sql.raw> {
  return pass === 'due'
    ? sql.raw(`a.due_at > 0 AND a.completed_at = 0 AND a.revoked_at = 0`)
    : // Lapsed ones are renewed on the same beat, before this pass: only those still ahead.
      sql.raw(
        `a.renews_at > ${now} AND a.completed_at > 0 AND a.revoked_at = 0 ` +
          `AND (m.content->>'recertify_months') IS NOT NULL`,
      );
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Where a pass through the assignments has reached: (due_at, user_id, module_id) of the last one looked at. */
type Cursor = [number, string, string];

/**
 * Plans and queues one batch, after `after`; returns how many reminders it
 * queued and where the next batch starts (undefined: the pass is done).
 */
async function planBatch(
  tx: Db,
  pass: ReminderPass,
  publicUrl: string,
  days: number[],
  now: number,
  batch: number,
  after: Cursor,
): Promise<{ queued: number; next?: Cursor }> {
  const column = DATE_COLUMN[pass];
  const date = sql.raw(`a.${column}`);
  const kind = kindExpression(column, days, now);
  const horizon = now + (days[0] ?? 0) * DAY_MS;
  const candidates = rowsOf<Candidate>(
    await tx.execute(sql`
      SELECT a.user_id, a.module_id, ${date} AS due_at, a.started_at, a.game_status, k.kind, u.user_name, u.first_name, m.game_title
      FROM assignments a
      CROSS JOIN LATERAL (SELECT ${kind} AS kind) k
      JOIN users u ON u.id = a.user_id
      JOIN modules m ON m.id = a.module_id
      WHERE ${passWhere(pass, now)} AND ${date} <= ${horizon}
        AND (${date}, a.user_id, a.module_id) > (${after[0]}, ${after[1]}, ${after[2]})
        AND ${sql.raw(usableAccountSql('u'))} AND m.archived_at = 0
        AND NOT EXISTS (SELECT 1 FROM reminders r
                        WHERE r.user_id = a.user_id AND r.module_id = a.module_id AND r.kind = k.kind AND r.due_at = ${date})
      ORDER BY ${date}, a.user_id, a.module_id
      LIMIT ${batch}
      FOR UPDATE OF a SKIP LOCKED`),
  );
  const last = candidates.at(-1);
  const next: Cursor | undefined =
    candidates.length === batch && last ? [last.due_at, last.user_id, last.module_id] : undefined;
  if (candidates.length === 0) return { queued: 0 };
  const planned = candidates.map((c) => ({ c, email_id: crypto.randomUUID() }));
  const text = (pick: (p: (typeof planned)[number]) => string) => sql`${pgTextArray(planned.map(pick))}::text[]`;
  const recorded = new Set(
    rowsOf<{ email_id: string }>(
      await tx.execute(sql`
        INSERT INTO reminders (user_id, module_id, kind, due_at, email_id, queued_at)
        SELECT user_id, module_id, kind, due_at, email_id, ${now}
        FROM unnest(${text((p) => p.c.user_id)}, ${text((p) => p.c.module_id)}, ${text((p) => p.c.kind)},
                    ${`{${planned.map((p) => p.c.due_at).join(',')}}`}::bigint[], ${text((p) => p.email_id)})
          AS t(user_id, module_id, kind, due_at, email_id)
        ON CONFLICT (user_id, module_id, kind) DO UPDATE
          SET due_at = excluded.due_at, email_id = excluded.email_id, queued_at = excluded.queued_at
          WHERE reminders.due_at <> excluded.due_at
        RETURNING email_id`),
    ).map((r) => r.email_id),
  );
  const emails: QueuedEmail[] = planned
    .filter((p) => recorded.has(p.email_id))
    .map(({ c, email_id }) => {
      const facts = {
        firstName: c.first_name,
        module: c.game_title,
        due_at: c.due_at,
        status: assignmentStatusLabel(
          { started_at: c.started_at, completed_at: 0, due_at: c.due_at, game_status: c.game_status },
          now,
        ),
      };
      const daysLeft = Math.ceil((c.due_at - now) / DAY_MS);
      const rendered =
        pass === 'renewal'
          ? renewalReminderEmail(publicUrl, facts, daysLeft)
          : c.kind === PAST_DUE
            ? pastDueEmail(publicUrl, facts)
            : reminderEmail(publicUrl, facts, daysLeft);
      return { id: email_id, to: c.user_name, user_id: c.user_id, ...rendered };
    });
  await enqueueEmails(tx, emails);
  return { queued: emails.length, next };
}

/** Queues every reminder owed now, a batch per transaction; returns how many it queued. */
export async function planReminders(
  database: Database,
  options: { publicUrl: string; days: number[]; now?: number; batch?: number },
): Promise<number> {
  if (options.days.length === 0) return 0;
  const now = options.now ?? Date.now();
  let total = 0;
  for (const pass of ['due', 'renewal'] as const) {
    // One pass in index order: each batch starts where the last ended, so a batch reads its own rows only.
    let after: Cursor | undefined = [0, '', ''];
    while (after) {
      const from: Cursor = after;
      const { queued, next } = await transaction(database.db, (tx) =>
        planBatch(tx, pass, options.publicUrl, options.days, now, options.batch ?? PLAN_BATCH, from),
      );
      total += queued;
      after = next;
    }
  }
  return total;
}
