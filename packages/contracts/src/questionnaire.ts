/** The 'Comprehensive Airman Fitness' questionnaire of ready_airman_training. */
import { z } from 'zod';

export const questionnaireSchema = z
  .strictObject({
    title: z.string().trim().min(1),
    instructions: z.string(),
    /** The answer options, lowest value first (a Likert scale). */
    scale: z
      .array(z.strictObject({ value: z.number().int(), label: z.string().trim().min(1) }))
      .min(2),
    domains: z.array(z.strictObject({ id: z.string().trim().min(1), name: z.string().trim().min(1) })).min(1),
    items: z
      .array(
        z.strictObject({
          id: z.string().trim().min(1),
          domain: z.string().trim().min(1),
          text: z.string().trim().min(1),
          /** Scored in reverse (a high answer means low fitness). */
          reverse: z.boolean(),
        }),
      )
      .min(1),
  })
  .superRefine((q, ctx) => {
    const domains = new Set(q.domains.map((d) => d.id));
    const seen = new Set<string>();
    q.items.forEach((item, i) => {
      if (!domains.has(item.domain)) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'domain'], message: `unknown domain '${item.domain}'` });
      }
      if (seen.has(item.id)) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'id'], message: `duplicate item id '${item.id}'` });
      }
      seen.add(item.id);
    });
    const values = new Set(q.scale.map((s) => s.value));
    if (values.size !== q.scale.length) {
      ctx.addIssue({ code: 'custom', path: ['scale'], message: 'scale values must be distinct' });
    }
  });
export type Questionnaire = z.infer<typeof questionnaireSchema>;

/** One answer set: item id → chosen scale value. */
export const questionnaireAnswersSchema = z.record(z.string().min(1), z.number().int());
export type QuestionnaireAnswers = z.infer<typeof questionnaireAnswersSchema>;

/**
 * Per-domain score: the mean of the domain's answered items, reverse items mirrored
 * on the scale, as a percentage of the scale's range (0–100, one decimal).
 */
export function domainScores(q: Questionnaire, answers: QuestionnaireAnswers): Record<string, number | null> {
  const values = q.scale.map((s) => s.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const scores: Record<string, number | null> = {};
  for (const domain of q.domains) {
    const picked = q.items
      .filter((item) => item.domain === domain.id && answers[item.id] !== undefined)
      .map((item) => {
        const v = answers[item.id] as number;
        return item.reverse ? max + min - v : v;
      });
    scores[domain.id] =
      picked.length === 0
        ? null
        : Math.round((((picked.reduce((a, b) => a + b, 0) / picked.length - min) / (max - min)) * 100) * 10) / 10;
  }
  return scores;
}
