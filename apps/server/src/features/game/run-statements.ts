/**
 * The xAPI statements of the game's events (docs/xapi.md), queued in the transaction
 * that records the event when an LRS is configured: a run started, a questionnaire set
 * completed, a run finished or quit.
 */
import type { Module } from '@airman/contracts/module.ts';
import type { Questionnaire } from '@airman/contracts/questionnaire.ts';
import { maxPoints } from '@airman/engine/score.ts';
import type { Db } from '#db/database.ts';
import { enqueueStatements } from '#xapi/outbox.ts';
import type { RunFacts, Statement, StatementBuilder } from '#xapi/statements.ts';
import type { RunRow } from './repository.ts';

/** The columns of a run its statements are built from. */
export type RunFields = Pick<
  RunRow,
  | 'id'
  | 'user_id'
  | 'module_id'
  | 'module_snapshot'
  | 'status'
  | 'started_at'
  | 'finished_at'
  | 'score_points'
  | 'answers_before'
  | 'answers_after'
>;

/** What the statements of a run are built from: the run alone. */
export function runFacts(run: RunFields): RunFacts {
  const module = run.module_snapshot as Module;
  return {
    run_id: run.id,
    user_id: run.user_id,
    module_id: run.module_id,
    module_title: module.game_title,
    status: run.status,
    started_at: run.started_at,
    finished_at: run.finished_at,
    score_points: run.score_points,
    max_points: maxPoints(module),
    answers_before: run.answers_before,
    answers_after: run.answers_after,
  };
}

/** Queues the statements `pick` makes of the run, when an LRS is configured (`xapi` set). */
export async function queueStatements(
  tx: Db,
  xapi: StatementBuilder | undefined,
  facts: RunFacts,
  pick: (builder: StatementBuilder) => (Statement | undefined)[],
): Promise<void> {
  if (!xapi) return;
  const statements = pick(xapi).filter((s): s is Statement => s !== undefined);
  await enqueueStatements(tx, facts.run_id, statements);
}

/** The finished run's statements: a complete questionnaire set not yet stated, then completed, passed or failed, terminated. */
export function finishedStatements(xapi: StatementBuilder, facts: RunFacts, q: Questionnaire | null) {
  return [...(q ? [xapi.answered(facts, q, 'before'), xapi.answered(facts, q, 'after')] : []), ...xapi.finished(facts)];
}
