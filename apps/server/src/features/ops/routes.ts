/**
 * For load balancers and orchestrators: GET health says the process is alive
 * (it touches nothing else); GET ready says it can serve, with its database
 * reachable and every migration applied, or answers 503.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readiness, type Database } from '#db/database.ts';
import { errorResponseSchema } from '@airman/contracts/api.ts';
import { errorResponses } from '#plugins/schemas.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

export const healthResponseSchema = z.object({ ok: z.literal(true), database: z.enum(['postgres', 'pglite']) });
export const readyResponseSchema = z.object({
  ok: z.boolean(),
  /** The database answered a query. */
  database: z.boolean(),
  /** Every migration this build knows is applied. */
  migrations: z.boolean(),
});

const tags: ApiTag[] = ['Operations'];

export function opsRoutes(server: FastifyInstance, database: Database): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getHealth',
        summary: 'Tell whether the process answers',
        tags,
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({
      ok: true as const,
      database: database.kind,
    }),
  );

  // 503: not ready, or shedding load (plugins: under-pressure), which answers {message}.
  const ready = {
    operationId: 'getReadiness',
    summary: 'Tell whether the server can serve: database reachable, migrations applied',
    tags,
    response: { 200: readyResponseSchema, 503: z.union([readyResponseSchema, errorResponseSchema]), ...errorResponses },
  };
  app.get('/api/ready', { config: { access: 'public' }, schema: ready }, async (_request, reply) => {
    const state = await readiness(database);
    const ok = state.database && state.migrations;
    return reply.code(ok ? 200 : 503).send({ ok, ...state });
  });
}
