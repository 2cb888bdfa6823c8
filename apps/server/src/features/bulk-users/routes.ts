/** POST admin/users/bulk: one action on many selected users (docs/api.md, "Bulk actions"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkUsersRequestSchema, bulkUsersResponseSchema } from '@airman/contracts/bulk-users.ts';
import type { Config } from '#config.ts';
import type { Db } from '#db/database.ts';
import { caller } from '#plugins/auth.ts';
import { errorResponses } from '#plugins/schemas.ts';
import { applyBulkAction } from './repository.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

const tags: ApiTag[] = ['Bulk actions'];

export function bulkUserRoutes(server: FastifyInstance, db: Db, config: Config): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const schema = {
    operationId: 'bulkUpdateUsers',
    summary: 'Apply one action to many users',
    tags,
    body: bulkUsersRequestSchema,
    response: { 200: bulkUsersResponseSchema, ...errorResponses },
  };
  app.post('/api/admin/users/bulk', { config: { access: 'admin', idempotency: 'replay' }, schema }, async (request) =>
    applyBulkAction(db, config, caller(request).id, request.body),
  );
}
