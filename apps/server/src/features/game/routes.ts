/**
 * The game API (the contract other tools rely on): the caller's
 * assignments, starting a run, keeping its progress, finishing it (the server
 * replays the log with the engine and decides the outcome), and quitting.
 */
import { currentVersion } from '../modules/versions.ts';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@airman/contracts/api.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import {
  finishRunRequestSchema,
  finishRunResponseSchema,
  gameAssignmentSchema,
  runAnswersRequestSchema,
  runProgressRequestSchema,
  startRunRequestSchema,
  startRunResponseSchema,
  type GameCommand,
} from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import { assignmentStatusLabel, GAME_STATUS } from '@airman/contracts/status.ts';
import type { Db } from '#db/database.ts';
import { keyedTransaction } from '#plugins/idempotency.ts';
import { judgeRun } from './judge-run.ts';
import { HttpError } from '#lib/http-error.ts';
import { presentModule } from '../modules/present-module.ts';
import { caller } from '#plugins/auth.ts';
import { emptyResponseSchema, errorResponses } from '#plugins/schemas.ts';
import { checkAnswers, firstBeforeSet, moduleQuestionnaire, unanswered } from './run-questionnaire.ts';
import { issueCertificate } from '../record/certificates.ts';
import { finishRun } from './finish-run.ts';
import type { StatementBuilder } from '#xapi/statements.ts';
import { finishedStatements, queueStatements, runFacts } from './run-statements.ts';
import {
  assignmentWithModule,
  findAssignment,
  insertRun,
  liveAssignments,
  lockRun,
  openRun,
  runsWithBeforeAnswers,
  updateAssignment,
  updateOpenRun,
  type RunRow,
} from './repository.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

const empty = { 200: emptyResponseSchema, ...errorResponses };

export interface GameRouteOptions {
  /** A finished run's moves may not have come faster than this, from its start. */
  minMsPerMove: number;
  /** Set when an LRS is configured: each event's xAPI statements are queued with it (docs/xapi.md). */
  xapi?: StatementBuilder;
}

const tags: ApiTag[] = ['Game'];

export function gameRoutes(server: FastifyInstance, db: Db, options: GameRouteOptions): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { xapi } = options;
  app.get(
    '/api/game/assignments',
    {
      schema: {
        operationId: 'listGameAssignments',
        summary: "List the caller's live assignments",
        tags,
        response: { 200: z.array(gameAssignmentSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = caller(request);
      const rows = await liveAssignments(db, id);
      const now = Date.now();
      return rows.map(({ a, m }) => ({
        module: m.id,
        title: m.title,
        description: m.description,
        due_at: a.due_at,
        status: assignmentStatusLabel(a, now),
        game_status: a.game_status,
        started_at: a.started_at,
        completed_at: a.completed_at,
        has_questionnaire: m.id === READY_AIRMAN_MODULE_ID,
      }));
    },
  );

  const start = {
    operationId: 'startRun',
    summary: 'Start or resume a run of an assigned module',
    tags,
    body: startRunRequestSchema,
    response: { 200: startRunResponseSchema, ...errorResponses },
  };
  app.post('/api/game/runs', { config: { idempotency: 'replay' }, schema: start }, async (request) => {
    const { id: userId } = caller(request);
    const { module: moduleId } = request.body;
    return keyedTransaction(request, db, async (tx) => {
      const row = await assignmentWithModule(tx, userId, moduleId);
      if (!row) throw new HttpError(404, 'This module is not assigned to you');
      if (row.m.archived_at > 0) throw new HttpError(409, 'This module has been archived');
      const q = await moduleQuestionnaire(tx, moduleId);
      // An unfinished run resumes where it stopped (a closed tab, another device).
      const open = await openRun(tx, userId, moduleId);
      const asks = {
        before: q !== null && (await firstBeforeSet(tx, q, userId, moduleId, open?.id)) === null,
        after: q !== null && row.a.completed_at === 0,
      };
      if (open) {
        return {
          run_id: open.id,
          seed: open.seed,
          module: open.module_snapshot as Module,
          log: open.log,
          answers_before: open.answers_before ?? null,
          answers_after: open.answers_after ?? null,
          questionnaire: asks,
        };
      }
      const now = Date.now();
      const module = presentModule(row.m);
      const run = { id: crypto.randomUUID(), seed: crypto.randomInt(0, 2 ** 31 - 1) };
      const inserted = {
        id: run.id,
        user_id: userId,
        module_id: moduleId,
        seed: run.seed,
        module_snapshot: module,
        // The version it is played on (features/modules/versions.ts); the snapshot is that version.
        module_version: await currentVersion(tx, moduleId),
        started_at: now,
      };
      await insertRun(tx, inserted);
      const facts = runFacts({
        ...inserted,
        status: 'in_progress',
        finished_at: 0,
        score_points: null,
        answers_before: null,
        answers_after: null,
      });
      await queueStatements(tx, xapi, facts, (b) => b.started(facts));
      await updateAssignment(tx, userId, moduleId, {
        started_at: row.a.started_at > 0 ? row.a.started_at : now,
        game_status: row.a.completed_at > 0 ? row.a.game_status : GAME_STATUS.IN_PROGRESS,
      });
      return {
        run_id: run.id,
        seed: run.seed,
        module,
        log: [],
        answers_before: null,
        answers_after: null,
        questionnaire: asks,
      };
    });
  });

  app.post(
    '/api/game/runs/:id/progress',
    {
      config: { idempotency: 'replay' },
      schema: {
        operationId: 'saveRunProgress',
        summary: 'Save the moves played so far',
        tags,
        params: idParamsSchema,
        body: runProgressRequestSchema,
        response: empty,
      },
    },
    async (request) => {
      const { id: userId } = caller(request);
      const runId = request.params.id;
      const { log } = request.body;
      await keyedTransaction(request, db, async (tx) => {
        const run = await ownOpenRun(tx, runId, userId, 'This run is over');
        extendsStored(run.log, log);
        const judged = judgeRun(run.module_snapshot as Module, run.seed, log);
        if (!judged.ok) throw new HttpError(422, `Illegal move ${judged.index + 1}: ${judged.error}`);
        await updateOpen(tx, runId, { log }, 'This run is over');
      });
      return {};
    },
  );

  // Answers are kept on the run the moment they are given: a reload or another device never asks twice.
  app.post(
    '/api/game/runs/:id/answers',
    {
      config: { idempotency: 'replay' },
      schema: {
        operationId: 'saveRunAnswers',
        summary: "Save the questionnaire's answers of a run",
        tags,
        params: idParamsSchema,
        body: runAnswersRequestSchema,
        response: empty,
      },
    },
    async (request) => {
      const { id: userId } = caller(request);
      const runId = request.params.id;
      const { body } = request;
      await keyedTransaction(request, db, async (tx) => {
        const run = await ownOpenRun(tx, runId, userId, 'This run is over');
        const q = await moduleQuestionnaire(tx, run.module_id);
        const answers = checkAnswers(q, body);
        if (answers.before && q && (await firstBeforeSet(tx, q, userId, run.module_id, runId)) !== null)
          throw new HttpError(409, 'This run asks no questionnaire before it: an earlier run answered it');
        if (answers.after && (await findAssignment(tx, userId, run.module_id))?.completed_at)
          throw new HttpError(409, 'This run asks no questionnaire after it: the first completed run answered it');
        // Each answer is kept as it is given, added to those already kept.
        const before = answers.before ? { ...run.answers_before, ...answers.before } : run.answers_before;
        await updateOpen(
          tx,
          runId,
          {
            ...(answers.before ? { answers_before: before } : {}),
            ...(answers.after ? { answers_after: { ...run.answers_after, ...answers.after } } : {}),
          },
          'This run is over',
        );
        // The before-set is stated once it is complete (the after-set when the run finishes).
        if (q && answers.before && unanswered(q, before) === 0) {
          const facts = runFacts({ ...run, answers_before: before });
          await queueStatements(tx, xapi, facts, (b) => [b.answered(facts, q, 'before')]);
        }
      });
      return {};
    },
  );

  const finish = {
    operationId: 'finishRun',
    summary: 'Finish a run: the server replays its moves and keeps the outcome',
    tags,
    params: idParamsSchema,
    body: finishRunRequestSchema,
    response: { 200: finishRunResponseSchema, ...errorResponses },
  };
  app.post('/api/game/runs/:id/finish', { config: { idempotency: 'replay' }, schema: finish }, async (request) => {
    const { id: userId, row: account } = caller(request);
    const runId = request.params.id;
    const { body } = request;
    const over = 'This run is already finished';
    return keyedTransaction(request, db, async (tx) => {
      const run = await ownOpenRun(tx, runId, userId, over);
      extendsStored(run.log, body.log);
      const judged = judgeRun(run.module_snapshot as Module, run.seed, body.log);
      if (!judged.ok) throw new HttpError(422, `Illegal move ${judged.index + 1}: ${judged.error}`);
      const { outcome } = judged;
      if (outcome === 'in_progress') throw new HttpError(422, 'The run is not over: play to the last day');
      const now = Date.now();
      const moves = body.log.filter((c) => !('end_day' in c)).length;
      if (now - run.started_at < moves * options.minMsPerMove)
        throw new HttpError(422, 'This run was finished faster than it can be played');
      const q = await moduleQuestionnaire(tx, run.module_id);
      const given = checkAnswers(q, body.answers);
      const assignment = await findAssignment(tx, userId, run.module_id);
      const finished = finishRun({
        assignment,
        run,
        runs: q ? await runsWithBeforeAnswers(tx, userId, run.module_id) : [],
        questionnaire: q,
        given,
        play: {
          outcome,
          gauges: judged.gauges,
          objectivesCompleted: judged.objectivesCompleted,
          daysInRange: judged.daysInRange,
          score: judged.score,
        },
        now,
      });
      await updateOpen(tx, runId, { ...finished.run, log: body.log }, over);
      const facts = runFacts({ ...run, ...finished.run });
      await queueStatements(tx, xapi, facts, (b) => finishedStatements(b, facts, q));
      if (assignment && finished.assignment) {
        // A completion issues its certificate, and a recertifying module's completion lapses in time.
        const completes = assignment.completed_at === 0 && finished.assignment.completed_at > 0;
        const renews_at = completes
          ? await issueCertificate(tx, {
              user: account,
              moduleId: run.module_id,
              runId,
              completedAt: finished.assignment.completed_at,
              dueAt: assignment.due_at,
            })
          : assignment.renews_at;
        await updateAssignment(tx, userId, run.module_id, { ...finished.assignment, renews_at });
      }
      return { outcome, game_status: finished.gameStatus, score: judged.score };
    });
  });

  app.post(
    '/api/game/runs/:id/quit',
    {
      config: { idempotency: 'replay' },
      schema: { operationId: 'quitRun', summary: 'Quit a run', tags, params: idParamsSchema, response: empty },
    },
    async (request) => {
      const { id: userId } = caller(request);
      const runId = request.params.id;
      const over = 'This run is already finished';
      await keyedTransaction(request, db, async (tx) => {
        const run = await ownOpenRun(tx, runId, userId, over);
        const now = Date.now();
        await updateOpen(tx, runId, { status: 'quit', finished_at: now }, over);
        const facts = runFacts({ ...run, status: 'quit', finished_at: now });
        await queueStatements(tx, xapi, facts, (b) => b.quit(facts));
        const a = await findAssignment(tx, userId, run.module_id);
        if (a && a.completed_at === 0)
          await updateAssignment(tx, userId, run.module_id, { game_status: GAME_STATUS.QUIT });
      });
      return {};
    },
  );
}

/**
 * The caller's run while it is open, locked until the transaction ends, so that two
 * transitions of one run take turns; someone else's run is as unknown as a missing one (404),
 * a run that is over is a 409 saying `over`.
 */
async function ownOpenRun(tx: Db, runId: string, userId: string, over: string): Promise<RunRow> {
  const run = await lockRun(tx, runId);
  if (!run || run.user_id !== userId) throw new HttpError(404, 'No such run');
  if (run.status !== 'in_progress') throw new HttpError(409, over);
  return run;
}

/**
 * Stores a transition of an open run: one UPDATE … WHERE status = 'in_progress', its row
 * count checked, so a run that another request ended meanwhile is a 409 and the transaction
 * (with what it would have queued) rolls back.
 */
async function updateOpen(tx: Db, runId: string, change: Parameters<typeof updateOpenRun>[2], over: string) {
  if (!(await updateOpenRun(tx, runId, change))) throw new HttpError(409, over);
}

/** A saved log only grows: a move once kept is never taken back, so no day is played twice (409). */
function extendsStored(stored: readonly GameCommand[], log: readonly GameCommand[]): void {
  const same = stored.length <= log.length && stored.every((c, i) => JSON.stringify(c) === JSON.stringify(log[i]));
  if (!same) throw new HttpError(409, 'This run has moved on since: reload it to continue from its latest move');
}
