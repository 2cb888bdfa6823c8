/** The game API contract: what the game client and the server exchange about runs. */
import { z } from 'zod';
import { GAME_LOG_MAX } from './constants.ts';
import { moduleSchema } from './module.ts';
import { questionnaireAnswersSchema } from './questionnaire.ts';

/** One player move: take an action by name, answer the day's event (choice index), or end the day. */
export const gameCommandSchema = z.union([
  z.strictObject({ action: z.string().min(1).max(200) }),
  z.strictObject({ choose: z.number().int().min(0).max(5) }),
  z.strictObject({ end_day: z.literal(true) }),
]);
export type GameCommand = z.infer<typeof gameCommandSchema>;

export const gameLogSchema = z.array(gameCommandSchema).max(GAME_LOG_MAX, `at most ${GAME_LOG_MAX} moves`);
export type GameLog = z.infer<typeof gameLogSchema>;

export const startRunRequestSchema = z.strictObject({ module: z.string().min(1).max(100) });
export const startRunResponseSchema = z.object({
  run_id: z.string(),
  seed: z.number().int(),
  module: moduleSchema,
  /** Commands already played when an unfinished run is resumed; [] for a new run. */
  log: z.array(gameCommandSchema),
  /** The questionnaire's before-answers already stored for this run (a resumed run), else null. */
  answers_before: questionnaireAnswersSchema.nullable(),
  /** Its after-answers already stored (an after-survey left part-way), else null. */
  answers_after: questionnaireAnswersSchema.nullable(),
  /**
   * Which questionnaires this run asks: before day 1 on the assignment's first run (until one
   * run holds a complete set), after the last day on a completed run until the assignment's
   * first completion.
   */
  questionnaire: z.object({ before: z.boolean(), after: z.boolean() }),
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

/** POST game/runs/{id}/answers: questionnaire answers kept on the run as soon as they are given. */
export const runAnswersRequestSchema = z
  .strictObject({
    before: questionnaireAnswersSchema.optional(),
    after: questionnaireAnswersSchema.optional(),
  })
  .refine((a) => a.before !== undefined || a.after !== undefined, 'give before, after or both');
export type RunAnswersRequest = z.infer<typeof runAnswersRequestSchema>;

/** POST game/runs/{id}/progress: the commands played so far (kept after each move); it extends the stored log. */
export const runProgressRequestSchema = z.strictObject({ log: gameLogSchema });

/** The outcome the server computed by replaying the log. */
export const runScoreSchema = z.object({
  points: z.number().int(),
  /** 0 for a run not completed, else 1–3. */
  stars: z.number().int().min(0).max(3),
});
export type RunScore = z.infer<typeof runScoreSchema>;

export const finishRunResponseSchema = z.object({
  outcome: z.enum(['complete', 'failed']),
  game_status: z.number().int(),
  score: runScoreSchema,
});
export type FinishRunResponse = z.infer<typeof finishRunResponseSchema>;

/** One row of GET game/assignments: a live module assigned to the caller. */
export const gameAssignmentSchema = z.object({
  module: z.string(),
  title: z.string(),
  description: z.string(),
  due_at: z.number().int(),
  status: z.string(),
  game_status: z.number().int(),
  started_at: z.number().int(),
  completed_at: z.number().int(),
  /** True when the module has the questionnaire (asked before the first run and after the first completed run). */
  has_questionnaire: z.boolean(),
});
export type GameAssignment = z.infer<typeof gameAssignmentSchema>;
