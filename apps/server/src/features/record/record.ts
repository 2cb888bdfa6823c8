/**
 * A trainee's training record (GET self/record, GET admin/users/{id}/record and its CSV): each
 * assignment with its runs, best result, renewal and latest certificate. Three statements by
 * the trainee's id, each through an index on it.
 *
 * A completion that has lapsed but that the scheduler has not renewed yet (features/record/
 * renewals.ts runs every REMINDER_INTERVAL_S) is shown as renewed already: due on renews_at, its
 * status as the renewal will make it. The completion, its run and its certificate stay on the
 * record after a renewal: `completed_at` is the latest completion's.
 */
import type { RecordAssignment, RecordStatus, TrainingRecord } from '@airman/contracts/record.ts';
import { GAME_STATUS } from '@airman/contracts/status.ts';
import type { Database } from '#db/database.ts';

interface AssignmentRow {
  module_id: string;
  title: string;
  created_at: number;
  started_at: number;
  completed_at: number;
  due_at: number;
  game_status: number;
  renews_at: number;
}

interface RunRow {
  id: string;
  module_id: string;
  started_at: number;
  finished_at: number;
  status: 'in_progress' | 'complete' | 'failed' | 'quit';
  score_points: number | null;
  stars: number | null;
}

interface CertificateRow {
  code: string;
  module_id: string;
  completed_at: number;
  due_at: number;
  expires_at: number;
}

/** The status rule of spec §4 (contracts status.ts), in the record's words. */
export function recordStatus(
  a: Pick<AssignmentRow, 'started_at' | 'completed_at' | 'due_at' | 'game_status'>,
  now: number,
): RecordStatus {
  if (a.completed_at === 0 && a.due_at > 0 && a.due_at < now) return 'past_due';
  if (a.started_at === 0) return 'not_started';
  switch (a.game_status) {
    case GAME_STATUS.COMPLETE:
      return 'complete';
    case GAME_STATUS.FAILED:
      return 'failed';
    case GAME_STATUS.PAST_DUE:
      return 'past_due';
    case GAME_STATUS.QUIT:
      return 'quit';
    default:
      return 'in_progress';
  }
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** The trainee's record, assignments in the order assigned; undefined when there is no such user. */
export async function trainingRecord(
  database: Database,
  userId: string,
  now = Date.now(),
): Promise<TrainingRecord | undefined> {
  const [user, assignmentRows, runRows, certificateRows] = await Promise.all([
    database.query<{ id: string }>('SELECT id FROM users WHERE id = $1', [userId]),
    database.query<AssignmentRow>(
      `SELECT a.module_id, m.game_title AS title, a.created_at, a.started_at, a.completed_at, a.due_at, a.game_status, a.renews_at
       FROM assignments a JOIN modules m ON m.id = a.module_id
       WHERE a.user_id = $1 ORDER BY a.created_at, a.module_id`,
      [userId],
    ),
    database.query<RunRow>(
      `SELECT id, module_id, started_at, finished_at, status, score_points, stars
       FROM game_runs WHERE user_id = $1 ORDER BY started_at DESC, id`,
      [userId],
    ),
    database.query<CertificateRow>(
      `SELECT DISTINCT ON (module_id) code, module_id, completed_at, due_at, expires_at
       FROM certificates WHERE user_id = $1 ORDER BY module_id, completed_at DESC, code`,
      [userId],
    ),
  ]);
  if (user.length === 0) return undefined;
  const runsOf = new Map<string, RunRow[]>();
  for (const r of runRows) runsOf.set(r.module_id, [...(runsOf.get(r.module_id) ?? []), r]);
  const certificateOf = new Map(certificateRows.map((c) => [c.module_id, c]));
  return {
    assignments: assignmentRows.map((row): RecordAssignment => {
      const a = { ...row, ...numbers(row) };
      const runs = runsOf.get(a.module_id) ?? [];
      const certificate = certificateOf.get(a.module_id);
      // Lapsed and not renewed yet: as the renewal will leave it.
      const lapsed = a.completed_at > 0 && a.renews_at > 0 && a.renews_at <= now;
      const open = runs.find((r) => r.status === 'in_progress' && Number(r.started_at) > a.completed_at);
      const current = lapsed
        ? {
            ...a,
            completed_at: 0,
            due_at: a.renews_at,
            started_at: open ? Number(open.started_at) : 0,
            game_status: GAME_STATUS.IN_PROGRESS,
          }
        : a;
      const completedAt = a.completed_at > 0 ? a.completed_at : Number(certificate?.completed_at ?? 0);
      const dueThen = certificate ? Number(certificate.due_at) : a.due_at;
      const best = bestRun(runs);
      return {
        module: a.module_id,
        title: a.title,
        status: recordStatus(current, now),
        assigned_at: a.created_at,
        due_at: current.due_at,
        completed_at: completedAt,
        late: completedAt > 0 && dueThen > 0 && completedAt > dueThen,
        best: best ? { score: Number(best.score_points ?? 0), stars: Number(best.stars ?? 0) } : null,
        renews_at: a.renews_at,
        certificate: certificate ? { code: certificate.code, expires_at: Number(certificate.expires_at) } : null,
        runs: runs.map((r) => ({
          id: r.id,
          started_at: Number(r.started_at),
          finished_at: Number(r.finished_at),
          status: r.status,
          score: r.status === 'in_progress' ? null : num(r.score_points ?? 0),
          stars: r.status === 'in_progress' ? null : num(r.stars ?? 0),
        })),
      };
    }),
  };
}

/** bigint columns arrive as text from node-postgres. */
function numbers(a: AssignmentRow): Omit<AssignmentRow, 'module_id' | 'title'> {
  return {
    created_at: Number(a.created_at),
    started_at: Number(a.started_at),
    completed_at: Number(a.completed_at),
    due_at: Number(a.due_at),
    game_status: Number(a.game_status),
    renews_at: Number(a.renews_at),
  };
}

/** The best finished run: a completed one over a failed one, then the most points, then the earliest. */
function bestRun(runs: RunRow[]): RunRow | undefined {
  const finished = runs.filter((r) => r.status === 'complete' || r.status === 'failed');
  const rank = (r: RunRow) => (r.status === 'complete' ? 1 : 0);
  return finished.reduce<RunRow | undefined>((best, r) => {
    if (!best) return r;
    if (rank(r) !== rank(best)) return rank(r) > rank(best) ? r : best;
    const [p, q] = [Number(r.score_points ?? 0), Number(best.score_points ?? 0)];
    if (p !== q) return p > q ? r : best;
    return Number(r.started_at) < Number(best.started_at) ? r : best;
  }, undefined);
}
