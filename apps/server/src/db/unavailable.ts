/**
 * Whether an error means the database cannot be reached right now (rather
 * than that a statement was wrong): the request may succeed if tried again
 * shortly, so it answers 503 with Retry-After instead of 500.
 */

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

// Node's socket errors on the way to the server.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
// PostgreSQL's: connection exceptions (class 08), too many connections, shutting
// down or starting up, and a database that refuses connections for now.
const SQLSTATE = /^(08...|53300|57P0[123])$/;
// node-postgres says these in words only.
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|is not currently accepting connections/;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as `cause`; follow the chain a few links.
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (MESSAGES.test(e.message)) return true;
  }
  return false;
}
