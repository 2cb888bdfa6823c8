/** Modules (spec §7): list, get, create, update, archive, unarchive. The questionnaire is in routes/questionnaire. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, modulesResponseSchema } from '@airman/contracts/api.ts';
import { isBaseModule, moduleSchema, type Module } from '@airman/contracts/module.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { presentModule } from './present-module.ts';
import { checkModule, moduleContent } from './save-module.ts';
import { errorResponses } from '../../plugins/schemas.ts';
import {
  archiveModule,
  findModuleRow,
  insertModule,
  listModules,
  unarchiveModule,
  updateModule,
} from './repository.ts';

const one = { 200: moduleSchema, ...errorResponses };

async function findModule(db: Db, id: string): Promise<Module> {
  const row = await findModuleRow(db, id);
  if (!row) throw new HttpError(404, `No module '${id}'`);
  return presentModule(row);
}

export function moduleRoutes(server: FastifyInstance, db: Db): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // The admin screens' list; trainees get their modules through the game API.
  app.get(
    '/api/modules',
    { config: { access: 'admin' }, schema: { response: { 200: modulesResponseSchema, ...errorResponses } } },
    async () => {
      return (await listModules(db)).map(presentModule);
    },
  );

  app.get(
    '/api/modules/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: one } },
    async (request) => findModule(db, request.params.id),
  );

  // The body's shape is checked by its schema, its rules (gauges named, objectives reachable…) by checkModule.
  const create = { body: moduleSchema, response: { 201: moduleSchema, ...errorResponses } };
  app.post('/api/modules', { config: { access: 'admin' }, schema: create }, async (request, reply) => {
    const input = checkModule(request.body);
    if (input.id !== '') throw new HttpError(400, "id: must be '' to create a module (use PUT modules/{id} to update)");
    const now = Date.now();
    const id = `m_${crypto.randomBytes(9).toString('base64url')}`;
    const row = await insertModule(
      db,
      id,
      {
        game_title: input.game_title,
        game_description: input.game_description,
        game_type: input.game_type,
        content: moduleContent(input),
      },
      now,
    );
    reply.code(201);
    return presentModule(row);
  });

  app.put(
    '/api/modules/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, body: moduleSchema, response: one } },
    async (request) => {
      const { id } = request.params;
      const input = checkModule(request.body);
      if (input.id !== id) throw new HttpError(400, 'id: must match the module being updated');
      const existing = await findModule(db, id);
      if (isBaseModule(existing) && input.game_type !== existing.game_type)
        throw new HttpError(400, 'game_type: a base module keeps its type');
      // Taking its own id as type would make a copy a base module, which can never be archived.
      if (!isBaseModule(existing) && input.game_type === id)
        throw new HttpError(400, 'game_type: only a base module is its own type');
      const row = await updateModule(
        db,
        id,
        {
          game_title: input.game_title,
          game_description: input.game_description,
          game_type: input.game_type,
          content: moduleContent(input),
        },
        Date.now(),
      );
      return presentModule(row);
    },
  );

  app.delete(
    '/api/modules/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: one } },
    async (request) => {
      const { id } = request.params;
      const existing = await findModule(db, id);
      if (isBaseModule(existing)) throw new HttpError(409, 'Base modules cannot be archived');
      if (existing.archived_at > 0) return existing;
      return presentModule(await archiveModule(db, id, Date.now()));
    },
  );

  // Live again: assignable and editable, as before it was archived (an archived module keeps everything).
  app.post(
    '/api/modules/:id/unarchive',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: one } },
    async (request) => {
      const { id } = request.params;
      const existing = await findModule(db, id);
      if (existing.archived_at === 0) return existing;
      return presentModule(await unarchiveModule(db, id));
    },
  );
}
