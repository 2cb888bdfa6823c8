/**
 * Which questionnaire a run asks (docs/game-rules.md "The questionnaire"): before day 1 until one
 * run of the assignment holds a complete before-set; after the last day on a completed run until
 * the assignment's first completion. A stored set is complete: one scale value for every statement.
 */
import type { FinishRunRequest, RunAnswersRequest } from '@airman/contracts/game.ts';
import { questionnaireSchema, type Questionnaire, type QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import type { Db } from '#db/database.ts';
import { HttpError } from '#lib/http-error.ts';
import { readQuestionnaire } from '../questionnaire/repository.ts';
import { runsWithBeforeAnswers } from './repository.ts';

/** A run's questionnaire sets, each present once any of its answers is given. */
export type Sets = Pick<RunAnswersRequest, 'before' | 'after'>;

/** The module's questionnaire, or null when it has none. */
export async function moduleQuestionnaire(db: Db, moduleId: string): Promise<Questionnaire | null> {
  const content = await readQuestionnaire(db, moduleId);
  return content ? questionnaireSchema.parse(content) : null;
}

/** How many of the questionnaire's statements the set leaves unanswered. */
export function unanswered(q: Questionnaire, answers: QuestionnaireAnswers | null | undefined): number {
  return q.items.filter((i) => answers?.[i.id] === undefined).length;
}

/**
 * The assignment's first complete before-set, from its runs in the order they started
 * (the report's "before" for every later run), or null when none is complete yet.
 */
export async function firstBeforeSet(
  db: Db,
  q: Questionnaire,
  userId: string,
  moduleId: string,
  exceptRun?: string,
): Promise<QuestionnaireAnswers | null> {
  return firstCompleteBeforeSet(q, await runsWithBeforeAnswers(db, userId, moduleId), exceptRun);
}

/** Of runs in the order they started, the first complete before-set of a run other than exceptRun, or null. */
export function firstCompleteBeforeSet(
  q: Questionnaire,
  runs: readonly { id: string; answers_before: QuestionnaireAnswers | null }[],
  exceptRun?: string,
): QuestionnaireAnswers | null {
  const first = runs.find((r) => r.id !== exceptRun && unanswered(q, r.answers_before) === 0);
  return first?.answers_before ?? null;
}

/** Answers as given: only for modules with a questionnaire, one scale value per known statement. */
export function checkAnswers(
  q: Questionnaire | null,
  answers: FinishRunRequest['answers'] | RunAnswersRequest | undefined,
): Sets {
  if (!answers || (!answers.before && !answers.after)) return {};
  if (!q) throw new HttpError(400, 'answers: this module has no questionnaire');
  const items = new Set(q.items.map((i) => i.id));
  const values = new Set(q.scale.map((s) => s.value));
  for (const [when, set] of Object.entries(answers)) {
    for (const [item, value] of Object.entries(set ?? {})) {
      if (!items.has(item)) throw new HttpError(400, `answers.${when}.${item}: unknown item`);
      if (!values.has(value)) throw new HttpError(400, `answers.${when}.${item}: not a value of the scale`);
    }
  }
  return answers;
}

/**
 * A finished run's sets: a set it asks must be there, and any set kept must be complete
 * (422 otherwise, and nothing changes).
 */
export function requireComplete(q: Questionnaire, sets: Sets, asks: { before: boolean; after: boolean }): void {
  for (const when of ['before', 'after'] as const) {
    const set = sets[when];
    if (set === undefined) {
      if (asks[when]) throw new HttpError(422, `answers.${when}: this run asks the questionnaire ${when} it`);
      continue;
    }
    const missing = unanswered(q, set);
    if (missing > 0) throw new HttpError(422, `answers.${when}: ${missing} of ${q.items.length} statements unanswered`);
  }
}
