/**
 * Finishing a run, once the engine has judged it: what the run keeps, the assignment's game
 * status, whether the run came past the due date, and which run the assignment keeps for its
 * report (features/reports/module-report.ts reads the assignment's run_* fields). Pure: the
 * finish handler reads the assignment and the runs inside its transaction, hands them here with
 * the clock, and stores what comes back.
 */
import type { RunScore } from '@airman/contracts/game.ts';
import type { Questionnaire, QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import { GAME_STATUS } from '@airman/contracts/status.ts';
import type { AssignmentRow } from '#auth/account.ts';
import type { RunRow } from './repository.ts';
import { firstCompleteBeforeSet, requireComplete, type Sets } from './run-questionnaire.ts';

/** What finishing a run reads of its assignment, as stored. */
export type StoredAssignment = Pick<
  AssignmentRow,
  'completed_at' | 'due_at' | 'game_status' | 'run_score_points' | 'run_answers_after'
>;

/** The engine's verdict on a run that is over. */
export interface FinishedPlay {
  outcome: 'complete' | 'failed';
  gauges: Record<string, number>;
  objectivesCompleted: string[];
  /** Per gauge with a healthy range: the days it ended inside it. */
  daysInRange: Record<string, number>;
  score: RunScore;
}

export interface FinishInput {
  /** The run's assignment as stored; undefined when the module is no longer assigned. */
  assignment: StoredAssignment | undefined;
  /** The run being finished: the version it was played on and the answers kept on it as they were given. */
  run: Pick<RunRow, 'id' | 'module_version' | 'answers_before' | 'answers_after'>;
  /** The user's runs of the module that hold before-answers, in the order they started (this one may be among them). */
  runs: readonly Pick<RunRow, 'id' | 'answers_before'>[];
  /** The module's questionnaire, or null when it has none. */
  questionnaire: Questionnaire | null;
  /** The answers sent with the finish, already checked against the questionnaire. */
  given: Sets;
  play: FinishedPlay;
  now: number;
}

/** The results of the run an assignment keeps: what its report shows. */
export interface ReportFields {
  run_final_gauges: Record<string, number>;
  run_objectives_completed: string[];
  run_answers_before: QuestionnaireAnswers | null;
  run_answers_after: QuestionnaireAnswers | null;
  run_score_points: number;
  run_stars: number;
  run_module_version: number | null;
  run_days_in_range: Record<string, number>;
}

export interface AssignmentChange extends Partial<ReportFields> {
  game_status: number;
  completed_at: number;
}

export interface RunChange {
  status: FinishedPlay['outcome'];
  final_gauges: Record<string, number>;
  objectives_completed: string[];
  answers_before: QuestionnaireAnswers | null;
  answers_after: QuestionnaireAnswers | null;
  score_points: number;
  stars: number;
  finished_at: number;
}

export interface Finish {
  /** What the run stores. */
  run: RunChange;
  /** The assignment's game status after the run (the run's own when it has no assignment). */
  gameStatus: number;
  /** A failed run after the due date of an assignment not yet completed: its status is Past Due. */
  pastDue: boolean;
  /** The assignment keeps this run: its results become the report's. */
  kept: boolean;
  /** What the assignment stores; null when there is no assignment. */
  assignment: AssignmentChange | null;
}

/** Answers kept on the run, completed by those sent now; undefined when there are none. */
function merge(
  kept: QuestionnaireAnswers | null,
  sent: QuestionnaireAnswers | undefined,
): QuestionnaireAnswers | undefined {
  return kept || sent ? { ...kept, ...sent } : undefined;
}

/**
 * The assignment keeps its best run: until a run completes, the latest; once one has, only a
 * completed run with more points than the one kept (a tie keeps the earlier).
 */
export function keepsRun(a: Pick<StoredAssignment, 'completed_at' | 'run_score_points'>, play: FinishedPlay): boolean {
  return a.completed_at === 0 || (play.outcome === 'complete' && play.score.points > (a.run_score_points ?? -1));
}

/** Past due: a run that did not complete, finished after the due date, while the assignment is not completed. */
export function isPastDue(
  a: Pick<StoredAssignment, 'completed_at' | 'due_at'>,
  outcome: FinishedPlay['outcome'],
  now: number,
): boolean {
  return a.completed_at === 0 && outcome !== 'complete' && a.due_at > 0 && now > a.due_at;
}

/**
 * What finishing the run stores. Throws a 422 (and nothing is stored) when a questionnaire set
 * the run asks is missing, or a set given is incomplete: a run asks the before-set until one run
 * of the assignment holds a complete one, and the after-set when it completes an assignment not
 * completed before. The report's before-set is the assignment's first complete one; its
 * after-set, that of the first completed run.
 */
export function finishRun(input: FinishInput): Finish {
  const { assignment: a, run, questionnaire: q, play, now } = input;
  const complete = play.outcome === 'complete';
  const answers = {
    before: merge(run.answers_before, input.given.before),
    after: merge(run.answers_after, input.given.after),
  };
  const earlier = q ? firstCompleteBeforeSet(q, input.runs, run.id) : null;
  if (q) requireComplete(q, answers, { before: earlier === null, after: complete && !(a && a.completed_at > 0) });
  const runChange: RunChange = {
    status: play.outcome,
    final_gauges: play.gauges,
    objectives_completed: play.objectivesCompleted,
    answers_before: answers.before ?? null,
    answers_after: answers.after ?? null,
    score_points: play.score.points,
    stars: play.score.stars,
    finished_at: now,
  };
  const own = complete ? GAME_STATUS.COMPLETE : GAME_STATUS.FAILED;
  if (!a) return { run: runChange, gameStatus: own, pastDue: false, kept: false, assignment: null };
  const pastDue = isPastDue(a, play.outcome, now);
  // A later run never undoes a completion.
  const gameStatus = a.completed_at > 0 ? a.game_status : pastDue ? GAME_STATUS.PAST_DUE : own;
  const kept = keepsRun(a, play);
  const report: ReportFields | null = kept
    ? {
        run_final_gauges: play.gauges,
        run_objectives_completed: play.objectivesCompleted,
        run_answers_before: earlier ?? answers.before ?? null,
        run_answers_after: a.run_answers_after ?? answers.after ?? null,
        run_score_points: play.score.points,
        run_stars: play.score.stars,
        run_module_version: run.module_version,
        run_days_in_range: play.daysInRange,
      }
    : null;
  return {
    run: runChange,
    gameStatus,
    pastDue,
    kept,
    assignment: {
      game_status: gameStatus,
      completed_at: a.completed_at > 0 ? a.completed_at : complete ? now : 0,
      ...report,
    },
  };
}
