/**
 * Writes safe to retry (IETF httpapi draft "The Idempotency-Key HTTP Header Field"):
 * a POST, PUT, PATCH or DELETE sent with `Idempotency-Key` is carried out once per
 * caller and key; the first answer is kept 24 hours and a repeat gets it again (same
 * status and body). A repeat with another method, path or body → 422; a repeat while
 * the first is still running → 409. The caller is the signed-in user, or a hash of
 * the client's address for a call without a token.
 *
 * A write route that takes the key does its writes in one transaction it opens with
 * keyedTransaction (below), which marks the key committed before its COMMIT, in that same
 * transaction (db/before-commit.ts). A COMMIT whose reply is lost is looked up by its mark on
 * another connection: when it landed, the request carries on and its answer is kept as usual.
 * A route may also record its answer in its transaction (answerInTransaction) for when even
 * that lookup fails. A committed write is never done twice: a repeat gets its answer, or 409
 * when none could be kept. docs/decisions/014-idempotent-writes.md explains the choice, and
 * docs/decisions/038-keyed-transactions.md why the route opens that transaction itself.
 *
 * Whether the answer may be kept is the route's own say (`config: { idempotency }`, below):
 * an answer that carries a credential (a token, an invite code) is never kept, and a body
 * that carries a password is never fingerprinted. docs/decisions/025-idempotency-per-route.md.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markedTransaction, type Mark } from '../db/before-commit.ts';
import { transaction, type Database, type Db } from '../db/database.ts';
import { sql } from 'drizzle-orm';
import { HttpError } from '../lib/http-error.ts';
import { addRouteHook } from '../lib/route-hooks.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a first answer is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * The first request's lease on its key, renewed while it runs: a repeat may take the key over
 * once it has lapsed (the first request's process died before committing anything). A write
 * whose lease was taken over cannot commit: its mark finds the key no longer its own.
 */
const LEASE_MS = 5_000;
const RENEW_EVERY_MS = 1_500;
/** How long a claim that could not be settled is tried again. */
const SETTLE_FOR_MS = 60_000;
/** Expired keys are deleted at most this often, by the write that finds the time has come. */
const PURGE_EVERY_MS = 60_000;
const MAX_KEY_LENGTH = 255;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a write does with an Idempotency-Key, declared where the route is (`config: { idempotency }`):
 * - `replay`: carried out once; its answer is kept 24 hours and a repeat gets it again. Only for
 *   answers without a credential (no token, code or password) and bodies without a password.
 * - `once`: carried out once, but its answer carries a credential and is not kept: a repeat
 *   after it was done answers 409 (reload to see the result). Bodies without a password only.
 * - `ignore`: the key is not used and nothing is kept: every repeat is carried out again. For
 *   writes a repeat cannot harm (they mint another credential, or their single-use link, code
 *   or token refuses a second use) and whose body or answer is a credential.
 * A write route that says nothing is `once`: nothing it answers is kept, nor done twice. Every
 * write route says (plugins/idempotency-routes.api.test.ts).
 */
export type Idempotency = 'replay' | 'once' | 'ignore';

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: Idempotency;
  }
  interface FastifyInstance {
    /** Every write route registered, with what it declared (undefined: nothing). Read after app.ready(). */
    routeIdempotency(): RouteIdempotency[];
  }
}

export interface RouteIdempotency {
  method: string;
  url: string;
  declared: Idempotency | undefined;
}

/** What a route does with an Idempotency-Key (its `config.idempotency`, or the safe default). */
export function idempotencyOf(config: { idempotency?: Idempotency } | undefined): Idempotency {
  return config?.idempotency ?? 'once';
}

const KEY_FORM =
  'Makes the write safe to retry (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a unique key, ' +
  'as a Structured Field string ("…") or bare, 1–255 printable ASCII characters. ';

/** The header as the OpenAPI document describes it, on a write whose answer is kept. */
export const IDEMPOTENCY_KEY_DESCRIPTION =
  KEY_FORM +
  'The first answer is kept 24 hours for the caller and key and a repeat gets it again; a repeat with another ' +
  'request → 422; while the first is still running → 409.';

/** The header as the OpenAPI document describes it, on a write whose answer holds a credential. */
export const IDEMPOTENCY_KEY_ONCE_DESCRIPTION =
  KEY_FORM +
  'The write is carried out once for the caller and key, but its answer holds a credential and is not kept: ' +
  'a repeat after it was done → 409 (reload to see its result); a repeat with another request → 422; ' +
  'while the first is still running → 409.';

/** A repeat of a write done whose answer was not kept because it holds a credential. */
export const ANSWER_NOT_KEPT =
  'The request with this Idempotency-Key was carried out. Its answer is not kept, as it holds a credential: reload to see its result.';

interface Claim {
  caller: string;
  key: string;
  /** This request's own token in the key's row: only it lets the key go or records an answer. */
  owner: string;
}

interface RequestIdempotency {
  /** The route's choice: `replay` or `once` (an `ignore` route has no context). */
  mode: Exclude<Idempotency, 'ignore'>;
  /** Whether the handler opened its keyedTransaction (a 2xx without one is a mistake: see onSend). */
  opened: boolean;
  claim?: Claim;
  /** Marks the claimed key committed, in the write's transaction (set once the key is claimed). */
  mark?: Mark;
  /** Renews the claim's lease while the request runs. */
  renewal?: NodeJS.Timeout;
}

/** The rows a statement returned, whichever driver ran it. */
function rowCount(result: unknown): number {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  return Array.isArray(rows) ? rows.length : 0;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set while a write of a route that takes the key runs (`replay` or `once`); with a claim
     * while the request holds its Idempotency-Key (its answer is then stored, or its status alone).
     */
    idempotency: RequestIdempotency | null;
  }
}

/**
 * The key as sent: a Structured Field string (`"…"`, as the draft says) or the same text
 * bare; printable ASCII, 1–255 characters.
 */
export function parseIdempotencyKey(value: string): string | undefined {
  let key = value.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) {
    key = key.slice(1, -1).replace(/\\(["\\])/g, '$1');
  }
  if (key.length < 1 || key.length > MAX_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(key)) return undefined;
  return key;
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

interface KeyRow {
  fingerprint: string;
  running_until: number;
  committed_at: number;
  status: number;
  content_type: string;
  body: string;
}

/**
 * What a route that takes the key does when it answers 2xx without having opened its
 * keyedTransaction (its writes, if any, were not marked): `fail` answers 500 instead (the API
 * tests' choice, so that such a route fails every test that calls it), `log` logs an error and
 * sends the answer (production's: the write is done, and a user should not be told otherwise).
 */
export type UnkeyedWrite = 'fail' | 'log';

/** A keyed route's 2xx without its keyedTransaction. */
export const UNKEYED_WRITE =
  'A write route that takes an Idempotency-Key answered without opening its keyedTransaction';

export interface IdempotencyOptions {
  /** The clock keys expire by (default: Date.now). */
  now?: () => number;
  /** Default: `log`. */
  unkeyedWrite?: UnkeyedWrite;
}

export function registerIdempotency(app: FastifyInstance, database: Database, options: IdempotencyOptions = {}): void {
  const { now = Date.now, unkeyedWrite = 'log' } = options;
  let purgedAt = 0;
  // Each transaction's mark is unique, so that a lost COMMIT can be looked up by it.
  let lastMark = 0;
  app.decorateRequest('idempotency', null);
  const routes: RouteIdempotency[] = [];
  // The hooks below are the write routes' own (lib/route-hooks.ts): a read never needs them. Added
  // before compression's, so the answer kept for a repeat is the one the route gave.
  app.addHook('onRoute', (route) => {
    const writes = [route.method].flat().filter((method) => WRITES.has(method));
    for (const method of writes) routes.push({ method, url: route.url, declared: route.config?.idempotency });
    if (writes.length === 0) return;
    addRouteHook(route, 'onRequest', onRequest);
    addRouteHook(route, 'preHandler', preHandler);
    addRouteHook(route, 'onSend', onSend);
  });
  app.decorate('routeIdempotency', () => [...routes]);

  // Every write of a route that takes the key, sent with one or not: its handler must open its keyedTransaction.
  async function onRequest(request: FastifyRequest): Promise<void> {
    if (!WRITES.has(request.method)) return;
    // Decided on the route that matched (its declaration), never on the URL's text.
    const mode = idempotencyOf(request.routeOptions.config);
    if (mode !== 'ignore') request.idempotency = { mode, opened: false };
  }

  // After authentication and validation: a request refused for those is not a write at all.
  async function preHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const context = request.idempotency;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (!context || header === undefined) return;
    const key = typeof header === 'string' ? parseIdempotencyKey(header) : undefined;
    if (key === undefined) {
      request.idempotency = null;
      throw new HttpError(400, `Idempotency-Key: give one key of 1 to ${MAX_KEY_LENGTH} printable ASCII characters`);
    }
    const caller = request.authUser ? `user:${request.authUser.id}` : `address:${sha256(request.ip)}`;
    const fingerprint = sha256(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`);
    const t = now();
    if (t - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = t;
      await database.query('DELETE FROM idempotency_keys WHERE created_at <= $1', [t - IDEMPOTENCY_TTL_MS]);
    }
    // Held from before the claim is sent: if the claim's reply is lost, the answer lets go what it took.
    const claim: Claim = { caller, key, owner: crypto.randomUUID() };
    context.claim = claim;
    // New, or taking over one expired or whose first request died before changing anything.
    const [claimed] = await database.query<{ caller: string }>(
      `INSERT INTO idempotency_keys AS k (caller, key, fingerprint, created_at, running_until, claimed_by)
       VALUES ($1, $2, $3, $4, $5, $7)
       ON CONFLICT (caller, key) DO UPDATE
         SET fingerprint = excluded.fingerprint, created_at = excluded.created_at, running_until = excluded.running_until,
             claimed_by = excluded.claimed_by, committed_at = 0, status = 0, content_type = '', body = ''
         WHERE k.created_at <= $6
            OR (k.status = 0 AND k.committed_at = 0 AND k.running_until <= $4 AND k.fingerprint = excluded.fingerprint)
       RETURNING caller`,
      [caller, key, fingerprint, t, t + LEASE_MS, t - IDEMPOTENCY_TTL_MS, claim.owner],
    );
    if (claimed) {
      context.renewal = setInterval(() => {
        database
          .query(
            `UPDATE idempotency_keys SET running_until = $4
             WHERE caller = $1 AND key = $2 AND claimed_by = $3 AND status = 0`,
            [claim.caller, claim.key, claim.owner, now() + LEASE_MS],
          )
          // Out of reach: the next renewal tries again; a lapsed lease only lets a repeat take over.
          .catch(() => undefined);
      }, RENEW_EVERY_MS);
      context.renewal.unref();
      context.mark = async (tx) => {
        const mark = (lastMark = Math.max(now(), lastMark + 1));
        const marked = await tx.execute(
          sql`UPDATE idempotency_keys SET committed_at = ${mark}
              WHERE caller = ${claim.caller} AND key = ${claim.key} AND claimed_by = ${claim.owner}
              RETURNING 1`,
        );
        // Taken over by a repeat after this request's lease lapsed: this write must not commit too.
        if (rowCount(marked) === 0) {
          throw new HttpError(409, 'This Idempotency-Key was taken over by a repeat of this request. Try again.');
        }
        return async () =>
          (
            await database.query(
              'SELECT 1 FROM idempotency_keys WHERE caller = $1 AND key = $2 AND claimed_by = $3 AND committed_at = $4',
              [claim.caller, claim.key, claim.owner, mark],
            )
          ).length > 0;
      };
      return;
    }
    context.claim = undefined;
    request.idempotency = null;
    const [row] = await database.query<KeyRow>(
      `SELECT fingerprint, running_until, committed_at, status, content_type, body
       FROM idempotency_keys WHERE caller = $1 AND key = $2`,
      [caller, key],
    );
    if (!row) {
      // Let go between the two statements: a repeat may claim it now.
      reply.header('Retry-After', '1');
      throw new HttpError(409, 'This Idempotency-Key is in use by another request. Try again.');
    }
    if (row.fingerprint !== fingerprint) {
      throw new HttpError(
        422,
        'This Idempotency-Key was used for a different request. Use a new key for a new request.',
      );
    }
    if (row.status > 0) {
      // A credential's answer is not kept: a done write says so rather than be done again.
      if (context.mode === 'once' && row.status < 300) throw new HttpError(409, ANSWER_NOT_KEPT);
      return replay(reply, row);
    }
    if (row.committed_at === 0 || row.running_until > t) {
      reply.header(
        'Retry-After',
        String(Math.min(LEASE_MS / 1000, Math.max(1, Math.ceil((row.running_until - t) / 1000)))),
      );
      throw new HttpError(
        409,
        'The first request with this Idempotency-Key is still being processed. Try again shortly.',
      );
    }
    throw new HttpError(
      409,
      'The request with this Idempotency-Key was carried out, but its answer was lost. Reload to see its result.',
    );
  }

  // The answer of the request that holds the key: kept when the write was done, else the key is let go.
  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const context = request.idempotency;
    if (!context) return payload;
    // Nothing from here on is the write's own work.
    request.idempotency = null;
    if (!context.opened && reply.statusCode >= 200 && reply.statusCode < 300) {
      request.log.error({ route: `${request.method} ${request.routeOptions.url}` }, UNKEYED_WRITE);
      if (unkeyedWrite === 'fail') {
        reply.code(500).header('content-type', 'application/json; charset=utf-8');
        payload = JSON.stringify({ message: UNKEYED_WRITE });
      }
    }
    const claim = context.claim;
    if (!claim) return payload;
    clearInterval(context.renewal);
    // 503 and 504 say the write may not have been done: they are not kept, a repeat tries again.
    const answer =
      reply.statusCode !== 503 && reply.statusCode !== 504 && (typeof payload === 'string' || Buffer.isBuffer(payload))
        ? {
            status: reply.statusCode,
            contentType: String(reply.getHeader('content-type') ?? ''),
            body: payload.toString(),
          }
        : null;
    // A credential's answer: only its status is kept (an error's body names no credential).
    if (answer && context.mode === 'once' && answer.status < 300) Object.assign(answer, { contentType: '', body: '' });
    const settle = () => settleClaim(database, claim, answer);
    try {
      await settle();
    } catch (err) {
      // The database is out of reach (a cut connection is what failed the write, often): the key
      // would stay 'running' and every retry be told to wait. Settle it as soon as it answers again.
      request.log.warn({ err }, 'the answer to an Idempotency-Key could not be kept yet; trying again');
      settleLater(settle, (e) => request.log.warn({ err: e }, 'the answer to an Idempotency-Key could not be kept'));
    }
    return payload;
  }
}

/** How long, and how often, a claim that could not be settled is tried again. */
const SETTLE_RETRY_FIRST_MS = 100;
const SETTLE_RETRY_MAX_MS = 2000;

/**
 * Keeps the answer of a write: a 2xx always; any other when the write committed something,
 * else the key is let go (a repeat runs again). Without an answer to keep (503, 504), a
 * committed write keeps what its transaction recorded.
 */
async function settleClaim(
  database: Database,
  claim: Claim,
  answer: { status: number; contentType: string; body: string } | null,
): Promise<void> {
  const mine = [claim.caller, claim.key, claim.owner];
  if (answer && answer.status >= 200 && answer.status < 300) {
    await database.query(
      `UPDATE idempotency_keys SET status = $4, content_type = $5, body = $6, running_until = 0
       WHERE caller = $1 AND key = $2 AND claimed_by = $3`,
      [...mine, answer.status, answer.contentType, answer.body],
    );
    return;
  }
  const gone =
    'DELETE FROM idempotency_keys WHERE caller = $1 AND key = $2 AND claimed_by = $3 AND committed_at = 0 AND status = 0';
  if (answer) {
    await database.query(
      `WITH gone AS (${gone})
       UPDATE idempotency_keys SET status = $4, content_type = $5, body = $6, running_until = 0
       WHERE caller = $1 AND key = $2 AND claimed_by = $3 AND committed_at > 0`,
      [...mine, answer.status, answer.contentType, answer.body],
    );
    return;
  }
  await database.query(
    `WITH gone AS (${gone})
     UPDATE idempotency_keys SET running_until = 0 WHERE caller = $1 AND key = $2 AND claimed_by = $3 AND committed_at > 0`,
    mine,
  );
}

/**
 * Tries `settle` again, backing off from 100 ms to 2 s, until it succeeds or a minute has
 * passed (the claim's lease has long lapsed: a repeat may take the key over anyway). The
 * timers never hold the process open.
 */
export function settleLater(
  settle: () => Promise<void>,
  giveUp: (err: unknown) => void,
  schedule: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms).unref(),
): void {
  let waited = 0;
  let delay = SETTLE_RETRY_FIRST_MS;
  const attempt = () => {
    settle().catch((err: unknown) => {
      if (waited >= SETTLE_FOR_MS) return giveUp(err);
      next();
    });
  };
  const next = () => {
    waited += delay;
    schedule(attempt, delay);
    delay = Math.min(delay * 2, SETTLE_RETRY_MAX_MS);
  };
  next();
}

function replay(reply: FastifyReply, row: KeyRow): FastifyReply {
  if (row.content_type) reply.header('content-type', row.content_type);
  return reply.code(row.status).send(row.body);
}

/**
 * Runs a write of a route that takes an Idempotency-Key (`replay` or `once`) in a transaction,
 * opened with `transaction(db, …)`: when the request holds its key, the key is marked
 * committed as the transaction's last statement, so the mark commits with the write or not at
 * all, and a COMMIT whose reply was lost is looked up by its mark on another connection
 * (db/before-commit.ts). Every write of such a route is made in `work`, on `tx`: a statement
 * made elsewhere is not marked, and a retry after a failure could do it twice. A handler that
 * answers 2xx without having called this is caught (UnkeyedWrite). On a route that ignores the
 * key, and after the answer, this is a plain transaction.
 */
export function keyedTransaction<T>(request: FastifyRequest, db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const context = request.idempotency;
  if (!context) return transaction(db, work);
  context.opened = true;
  return context.mark ? markedTransaction(db, work, context.mark) : transaction(db, work);
}

/**
 * Says that this answer of a route that takes an Idempotency-Key writes nothing while the
 * request runs (a dry run, or work done after the answer): it is kept for the key all the
 * same, and the route answers without a keyedTransaction.
 */
export function answerWithoutWrite(request: FastifyRequest): void {
  if (request.idempotency) request.idempotency.opened = true;
}

/**
 * Records, in the write's own transaction, the answer it will give (status 200, JSON), for a
 * request holding an Idempotency-Key: if the answer is lost after the COMMIT, a repeat gets
 * this one. The answer actually sent replaces it when it can be kept. Only a `replay` route
 * keeps an answer: on any other this does nothing.
 */
export async function answerInTransaction(tx: Db, request: FastifyRequest, body: unknown): Promise<void> {
  const claim = request.idempotency?.mode === 'replay' ? request.idempotency.claim : undefined;
  if (!claim) return;
  await tx.execute(
    sql`UPDATE idempotency_keys SET status = 200, content_type = 'application/json; charset=utf-8', body = ${JSON.stringify(body)}
        WHERE caller = ${claim.caller} AND key = ${claim.key} AND claimed_by = ${claim.owner}`,
  );
}
