/** POST admin/reports/token: a download token for one module's report (decisions §4). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { reportTokenRequestSchema } from '@airman/contracts/api.ts';
import type { Db } from '../../db/database.ts';
import { modules } from '../../db/schema.ts';
import { HttpError, parseInput } from '../../lib/http-error.ts';
import { caller } from '../../plugins/auth.ts';
import { issueReportToken } from '../../reports/report-tokens.ts';

export function reportRoutes(app: FastifyInstance, db: Db): void {
  app.post('/api/admin/reports/token', { config: { access: 'admin' } }, async (request) => {
    const { module } = parseInput(reportTokenRequestSchema, request.body);
    const [m] = await db.select({ id: modules.id }).from(modules).where(eq(modules.id, module)).limit(1);
    if (!m) throw new HttpError(404, `No module '${module}'`);
    return { token: await issueReportToken(db, caller(request).id, module) };
  });
}
