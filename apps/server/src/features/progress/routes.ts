/** GET admin/progress: training progress at a glance (features/progress/progress.ts). */
import type { FastifyInstance } from 'fastify';
import { caller } from '#plugins/auth.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  overdueTraineesQuerySchema,
  overdueTraineesResponseSchema,
  progressQuerySchema,
  progressResponseSchema,
} from '@airman/contracts/progress.ts';
import type { Database } from '#db/database.ts';
import { errorResponses } from '#plugins/schemas.ts';
import { overdueTrainees, progressReport } from './progress.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

const tags: ApiTag[] = ['Progress'];

export function progressRoutes(server: FastifyInstance, database: Database, followupDays: number | undefined): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const schema = {
    operationId: 'getProgress',
    summary: 'Get progress at a glance',
    tags,
    querystring: progressQuerySchema,
    response: { 200: progressResponseSchema, ...errorResponses },
  };
  app.get('/api/admin/progress', { config: { access: 'unit_admin' }, schema }, async (request) => ({
    ...(await progressReport(database, request.query, Date.now(), caller(request).scope)),
    followup_days: followupDays ?? null,
  }));
  app.get(
    '/api/admin/progress/overdue-trainees',
    {
      // A unit administrator's: the trainees of its units only.
      config: { access: 'unit_admin' },
      schema: {
        operationId: 'getOverdueTrainees',
        summary: 'Get every trainee a reminder to the overdue in these filters reaches',
        tags,
        querystring: overdueTraineesQuerySchema,
        response: { 200: overdueTraineesResponseSchema, ...errorResponses },
      },
    },
    async (request) => overdueTrainees(database, request.query, Date.now(), caller(request).scope),
  );
}
