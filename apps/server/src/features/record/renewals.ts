/**
 * Recertification: an assignment whose completion has lapsed (renews_at at or before now) is
 * due again. On each beat of the reminder scheduler, in batches of RENEW_BATCH (rows locked,
 * SKIP LOCKED: several processes share the work), each such assignment loses its completion and
 * is due on renews_at; its status goes back to Not Started, or In Progress when a run begun
 * since the completion is still open. renews_at stays: it marks the assignment as due for
 * recertification until the next completion sets a new one. The completion itself stays on the
 * record through its certificate and run. Triggers keep the users list and Progress as for any
 * change, but for the completions per week: the completion happened, and stays counted on its
 * day (in the unit and rank of the trainee at the lapse, for good, like its certificate). One
 * audit entry per module and batch, by the server.
 */
import { sql } from 'drizzle-orm';
import { transaction, type Database, type Db } from '#db/database.ts';
import { audit } from '#lib/audit.ts';

export const RENEW_BATCH = 2000;

/** Renews every lapsed completion; returns how many. */
export async function renewLapsed(database: Database, now = Date.now(), batch = RENEW_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const renewed = await transaction(database.db, async (tx) => {
      const result = await tx.execute(sql`
        WITH due AS (
          SELECT a.user_id, a.module_id, a.renews_at, a.completed_at FROM assignments a
          WHERE a.renews_at > 0 AND a.renews_at <= ${now} AND a.completed_at > 0
          ORDER BY a.renews_at, a.user_id, a.module_id
          LIMIT ${batch}
          FOR UPDATE SKIP LOCKED
        ), renewed AS (
          UPDATE assignments a
          SET completed_at = 0, due_at = due.renews_at, game_status = 0,
              started_at = coalesce((SELECT max(r.started_at) FROM game_runs r
                                     WHERE r.user_id = a.user_id AND r.module_id = a.module_id
                                       AND r.status = 'in_progress' AND r.started_at > a.completed_at), 0)
          FROM due WHERE a.user_id = due.user_id AND a.module_id = due.module_id
          RETURNING a.module_id, a.user_id, due.completed_at
        ), lapsed AS (
          -- The triggers take the completion off its day as the assignment loses it: it goes back.
          SELECT r.module_id, u.unit, u.rank, (r.completed_at / 86400000)::integer AS day, count(*) AS n
          FROM renewed r JOIN users u ON u.id = r.user_id GROUP BY 1, 2, 3, 4
        ), kept AS (
          INSERT INTO progress_completions AS p (module_id, unit, rank, day, n)
          SELECT module_id, unit, rank, day, n FROM lapsed ORDER BY 1, 2, 3, 4
          ON CONFLICT (module_id, unit, rank, day) DO UPDATE SET n = p.n + EXCLUDED.n
        ), kept_by_unit AS (
          INSERT INTO progress_completions_by_unit AS p (module_id, unit, day, n)
          SELECT module_id, unit, day, sum(n) FROM lapsed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (module_id, unit, day) DO UPDATE SET n = p.n + EXCLUDED.n
        )
        SELECT r.module_id, m.game_title AS title, count(*)::int AS n
        FROM renewed r JOIN modules m ON m.id = r.module_id GROUP BY r.module_id, m.game_title ORDER BY r.module_id`);
      const rows = (result as unknown as { rows: { module_id: string; title: string; n: number }[] }).rows;
      await audit(
        tx,
        ...rows.map((r) => ({
          action: 'assignment.renew',
          target: { kind: 'module' as const, id: r.module_id, name: r.title },
          after: { renewed: Number(r.n) },
        })),
      );
      return rows.reduce((n, r) => n + Number(r.n), 0);
    });
    total += renewed;
    if (renewed < batch) return total;
  }
}

/**
 * A module that no longer recertifies (a save or a restore took its `recertify_months` away): each
 * of its assignments that still holds its completion keeps it for good. Its renews_at goes (a
 * completion that lapsed but waits for the scheduler's pass too: it is current again), and so
 * does the expiry of the certificate that set it, so that the certificate verifies as current
 * like the completion it proves. Assignments already renewed (due again) stay due: their next
 * completion is for good. In the saving transaction, after the module's row is locked (a
 * completion reads it FOR SHARE: it sees the module as saved, or its renewal is ended here).
 * One audit entry when any renewal ended; returns how many.
 */
export async function endRenewals(tx: Db, module: { id: string; title: string }): Promise<number> {
  // The certificate of the completion the assignment holds: the one issued with it, at its time.
  const result = await tx.execute(sql`
    WITH ended AS (
      UPDATE assignments SET renews_at = 0
      WHERE module_id = ${module.id} AND renews_at > 0 AND completed_at > 0
      RETURNING user_id, completed_at
    ), expiries AS (
      UPDATE certificates c SET expires_at = 0
      FROM ended e
      WHERE c.user_id = e.user_id AND c.module_id = ${module.id} AND c.completed_at = e.completed_at
    )
    SELECT count(*)::int AS n FROM ended`);
  const [row] = (result as unknown as { rows: { n: number }[] }).rows;
  const n = Number(row?.n ?? 0);
  if (n > 0) {
    await audit(tx, {
      action: 'assignment.renewal_end',
      target: { kind: 'module', id: module.id, name: module.title },
      after: { ended: n },
    });
  }
  return n;
}
