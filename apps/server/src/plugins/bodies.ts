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
 * A route anyone may call without a session (`access: 'public'`: sign-in, forgot and reset
 * password, registration, invite lookup, the sign-in link, the provider's sign-in, …) and a
 * path no route has take ANONYMOUS_BODY_LIMIT_BYTES at most: the largest of them (a
 * registration with a password of PASSWORD_MAX_LENGTH characters) is a few KiB, and parsing a
 * 1 MiB body costs ~5 ms of CPU that a client without an account could spend at will, even on
 * requests the anonymous gate then refuses. Decided on the route's options when it is added;
 * routes that need a session keep their own limits. A path without a route takes no body in
 * chunks (413).
 *
 * An answer sent before the request's body has arrived (a 415, a 413, a 401 for a
 * route the caller may not use) closes the connection, so that the server reads no
 * further; otherwise Node would read and discard the rest of the body to keep the
 * connection for the next request.
 */
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';

/** The most an anonymous request's body may hold. */
export const ANONYMOUS_BODY_LIMIT_BYTES = 8 * 1024;

/** The request announces a body: a length above zero, or chunks. */
function announcesBody(request: FastifyRequest): boolean {
  const { headers } = request;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/** The route (or, for a path without one, the not-found handler) takes no more than this. */
function bodyLimitOf(request: FastifyRequest): number {
  const { bodyLimit, config } = request.routeOptions;
  // access is read as the request arrives: a scope's own onRoute hook (web-app.ts) may set it after ours.
  return request.is404 || config.access === 'public' ? Math.min(bodyLimit, ANONYMOUS_BODY_LIMIT_BYTES) : bodyLimit;
}

export function registerBodyRules(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  // The parser's own limit, so that a body sent in chunks is cut at it too.
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'public') return;
    route.bodyLimit = Math.min(route.bodyLimit ?? Infinity, ANONYMOUS_BODY_LIMIT_BYTES);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const length = request.headers['content-length'];
    const limit = bodyLimitOf(request);
    // No route: its not-found handler would read a body sent in chunks up to the server's limit, for nothing.
    if (request.is404 && request.headers['transfer-encoding'] !== undefined) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    if (length !== undefined && Number(length) > limit) {
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
