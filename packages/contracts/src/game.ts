/** The game API contract: what the game client and the server exchange about runs. */
import { z } from 'zod';
import { moduleSchema } from './module.ts';
import { questionnaireAnswersSchema } from './questionnaire.ts';

/** One player move: take an action by name, or end the day. */
export const gameCommandSchema = z.union([
  z.strictObject({ action: z.string().min(1).max(200) }),
  z.strictObject({ end_day: z.literal(true) }),
]);
export type GameCommand = z.infer<typeof gameCommandSchema>;

export const gameLogSchema = z.array(gameCommandSchema).max(10000);
export type GameLog = z.infer<typeof gameLogSchema>;

export const startRunRequestSchema = z.strictObject({ module: z.string().min(1).max(100) });
export const startRunResponseSchema = z.object({
  run_id: z.string(),
  seed: z.number().int(),
  module: moduleSchema,
});
export type StartRunResponse = z.infer<typeof startRunResponseSchema>;

export const finishRunRequestSchema = z.strictObject({
  log: gameLogSchema,
  answers: z
    .strictObject({
      before: questionnaireAnswersSchema.optional(),
      after: questionnaireAnswersSchema.optional(),
    })
    .optional(),
});
export type FinishRunRequest = z.infer<typeof finishRunRequestSchema>;
