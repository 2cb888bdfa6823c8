/**
 * The server's logger options: what a request and an error look like in the
 * log, with nothing in it that would let a reader sign in, register or reset
 * a password. Secrets leave in three ways, each closed here:
 * - headers (Authorization, cookies) and JSON fields (passwords, hashes,
 *   codes, tokens): pino's redaction;
 * - URLs that carry a code or token (invite lookup, registration, the reset
 *   page, a report's download token): the request serializer masks them;
 * - a failed statement's values (Drizzle puts every parameter in the error's
 *   message and `params`; PostgreSQL's `detail` quotes the row): the error
 *   serializer keeps the statement's text and codes, never its values.
 */
import type { FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/** Field names whose values are secrets wherever they appear (one or two levels down). */
const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'password_hash',
  'invite_code',
  'token',
  'auth',
  'code',
];

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

// Path segments after these are codes or tokens; query parameters of these names too.
const SECRET_PATH = /(\/(?:invite|register|reset-password)\/)[^/?#]+/g;
const SECRET_QUERY = /([?&](?:token|code)=)[^&#]*/g;

/** A URL as it may be logged. */
function safeUrl(url: string): string {
  return url.replace(SECRET_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** Drizzle's "Failed query: …\nparams: …" keeps its statement, loses its values. */
function withoutValues(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`);
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error for the log: type, message and stack without values, the SQLSTATE or errno code, its causes. */
function safeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: REDACTED, stack: '' };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.constructor.name,
    message: withoutValues(err.message),
    stack: withoutValues(err.stack ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
    ...(err.cause !== undefined && depth < 4 ? { cause: safeError(err.cause, depth + 1) } : {}),
  };
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      err: safeError,
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: safeUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}
