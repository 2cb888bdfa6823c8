/**
 * The one HTTP client. It adds the bearer token to every call, retries a 401
 * on GET/POST/PUT with the freshly re-read token (the game may have written a
 * newer one) up to 3 times; a call still refused then waits, its body kept,
 * while the user signs in again over the page (session-renewal.ts), and is sent
 * once more with the new token; it logs out only when the user chooses to sign
 * out (or no page can ask). It retries every call twice on
 * network errors, 408, 503 and 504 (and a read on 502), and a write on a 409 with
 * Retry-After (its Idempotency-Key's first request is still running on the
 * server). A write answered 502 is not repeated: the server says so when a
 * mail server refused what the write sent, and a proxy in front of several
 * servers has already tried the next one. Each write carries an Idempotency-Key, the
 * same on every retry of it, so that the server carries it out once however
 * often it arrives. TanStack Query's own retries are off: one retry layer only.
 */
import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { HTTP_RETRIES, HTTP_TIMEOUT_MS, TOKEN_RETRY_LIMIT } from '@airman/contracts/constants.ts';
import { forceLogout, type LogoutReason } from './session-messages.ts';
import { renewSession } from './session-renewal.ts';
import { readToken, tokenState } from './token-store.ts';

const RETRY_ON_401 = new Set(['GET', 'POST', 'PUT']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A new key for one write, as a Structured Field string. From getRandomValues, which a
 * page served over plain HTTP has too (randomUUID needs a secure context).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `"${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

/** An HTTP error carrying the server's {message} (and code), ready to show. */
export class ApiError extends HTTPError {
  code: string | undefined;

  constructor(error: HTTPError, message: string, code: string | undefined) {
    super(error.response, error.request, error.options);
    this.message = message;
    this.code = code;
  }

  get status(): number {
    return this.response.status;
  }
}

async function withServerMessage(error: HTTPError): Promise<ApiError> {
  let message = error.response.statusText || `HTTP ${error.response.status}`;
  let code: string | undefined;
  try {
    const body = (await error.response.clone().json()) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string') message = body.message;
    if (typeof body.code === 'string') code = body.code;
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(error, message, code);
}

/** The server's answer to a write whose Idempotency-Key's first request is still running: try again. */
function isStillRunning(error: Error): boolean {
  return error instanceof HTTPError && error.response.status === 409 && error.response.headers.has('Retry-After');
}

export const api: KyInstance = ky.create({
  prefixUrl: '/api',
  timeout: HTTP_TIMEOUT_MS,
  retry: {
    limit: HTTP_RETRIES,
    // Writes too: their Idempotency-Key makes a retry safe.
    methods: ['get', 'put', 'head', 'delete', 'options', 'post', 'patch'],
    statusCodes: [408, 502, 503, 504],
    shouldRetry: ({ error }) => {
      if (isStillRunning(error)) return true;
      if (error instanceof HTTPError && error.response.status === 502 && WRITES.has(error.request.method)) return false;
      return undefined;
    },
  },
  hooks: {
    beforeRequest: [
      (request) => {
        // A retry is a copy of the request it repeats: it keeps that request's key.
        if (WRITES.has(request.method) && !request.headers.has('Idempotency-Key'))
          request.headers.set('Idempotency-Key', newIdempotencyKey());
      },
      (request, options) => {
        // Calls of anonymous pages (login, invite, registration) never carry a token.
        if (options.context.anonymous === true) return;
        const token = readToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      async (request, options, response) => {
        if (response.status !== 401 || !request.headers.has('Authorization')) return response;
        const send = (token: string) => {
          // From a copy: building a request from another uses up its body, and a
          // write may be sent several more times.
          const retryRequest = new Request(request.clone(), { headers: new Headers(request.headers) });
          retryRequest.headers.set('Authorization', `Bearer ${token}`);
          // The same time-out as the first try (ky's applies to that one only).
          const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
          return fetch(retryRequest, { signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout });
        };
        if (RETRY_ON_401.has(request.method)) {
          for (let attempt = 0; attempt < TOKEN_RETRY_LIMIT; attempt++) {
            const token = readToken();
            if (!token) break;
            const retried = await send(token);
            if (retried.status !== 401) return retried;
          }
        }
        // The session is over: the request waits, its body kept, while the user signs in
        // again over the page, and is then sent with the new token (not a call that ends
        // the session anyway: Log Out).
        const reason = await refusedBecause(readToken(), response);
        const renewed = options.context.renew !== false && (await renewSession(reason));
        const token = readToken();
        if (renewed && token) {
          const retried = await send(token);
          if (retried.status !== 401) return retried;
        }
        forceLogout(renewed ? reasonOf(token) : reason);
        return response;
      },
    ],
    beforeError: [withServerMessage],
  },
});

function reasonOf(token: string | null): LogoutReason {
  const state = tokenState(token);
  return state === 'expired' ? 'expired' : state === 'missing' ? 'missing' : 'invalid';
}

/** Why the server refused a token: its own word (the 401's `code`, decision 002), else what the token tells. */
async function refusedBecause(token: string | null, response: Response): Promise<LogoutReason> {
  try {
    const { code } = (await response.clone().json()) as { code?: unknown };
    if (code === 'token_expired') return 'expired';
    if (code === 'token_invalid') return 'invalid';
    if (code === 'token_missing') return 'missing';
  } catch {
    // Not JSON: judge by the token.
  }
  return reasonOf(token);
}

/** The server refused the stored token on every try: logs out, saying why as well as the token tells. */
export function sessionRefused(): void {
  forceLogout(reasonOf(readToken()));
}

/** Options for a call made without a session (no token, no 401 handling). */
export const ANONYMOUS = { context: { anonymous: true } } as const;

/** How long an answer asked for ahead (prefetchJson) waits for its page's getJson. */
const AHEAD_MS = 10_000;
const askedAhead = new Map<string, { token: string | null; at: number; answer: Promise<unknown> }>();

/**
 * Asks for `path` now, for the next getJson of the same path (without options) to take, once:
 * what the page will ask for as soon as its code has run (the game's list, asked by the game's
 * bundle once downloaded). Not taken within AHEAD_MS, or by another token's session, it is
 * dropped and asked again.
 */
export function prefetchJson(path: string): void {
  const held = askedAhead.get(path);
  if (held && Date.now() - held.at < AHEAD_MS) return;
  const answer = api.get(path).json();
  // Its failure is shown by the page that takes it.
  answer.catch(() => undefined);
  askedAhead.set(path, { token: readToken(), at: Date.now(), answer });
}

/** GET returning parsed JSON. */
export function getJson<T>(path: string, options?: Options): Promise<T> {
  const held = options === undefined ? askedAhead.get(path) : undefined;
  if (held) {
    askedAhead.delete(path);
    if (held.token === readToken() && Date.now() - held.at < AHEAD_MS) return held.answer as Promise<T>;
  }
  return api.get(path, options).json<T>();
}

/** A body-carrying call returning parsed JSON. */
export function sendJson<T>(method: 'post' | 'put' | 'delete', path: string, json?: unknown): Promise<T> {
  return api[method](path, json === undefined ? {} : { json }).json<T>();
}
