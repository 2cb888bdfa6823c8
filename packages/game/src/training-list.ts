/**
 * The player's list of training: each assignment with what the record adds (best result, late
 * completion), ordered past due first (most overdue first), then due soonest (no due date last),
 * then completed (newest first).
 */
import type { GameAssignment, RunScore } from '@airman/contracts/game.ts';
import type { RecordScore, TrainingRecord } from '@airman/contracts/record.ts';

export interface ListedAssignment extends GameAssignment {
  /** The best finished run; null before any finished (or when the record could not be read). */
  best: RecordScore | null;
  /** Completed after its due date. */
  late: boolean;
  /** Due before now and not completed (again, for a module whose completion lapsed). */
  pastDue: boolean;
  /** Completed, and not due again. */
  done: boolean;
}

const group = (a: ListedAssignment) => (a.pastDue ? 0 : a.done ? 2 : 1);
/** Soonest first; no due date after every due date. */
const dueOrder = (a: ListedAssignment) => (a.due_at > 0 ? a.due_at : Number.MAX_SAFE_INTEGER);

export function trainingList(
  assignments: GameAssignment[],
  record: TrainingRecord | null,
  now: number,
): ListedAssignment[] {
  const byModule = new Map((record?.assignments ?? []).map((r) => [r.module, r]));
  const listed = assignments.map((a): ListedAssignment => {
    const r = byModule.get(a.module);
    const completed = r ? r.status === 'complete' : a.completed_at > 0;
    const overdue = r ? r.status === 'past_due' : a.completed_at === 0 && a.due_at > 0 && a.due_at < now;
    return {
      ...a,
      // The record keeps the latest completion when a lapsed one comes due again.
      completed_at: r ? r.completed_at : a.completed_at,
      best: r?.best ?? null,
      late: r?.late ?? false,
      pastDue: overdue,
      done: completed && !overdue,
    };
  });
  return listed.sort(
    (x, y) =>
      group(x) - group(y) ||
      (group(x) === 2 ? y.completed_at - x.completed_at : dueOrder(x) - dueOrder(y)) ||
      x.title.localeCompare(y.title),
  );
}

/** The best result after a run: the run's when it completed with more points than the best so far. */
export function bestAfter(best: RecordScore | null, score: RunScore): RecordScore | null {
  if (score.stars === 0) return best;
  if (best && best.score >= score.points) return best;
  return { score: score.points, stars: score.stars };
}

/** '640 points, 3 stars'. */
export function bestWords(best: RecordScore): string {
  return `${best.score} points, ${best.stars} star${best.stars === 1 ? '' : 's'}`;
}
