/**
 * The follow-up questionnaire: e-mailed FOLLOWUP_DAYS after a trainee completes a module with a
 * questionnaire (apps/server/src/features/followup), answered on a page of its own by the
 * signed-in trainee. GET followups/{id} and POST followups/{id}, the id a module's.
 */
import { z } from 'zod';
import { questionnaireAnswersSchema, questionnaireSchema } from './questionnaire.ts';

/** The caller's latest follow-up of the module: what to answer, or that it is answered. */
export const followupResponseSchema = z.object({
  module: z.string(),
  title: z.string(),
  /** The completion it follows (epoch ms). */
  completed_at: z.number().int().min(0),
  /** When it was answered (epoch ms); 0 while it waits for the answers. */
  answered_at: z.number().int().min(0),
  questionnaire: questionnaireSchema,
});
export type FollowupResponse = z.infer<typeof followupResponseSchema>;

/** Every item of the questionnaire answered, once. */
export const followupAnswerSchema = z.strictObject({ answers: questionnaireAnswersSchema });
export type FollowupAnswer = z.infer<typeof followupAnswerSchema>;
