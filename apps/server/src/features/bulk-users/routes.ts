/** POST admin/users/bulk: one action on many selected users (docs/api.md, "Bulk actions"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkUsersRequestSchema, bulkUsersResponseSchema } from '@airman/contracts/bulk-users.ts';
import type { Config } from '#config.ts';
import type { Database } from '#db/database.ts';
import { HttpError } from '#lib/http-error.ts';
import { outsideScope } from '#lib/scope.ts';
import { caller } from '#plugins/auth.ts';
import { errorResponses } from '#plugins/schemas.ts';
import { applyBulkAction } from './repository.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';
import { keyedTransaction } from '#plugins/idempotency.ts';

const tags: ApiTag[] = ['Bulk actions'];

export function bulkUserRoutes(server: FastifyInstance, database: Database, config: Config): void {
  const { db } = database;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const schema = {
    operationId: 'bulkUpdateUsers',
    summary: 'Apply one action to many users',
    tags,
    body: bulkUsersRequestSchema,
    response: { 200: bulkUsersResponseSchema, ...errorResponses },
  };
  // A unit administrator's request naming anyone outside its units is refused whole: nothing is changed.
  app.post(
    '/api/admin/users/bulk',
    { config: { access: 'unit_admin', idempotency: 'replay' }, schema },
    async (request) => {
      const outside = await outsideScope(database, caller(request).scope, request.body.ids);
      if (outside.length > 0)
        throw new HttpError(404, `ids: no such user among the users you administer: ${outside.join(', ')}`);
      return keyedTransaction(request, db, (tx) => applyBulkAction(tx, config, caller(request).id, request.body));
    },
  );
}
