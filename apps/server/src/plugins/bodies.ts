/**
 * What a request body may be, and how much of one is read. JSON is parsed for every
 * route (up to BODY_LIMIT_BYTES); CSV only by the invite-file routes, in their own
 * context (features/invite-file/routes.ts); any other media type is answered 415 before
 * a byte of the body is read. Fastify's text/plain parser is removed: no route takes text.
 *
 * A body announced larger than its route takes (Content-Length) is answered 413 as soon as
 * the request's head has arrived, before the caller's token is checked, whatever the method;
 * Fastify counts the bytes of a body sent in chunks and answers 413 once they pass the limit.
 *
 * An answer sent before the request's body has arrived (a 415, a 413, a 401 for a
 * route the caller may not use) closes the connection, so that the server reads no
 * further; otherwise Node would read and discard the rest of the body to keep the
 * connection for the next request.
 */
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';

/** The request announces a body: a length above zero, or chunks. */
function announcesBody(request: FastifyRequest): boolean {
  const { headers } = request;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

export function registerBodyRules(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', (request, _reply, done) => {
    const length = request.headers['content-length'];
    if (length !== undefined && Number(length) > request.routeOptions.bodyLimit) {
      // The route's own error handler may put it in words (the invite file does).
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete && announcesBody(request)) reply.header('connection', 'close');
    done(null, payload);
  });
}
