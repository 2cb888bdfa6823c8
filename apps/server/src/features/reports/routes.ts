/** POST admin/reports/token: a download token for one module's report (decisions §4). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportTokenRequestSchema, reportTokenResponseSchema } from '@airman/contracts/api.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { caller } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/schemas.ts';
import { issueReportToken } from './report-tokens.ts';
import { moduleExists } from '../modules/repository.ts';

export function reportRoutes(server: FastifyInstance, db: Db): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const schema = { body: reportTokenRequestSchema, response: { 200: reportTokenResponseSchema, ...errorResponses } };
  app.post('/api/admin/reports/token', { config: { access: 'admin' }, schema }, async (request) => {
    const { module } = request.body;
    if (!(await moduleExists(db, module))) throw new HttpError(404, `No module '${module}'`);
    return { token: await issueReportToken(db, caller(request).id, module) };
  });
}
