/**
 * One error handler: every failure becomes JSON {message}. Client errors keep
 * their status and say what was wrong; server errors are logged and hidden;
 * a database out of reach is a 503 with Retry-After.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, request, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send(err.code ? { message: err.message, code: err.code } : { message: err.message });
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large…
      return reply.code(status).send({ message: err.message });
    }
    if (isDatabaseUnavailable(err)) {
      // Passing: the pool reconnects by itself; the client is asked to try again.
      request.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: 'The service is briefly unavailable. Try again in a few seconds.' });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });
}
