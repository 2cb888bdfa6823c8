/** GET admin/audit: the audit log, filtered and paged, or as CSV (docs/audit.md). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_PAGE_SIZE, auditPageSchema, auditQuerySchema } from '@airman/contracts/audit.ts';
import type { Db } from '#db/database.ts';
import { caller } from '#plugins/auth.ts';
import { errorResponses } from '#plugins/schemas.ts';
import { allEntries, auditPage, resolveFilter } from './repository.ts';
import { sendAuditCsv } from './csv.ts';
import { audit } from '#lib/audit.ts';
import type { ApiTag } from '#plugins/openapi-components.ts';

const csvText = z.string().describe('With csv=1: every matching entry as CSV (text/csv), newest first.');

const tags: ApiTag[] = ['Audit'];

export function auditRoutes(server: FastifyInstance, db: Db): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const schema = {
    operationId: 'listAuditEntries',
    summary: 'List audit entries a page at a time, or all of them as CSV',
    tags,
    querystring: auditQuerySchema,
    response: {
      200: {
        description: 'A page of audit entries, newest first, or with csv=1 all of them as CSV',
        content: { 'application/json': { schema: auditPageSchema }, 'text/csv': { schema: csvText } },
      },
      ...errorResponses,
    },
  };
  app.get('/api/admin/audit', { config: { access: 'unit_admin' }, schema }, async (request, reply) => {
    const { cursor, limit, csv, ...query } = request.query;
    const filter = { ...(await resolveFilter(db, query)), scope: caller(request).scope };
    if (csv === '1') {
      // Reading the whole log out is audited, as a report download is: who took which entries, when.
      await audit(db, {
        action: 'audit.download',
        target: { kind: 'audit', id: 'audit_log' },
        after: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)),
      });
      await sendAuditCsv(reply, allEntries(db, filter));
      return undefined;
    }
    return auditPage(db, filter, cursor, limit ?? AUDIT_PAGE_SIZE);
  });
}
