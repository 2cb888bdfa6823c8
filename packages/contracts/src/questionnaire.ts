/** The 'Comprehensive Airman Fitness' questionnaire of ready_airman_training. */
import { z } from 'zod';

export const questionnaireSchema = z
  .strictObject({
    title: z.string().trim().min(1),
    instructions: z.string(),
    /** The answer options, lowest value first (a Likert scale). */
    scale: z.array(z.strictObject({ value: z.number().int(), label: z.string().trim().min(1) })).min(2),
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
      // An item's id is a key of the answers a trainee sends, and the server's JSON parser refuses that key.
      if (item.id === '__proto__') {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'id'], message: "'__proto__' cannot be an item id" });
      }
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

export { domainScores } from './questionnaire-score.ts';
