/**
 * What one connection may hold, and for how long. A request's head must arrive within
 * HEADERS_TIMEOUT_S of its first byte and its body within BODY_TIMEOUT_S more; past that
 * the connection is answered 408 and closed, whatever the client keeps sending.
 *
 * Node enforces both deadlines itself (http.Server's headersTimeout and requestTimeout,
 * checked every connectionsCheckingInterval). Its defaults did not cover a body trickled
 * one byte every 5 s: requestTimeout (Fastify's, 30 s) was shorter than headersTimeout
 * (Node's, 60 s), and Node then takes the shorter of the two for the head and the longer
 * for the whole request, checked every 30 s, so such a body held its connection for 60 to
 * 90 s. Here the whole request's deadline is the head's plus the body's, so never the
 * shorter one, and the check runs every second.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** How often Node looks for requests past their deadline: a deadline is kept to within this. */
export const DEADLINE_CHECK_MS = 1000;

/** Fastify's options for the deadlines of a request's head and body (and its answer when one passes). */
export function deadlineOptions(config: Pick<Config, 'headersTimeoutMs' | 'bodyTimeoutMs'>): {
  http: http.ServerOptions;
  requestTimeout: number;
  clientErrorHandler: (this: FastifyInstance, error: ConnectionError, socket: Socket) => void;
} {
  return {
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: DEADLINE_CHECK_MS },
    requestTimeout: config.headersTimeoutMs + config.bodyTimeoutMs,
    clientErrorHandler: answerClientError,
  };
}

const CLIENT_ERRORS = new Map([
  ['ERR_HTTP_REQUEST_TIMEOUT', { status: 408, message: 'The request did not arrive in time. Send it again.' }],
  ['HPE_HEADER_OVERFLOW', { status: 431, message: "The request's headers are too large." }],
]);
const MALFORMED = { status: 400, message: 'The request is not valid HTTP.' };

/**
 * A request Node could not take to the application (past its deadline, headers too large,
 * not HTTP): answered in the API's JSON, then the connection is closed.
 */
function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS.get(error.code) ?? MALFORMED;
  this.log.info({ code: error.code, remoteAddress: socket.remoteAddress, status }, 'request refused by the server');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
