/** Modules (spec §7): list, get, create, update, archive, unarchive. The questionnaire is in routes/questionnaire. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  moduleWithProblemSchema,
  modulesResponseSchema,
  type ModuleWithProblem,
} from '@airman/contracts/api.ts';
import { moduleSchema, type Module } from '@airman/contracts/module.ts';
import { questionnaireSchema } from '@airman/contracts/questionnaire.ts';
import { describeZodError } from '@airman/contracts/zod-error.ts';
import { say } from '@airman/engine/check-messages.ts';
import { describeProblem } from '@airman/engine/problem-place.ts';
import type { Db } from '#db/database.ts';
import { keyedTransaction } from '#plugins/idempotency.ts';
import { HttpError } from '#lib/http-error.ts';
import { checkArchivable, checkSavedType } from './base-module-rules.ts';
import { presentModule } from './present-module.ts';
import { checkModule, moduleErrors, moduleFields, refuseInvalidParts } from './save-module.ts';
import { errorResponses } from '#plugins/schemas.ts';
import {
  archiveModule,
  findModuleRow,
  insertModule,
  listModules,
  lockModuleRow,
  unarchiveModule,
  updateModule,
  type ModuleRow,
} from './repository.ts';
import { findVersion, listVersions, saveVersioned, type VersionedSave } from './versions.ts';
import {
  moduleVersionParamsSchema,
  moduleVersionSchema,
  moduleVersionsResponseSchema,
} from '@airman/contracts/audit.ts';
import { saveQuestionnaire } from '../questionnaire/repository.ts';
import { endRenewals } from '../record/renewals.ts';
import { audit } from '#lib/audit.ts';
import { moduleArchived, moduleCreated, moduleRestored, moduleSaved, moduleUnarchived } from '../audit/entries.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

const one = { 200: moduleSchema, ...errorResponses };

async function findModule(db: Db, id: string): Promise<Module> {
  const row = await findModuleRow(db, id);
  if (!row) throw new HttpError(404, `No module '${id}'`);
  return presentModule(row);
}

/**
 * A module as the admin screens read it: as stored when it passes today's checks, else with
 * its problem (a module stored before a cap was lowered must not break the list or the editor).
 */
function listed(module: Module): Module | ModuleWithProblem {
  if (moduleSchema.safeParse(module).success) return module;
  return { ...module, problem: moduleErrors(module) };
}

/** The module's row, locked until the transaction ends (a change's before, as no other save can move it); 404 when none. */
async function lockedModule(tx: Db, id: string): Promise<ModuleRow> {
  const row = await lockModuleRow(tx, id);
  if (!row) throw new HttpError(404, `No module '${id}'`);
  return row;
}

const tags: ApiTag[] = ['Modules'];

export function moduleRoutes(server: FastifyInstance, db: Db): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // The admin screens' list; trainees get their modules through the game API. A unit administrator
  // reads modules (and play-tests them) but never changes them: the writes below are administrators'.
  app.get(
    '/api/modules',
    {
      config: { access: 'unit_admin' },
      schema: {
        operationId: 'listModules',
        summary: 'List modules',
        tags,
        response: { 200: modulesResponseSchema, ...errorResponses },
      },
    },
    async () => {
      return (await listModules(db)).map((row) => listed(presentModule(row)));
    },
  );

  app.get(
    '/api/modules/:id',
    {
      config: { access: 'unit_admin' },
      schema: {
        operationId: 'getModule',
        summary: 'Get a module',
        tags,
        params: idParamsSchema,
        response: { 200: moduleSchema.or(moduleWithProblemSchema), ...errorResponses },
      },
    },
    async (request) => listed(await findModule(db, request.params.id)),
  );

  // The body's shape and its rules (gauges named, objectives reachable…) are checked by checkModule, its words the editor's.
  const create = {
    operationId: 'createModule',
    summary: 'Create a module',
    tags,
    body: moduleSchema,
    response: { 201: moduleSchema, ...errorResponses },
  };
  app.post(
    '/api/modules',
    { config: { access: 'admin', idempotency: 'replay' }, schema: create, attachValidation: true },
    async (request, reply) => {
      refuseInvalidParts(request);
      const input = checkModule(request.body);
      if (input.id !== '')
        throw new HttpError(400, describeProblem(input, { path: ['id'], message: say('newModuleId') }));
      const now = Date.now();
      const id = `m_${crypto.randomBytes(9).toString('base64url')}`;
      const row = await keyedTransaction(request, db, async (tx) => {
        const saved = await saveVersioned(tx, id, () => insertModule(tx, id, moduleFields(input), now));
        // Every new module is a copy of a base module (its type): the editor's "New" and "Copy" alike.
        await audit(tx, moduleCreated(id, saved));
        return saved.result;
      });
      reply.code(201);
      return presentModule(row);
    },
  );

  app.put(
    '/api/modules/:id',
    {
      config: { access: 'admin', idempotency: 'replay' },
      schema: {
        operationId: 'updateModule',
        summary: 'Save a module (a new version)',
        tags,
        params: idParamsSchema,
        body: moduleSchema,
        response: one,
      },
      attachValidation: true,
    },
    async (request) => {
      refuseInvalidParts(request);
      const { id } = request.params;
      const input = checkModule(request.body);
      if (input.id !== id)
        throw new HttpError(400, describeProblem(input, { path: ['id'], message: say('sameModuleId', { id }) }));
      const existing = await findModule(db, id);
      checkSavedType(existing, input);
      return keyedTransaction(request, db, async (tx) => {
        // The entry compares the module as read under saveVersioned's lock, never as read above.
        const saved = await saveVersioned(tx, id, () => updateModule(tx, id, moduleFields(input), Date.now()));
        await audit(tx, moduleSaved(id, saved));
        await endRenewalsIfOnce(tx, saved);
        return presentModule(saved.result);
      });
    },
  );

  app.delete(
    '/api/modules/:id',
    {
      config: { access: 'admin', idempotency: 'replay' },
      schema: {
        operationId: 'archiveModule',
        summary: 'Archive a module',
        tags,
        params: idParamsSchema,
        response: one,
      },
    },
    async (request) => {
      const { id } = request.params;
      return keyedTransaction(request, db, async (tx) => {
        const existing = await lockedModule(tx, id);
        checkArchivable(presentModule(existing));
        // Archived already (by another admin meanwhile, say): nothing changes, nothing to record.
        if (existing.archived_at > 0) return presentModule(existing);
        const row = await archiveModule(tx, id, Date.now());
        await audit(tx, moduleArchived(existing, row));
        return presentModule(row);
      });
    },
  );

  app.get(
    '/api/modules/:id/versions',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listModuleVersions',
        summary: "List a module's saved versions",
        tags,
        params: idParamsSchema,
        response: { 200: moduleVersionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await findModule(db, id);
      return { versions: await listVersions(db, id) };
    },
  );

  const oneVersion = {
    operationId: 'getModuleVersion',
    summary: 'Get one saved version of a module',
    tags,
    params: moduleVersionParamsSchema,
    response: { 200: moduleVersionSchema, ...errorResponses },
  };
  app.get('/api/modules/:id/versions/:n', { config: { access: 'admin' }, schema: oneVersion }, async (request) => {
    const { id, n } = request.params;
    const v = await findVersion(db, id, n);
    if (!v) throw new HttpError(404, `Module '${id}' has no version ${n}`);
    const { module_id: _module, ...version } = v;
    return version;
  });

  // A restore is a save like any other: the version's module (and questionnaire) become the next version.
  app.post(
    '/api/modules/:id/versions/:n/restore',
    {
      config: { access: 'admin', idempotency: 'replay' },
      schema: {
        operationId: 'restoreModuleVersion',
        summary: 'Restore a saved version as the next version',
        tags,
        params: moduleVersionParamsSchema,
        response: one,
      },
    },
    async (request) => {
      const { id, n } = request.params;
      return keyedTransaction(request, db, async (tx) => {
        const v = await findVersion(tx, id, n);
        if (!v) throw new HttpError(404, `Module '${id}' has no version ${n}`);
        const existing = await findModule(tx, id);
        checkRestorable(existing, v.module, v.questionnaire, n);
        const saved = await saveVersioned(tx, id, async () => {
          const row = await updateModule(tx, id, moduleFields(v.module), Date.now());
          if (v.questionnaire) await saveQuestionnaire(tx, id, v.questionnaire, Date.now());
          return row;
        });
        await audit(tx, moduleRestored(id, saved, n));
        await endRenewalsIfOnce(tx, saved);
        return presentModule(saved.result);
      });
    },
  );

  // Live again: assignable and editable, as before it was archived (an archived module keeps everything).
  app.post(
    '/api/modules/:id/unarchive',
    {
      config: { access: 'admin', idempotency: 'replay' },
      schema: {
        operationId: 'unarchiveModule',
        summary: 'Make an archived module live again',
        tags,
        params: idParamsSchema,
        response: one,
      },
    },
    async (request) => {
      const { id } = request.params;
      return keyedTransaction(request, db, async (tx) => {
        const existing = await lockedModule(tx, id);
        if (existing.archived_at === 0) return presentModule(existing);
        const row = await unarchiveModule(tx, id);
        await audit(tx, moduleUnarchived(existing, row));
        return presentModule(row);
      });
    },
  );
}

/**
 * A restore is a save: the version must pass what a save checks today (the schema and its caps,
 * the engine's rules, the module's id and type, the questionnaire's schema), or it is refused
 * (422) and nothing changes. A version saved before a cap was lowered can no longer be restored.
 */
function checkRestorable(existing: Module, module: Module, questionnaire: unknown, n: number): void {
  const refuse = (why: string) => new HttpError(422, `Version ${n} cannot be restored: ${why}`);
  const errors = moduleErrors(module);
  if (errors !== '') throw refuse(errors);
  if (module.id !== existing.id) throw refuse(`it is the version of module '${module.id}'`);
  try {
    checkSavedType(existing, module);
  } catch (err) {
    throw err instanceof HttpError ? refuse(err.message) : err;
  }
  if (questionnaire !== null) {
    const parsed = questionnaireSchema.safeParse(questionnaire);
    if (!parsed.success) throw refuse(`its questionnaire: ${describeZodError(parsed.error)}`);
  }
}

/**
 * A save (or restore) that took the module's "Recertify every N months" away: its completions are
 * for good from then on, those held already included (features/record/renewals.ts, decision 023).
 */
async function endRenewalsIfOnce(tx: Db, saved: VersionedSave<unknown>): Promise<void> {
  const before = saved.before?.module.recertify_months ?? null;
  const after = saved.after.module.recertify_months ?? null;
  if (before !== null && after === null) {
    await endRenewals(tx, { id: saved.after.module.id, title: saved.after.module.game_title });
  }
}
