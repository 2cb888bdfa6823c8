/**
 * POST admin/reminders/nudge: an administrator's reminder to selected trainees who are overdue.
 * Each trainee is e-mailed at most once in NUDGE_EVERY_MS however often it is asked, by anyone:
 * one conditional upsert on nudges claims each trainee (a second request, even at the same
 * moment, waits for the first's row and then finds it too recent), and the e-mails are queued
 * in the same transaction, with one audit entry of the counts.
 */
import type { NudgeRequest, NudgeResponse } from '@airman/contracts/record.ts';
import { sql, type SQL } from 'drizzle-orm';
import { transaction, type Db } from '#db/database.ts';
import { audit, currentCallerInWords } from '#lib/audit.ts';
import { enqueueEmails, pgTextArray } from '#mail/outbox.ts';
import { nudgeEmail, type NamedModule } from '#mail/templates.ts';
import { HttpError } from '#lib/http-error.ts';

/** A trainee is reminded by an administrator at most once a day. */
export const NUDGE_EVERY_MS = 24 * 60 * 60 * 1000;

interface TraineeRow {
  id: string;
  user_name: string;
  first_name: string;
  active_at: number | string;
  pending: boolean;
}

export async function nudge(
  db: Db,
  publicUrl: string,
  request: NudgeRequest,
  now = Date.now(),
): Promise<NudgeResponse> {
  const ids = [...new Set(request.user_ids)];
  const idArray = pgTextArray(ids);
  const note = request.note ?? '';
  const sender = currentCallerInWords();
  return transaction(db, async (tx) => {
    const query = async <T>(statement: SQL) => ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
    const module = request.module;
    if (module !== undefined) {
      const found = await query<{ id: string }>(sql`SELECT id FROM modules WHERE id = ${module}`);
      if (found.length === 0) throw new HttpError(404, `No module '${module}'`);
    }
    const trainees = await query<TraineeRow>(
      sql`SELECT id, user_name, first_name, active_at, pending FROM users WHERE id = ANY(${idArray}::text[])`,
    );
    // Overdue: past its due date and not completed, or a completion that has lapsed (its renewal is
    // its due date), of a live module the trainee can play.
    const overdue = await query<{ user_id: string; title: string; due_at: number | string }>(
      sql`SELECT a.user_id, m.game_title AS title, CASE WHEN a.completed_at > 0 THEN a.renews_at ELSE a.due_at END AS due_at
       FROM assignments a JOIN modules m ON m.id = a.module_id
       WHERE a.user_id = ANY(${idArray}::text[]) AND m.archived_at = 0
         AND ${module !== undefined ? sql`a.module_id = ${module}` : sql`true`}
         AND ((a.completed_at = 0 AND a.due_at > 0 AND a.due_at < ${now})
              OR (a.completed_at > 0 AND a.renews_at > 0 AND a.renews_at < ${now}))
       ORDER BY a.user_id, 3, m.game_title`,
    );
    const modulesOf = new Map<string, NamedModule[]>();
    for (const o of overdue)
      modulesOf.set(o.user_id, [...(modulesOf.get(o.user_id) ?? []), { title: o.title, due_at: Number(o.due_at) }]);
    const skipped_by = {
      unknown: ids.length - trainees.length,
      inactive: 0,
      pending: 0,
      not_overdue: 0,
      recently_reminded: 0,
    };
    const eligible: (TraineeRow & { email_id: string })[] = [];
    for (const t of trainees) {
      if (t.pending) skipped_by.pending++;
      else if (Number(t.active_at) === 0) skipped_by.inactive++;
      else if (!modulesOf.has(t.id)) skipped_by.not_overdue++;
      else eligible.push({ ...t, email_id: crypto.randomUUID() });
    }
    // The claim: a trainee reminded less than a day ago is not claimed again (their row is left as it is).
    const claimed = new Set(
      eligible.length === 0
        ? []
        : (
            await query<{ user_id: string }>(
              sql`INSERT INTO nudges AS n (user_id, nudged_at, email_id)
               SELECT user_id, ${now}::bigint, email_id
               FROM unnest(${pgTextArray(eligible.map((e) => e.id))}::text[], ${pgTextArray(eligible.map((e) => e.email_id))}::text[])
                 AS t(user_id, email_id)
               ORDER BY user_id
               ON CONFLICT (user_id) DO UPDATE SET nudged_at = EXCLUDED.nudged_at, email_id = EXCLUDED.email_id
                 WHERE n.nudged_at <= EXCLUDED.nudged_at - ${NUDGE_EVERY_MS}::bigint
               RETURNING user_id`,
            )
          ).map((r) => r.user_id),
    );
    const sent = eligible.filter((e) => claimed.has(e.id));
    skipped_by.recently_reminded = eligible.length - sent.length;
    await enqueueEmails(
      tx,
      sent.map((t) => ({
        id: t.email_id,
        to: t.user_name,
        user_id: t.id,
        ...nudgeEmail(publicUrl, { firstName: t.first_name, modules: modulesOf.get(t.id) ?? [], sender, note }),
      })),
    );
    const skipped = Object.values(skipped_by).reduce((a, b) => a + b, 0);
    await audit(tx, {
      action: 'reminder.nudge',
      target: { kind: 'reminder', id: request.module ?? '', name: request.module ?? 'every overdue module' },
      after: { sent: sent.length, skipped, ...skipped_by, asked: ids.length, ...(note && { note }) },
    });
    return { sent: sent.length, skipped, skipped_by };
  });
}
