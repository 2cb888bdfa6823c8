/**
 * GET and POST followups/{id} (a module id): the follow-up questionnaire the scheduler e-mailed
 * (plan-followups.ts), for the signed-in trainee it was sent to. Its link opens a page that asks
 * the questionnaire alone; the trainee signs in first if they are not (no token in the link:
 * docs/decisions/032-evidence-of-learning.md). Answered once, with every item.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@airman/contracts/api.ts';
import { followupAnswerSchema, followupResponseSchema, type FollowupResponse } from '@airman/contracts/followup.ts';
import { domainScores, unansweredItems } from '@airman/contracts/questionnaire-score.ts';
import type { Questionnaire, QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import type { Db } from '#db/database.ts';
import { keyedTransaction } from '#plugins/idempotency.ts';
import { HttpError } from '#lib/http-error.ts';
import { beforeAnswers, latestFollowup, recordAnswers, type Latest } from './repository.ts';
import { caller } from '#plugins/auth.ts';
import { errorResponses } from '#plugins/schemas.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';
import { enqueueStatements } from '#xapi/outbox.ts';
import type { StatementBuilder } from '#xapi/statements.ts';

const tags: ApiTag[] = ['Progress'];

function present(f: Latest): FollowupResponse {
  return {
    module: f.row.module_id,
    title: f.title,
    completed_at: f.row.completed_at,
    answered_at: f.row.answered_at,
    questionnaire: f.questionnaire,
  };
}

/** Each domain's score, and its change against the before set where the trainee has one. */
function scoresAndChanges(q: Questionnaire, answers: QuestionnaireAnswers, before: QuestionnaireAnswers | null) {
  const scores: Record<string, number> = {};
  const changes: Record<string, number> = {};
  const earlier = before ? domainScores(q, before) : {};
  for (const [domain, score] of Object.entries(domainScores(q, answers))) {
    if (score === null) continue;
    scores[domain] = score;
    const then = earlier[domain];
    if (then !== null && then !== undefined) changes[domain] = Math.round((score - then) * 10) / 10;
  }
  return { scores, changes };
}

export function followupRoutes(server: FastifyInstance, db: Db, xapi: StatementBuilder | undefined): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/followups/:id',
    {
      schema: {
        operationId: 'getFollowup',
        summary: 'Get my follow-up questionnaire of a module',
        tags,
        params: idParamsSchema,
        response: { 200: followupResponseSchema, ...errorResponses },
      },
    },
    async (request) => present(await latestFollowup(db, caller(request).row.id, request.params.id)),
  );

  app.post(
    '/api/followups/:id',
    {
      config: { idempotency: 'replay' },
      schema: {
        operationId: 'answerFollowup',
        summary: 'Answer my follow-up questionnaire of a module',
        tags,
        params: idParamsSchema,
        body: followupAnswerSchema,
        response: { 200: followupResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = caller(request).row.id;
      const { answers } = request.body;
      return keyedTransaction(request, db, async (tx) => {
        const found = await latestFollowup(tx, userId, request.params.id, true);
        if (found.row.answered_at > 0) throw new HttpError(409, 'This follow-up questionnaire is answered already');
        const q = found.questionnaire;
        const known = new Set(q.items.map((i) => i.id));
        const values = new Set(q.scale.map((s) => s.value));
        const unknown = Object.keys(answers).filter((id) => !known.has(id));
        if (unknown.length > 0) throw new HttpError(400, `answers: no item ${unknown.map((u) => `'${u}'`).join(', ')}`);
        const off = Object.entries(answers).filter(([, v]) => !values.has(v));
        if (off.length > 0) throw new HttpError(400, `answers.${off[0]![0]}: not a value of the scale`);
        const missing = unansweredItems(q, answers);
        if (missing.length > 0)
          throw new HttpError(400, `answers: ${missing.length} of ${q.items.length} items not answered`);

        const now = Date.now();
        const before = await beforeAnswers(tx, userId, found.row.module_id);
        const { scores, changes } = scoresAndChanges(q, answers, before);
        const row = await recordAnswers(tx, found.row, { answered_at: now, answers, scores, changes });
        if (xapi) {
          const statement = xapi.followupAnswered(
            {
              user_id: userId,
              module_id: found.row.module_id,
              completed_at: found.row.completed_at,
              answered_at: now,
              answers,
            },
            q,
          );
          await enqueueStatements(tx, `followup:${userId}:${found.row.module_id}:${found.row.completed_at}`, [
            statement,
          ]);
        }
        return present({ ...found, row });
      });
    },
  );
}
