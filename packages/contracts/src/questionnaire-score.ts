/**
 * The questionnaire's scoring, free of zod: the game bundle shows the before
 * and after scores by domain and must not carry the schemas' library.
 */
import { nullRecord, own } from './own.ts';
import type { Questionnaire, QuestionnaireAnswers } from './questionnaire.ts';

/**
 * Per-domain score: the mean of the domain's answered items, reverse items mirrored
 * on the scale, as a percentage of the scale's range (0–100, one decimal).
 */
export function domainScores(q: Questionnaire, answers: QuestionnaireAnswers): Record<string, number | null> {
  const values = q.scale.map((s) => s.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const scores = nullRecord<number | null>();
  for (const domain of q.domains) {
    const picked = q.items
      .filter((item) => item.domain === domain.id && own(answers, item.id) !== undefined)
      .map((item) => {
        const v = own(answers, item.id) as number;
        return item.reverse ? max + min - v : v;
      });
    scores[domain.id] =
      picked.length === 0
        ? null
        : Math.round(((picked.reduce((a, b) => a + b, 0) / picked.length - min) / (max - min)) * 100 * 10) / 10;
  }
  return scores;
}

/** The items not answered yet, in the questionnaire's order. */
export function unansweredItems(q: Questionnaire, answers: QuestionnaireAnswers): Questionnaire['items'] {
  return q.items.filter((item) => own(answers, item.id) === undefined);
}
