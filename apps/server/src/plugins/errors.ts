/**
 * One error handler: every failure becomes JSON {message}. Client errors keep
 * their status and say what was wrong; server errors are logged and hidden.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(err.code ? { message: err.message, code: err.code } : { message: err.message });
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large…
      return reply.code(status).send({ message: err.message });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });
}
