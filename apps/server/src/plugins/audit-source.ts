/**
 * Every request's transactions know who is asking, from where and in which request: the request
 * is kept in AsyncLocalStorage for lib/audit.ts, entered before anything else runs.
 */
import type { FastifyInstance } from 'fastify';
import { auditRequest } from '../lib/audit.ts';

export function registerAuditSource(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    auditRequest.run(request, done);
  });
}
