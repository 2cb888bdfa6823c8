/**
 * POST admin/reports/token: a download token for one module's report (docs/api.md, "The module report").
 * GET admin/reports/xapi: every run's xAPI statements as NDJSON (docs/xapi.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportTokenRequestSchema, reportTokenResponseSchema } from '@airman/contracts/api.ts';
import { NDJSON_TYPE, xapiReportQuerySchema } from '@airman/contracts/xapi.ts';
import type { Database, Db } from '#db/database.ts';
import { HttpError } from '#lib/http-error.ts';
import { caller } from '#plugins/auth.ts';
import { errorResponses } from '#plugins/schemas.ts';
import { issueReportToken } from './report-tokens.ts';
import { moduleExists } from '../modules/repository.ts';
import { sendXapiReport } from './xapi-report.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

const tags: ApiTag[] = ['Reports'];

export function reportRoutes(server: FastifyInstance, db: Db): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const schema = {
    operationId: 'createReportToken',
    summary: 'Get a single-use token to download a module report',
    tags,
    body: reportTokenRequestSchema,
    response: { 200: reportTokenResponseSchema, ...errorResponses },
  };
  // The answer is a token, never kept for an Idempotency-Key: a repeat mints another.
  app.post(
    '/api/admin/reports/token',
    // A unit administrator's download holds its trainees only (module-report.ts).
    { config: { access: 'unit_admin', idempotency: 'ignore' }, schema },
    async (request) => {
      const { module } = request.body;
      if (!(await moduleExists(db, module))) throw new HttpError(404, `No module '${module}'`);
      return { token: await issueReportToken(db, caller(request).id, module) };
    },
  );
}

const ndjson = z
  .string()
  .describe("Every run's xAPI statements (1.0.3), one JSON statement a line, runs in the order they started.");

export function xapiReportRoutes(server: FastifyInstance, database: Database, publicUrl: string): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const schema = {
    operationId: 'exportXapiStatements',
    summary: "Export every run's xAPI statements",
    tags,
    querystring: xapiReportQuerySchema,
    response: {
      200: { description: 'The statements as NDJSON', content: { [NDJSON_TYPE]: { schema: ndjson } } },
      ...errorResponses,
    },
  };
  // A unit administrator's export holds the runs of its trainees only.
  app.get('/api/admin/reports/xapi', { config: { access: 'unit_admin' }, schema }, async (request, reply) => {
    await sendXapiReport(request.query, reply, database, publicUrl, caller(request).scope);
    return reply;
  });
}
