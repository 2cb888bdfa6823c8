/**
 * Writes safe to retry (IETF httpapi draft "The Idempotency-Key HTTP Header Field"):
 * a POST, PUT, PATCH or DELETE sent with `Idempotency-Key` is carried out once per
 * caller and key; the first answer is kept 24 hours and a repeat gets it again (same
 * status and body). A repeat with another method, path or body → 422; a repeat while
 * the first is still running → 409. The caller is the signed-in user, or a hash of
 * the client's address for a call without a token.
 *
 * Every transaction of a keyed write marks the key committed before its COMMIT
 * (db/before-commit.ts), and a route may record its answer there too
 * (answerInTransaction): a write whose answer was lost after it committed (a broken
 * connection, a crash) is then answered from the record instead of being done twice.
 * docs/decisions/014-idempotent-writes.md explains the choice.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commitContext, type CommitContext } from '../db/before-commit.ts';
import type { Database, Db } from '../db/database.ts';
import { sql } from 'drizzle-orm';
import { HttpError } from '../lib/http-error.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a first answer is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request before it may take over (it died before committing). */
const RUNNING_MS = 60_000;
/** Expired keys are deleted at most this often, by the write that finds the time has come. */
const PURGE_EVERY_MS = 60_000;
const MAX_KEY_LENGTH = 255;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Writes whose answer is a credential (a session token, a report link): it is not stored,
 * and a repeat is harmless (it mints another), so their key is ignored.
 */
const CREDENTIAL_ROUTES = new Set(['/api/login', '/api/session/refresh', '/api/admin/reports/token']);

/** Whether a write to this route honours an Idempotency-Key (its path as Fastify or OpenAPI spells it). */
export function takesIdempotencyKey(url: string): boolean {
  return !CREDENTIAL_ROUTES.has(url);
}

/** The header as the OpenAPI document describes it. */
export const IDEMPOTENCY_KEY_DESCRIPTION =
  'Makes the write safe to retry (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a unique key, ' +
  'as a Structured Field string ("…") or bare, 1–255 printable ASCII characters. The first answer is kept 24 hours ' +
  'for the caller and key and a repeat gets it again; a repeat with another request → 422; ' +
  'while the first is still running → 409.';

interface Claim {
  caller: string;
  key: string;
}

interface RequestIdempotency extends CommitContext {
  claim?: Claim;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds its Idempotency-Key (its answer is then stored). */
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

export function registerIdempotency(app: FastifyInstance, database: Database, now: () => number = Date.now): void {
  let purgedAt = 0;
  app.decorateRequest('idempotency', null);

  // The request's context for its transactions (AsyncLocalStorage), entered before anything else runs.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!WRITES.has(request.method) || request.headers[IDEMPOTENCY_HEADER] === undefined) return done();
    const context: RequestIdempotency = {};
    request.idempotency = context;
    commitContext.run(context, done);
  });

  // After authentication and validation: a request refused for those is not a write at all.
  app.addHook('preHandler', async (request, reply) => {
    const context = request.idempotency;
    if (!context) return;
    if (!takesIdempotencyKey(request.routeOptions.url ?? '')) {
      request.idempotency = null;
      return;
    }
    const header = request.headers[IDEMPOTENCY_HEADER];
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
    // New, or taking over one expired or whose first request died before changing anything.
    const [claimed] = await database.query<{ caller: string }>(
      `INSERT INTO idempotency_keys AS k (caller, key, fingerprint, created_at, running_until)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (caller, key) DO UPDATE
         SET fingerprint = excluded.fingerprint, created_at = excluded.created_at, running_until = excluded.running_until,
             committed_at = 0, status = 0, content_type = '', body = ''
         WHERE k.created_at <= $6
            OR (k.status = 0 AND k.committed_at = 0 AND k.running_until <= $4 AND k.fingerprint = excluded.fingerprint)
       RETURNING caller`,
      [caller, key, fingerprint, t, t + RUNNING_MS, t - IDEMPOTENCY_TTL_MS],
    );
    if (claimed) {
      context.claim = { caller, key };
      context.beforeCommit = (tx) => markCommitted(tx, context.claim, now());
      return;
    }
    request.idempotency = null;
    const [row] = await database.query<KeyRow>(
      `SELECT fingerprint, running_until, committed_at, status, content_type, body
       FROM idempotency_keys WHERE caller = $1 AND key = $2`,
      [caller, key],
    );
    if (!row) throw new HttpError(409, 'This Idempotency-Key is in use by another request. Try again.');
    if (row.fingerprint !== fingerprint) {
      throw new HttpError(
        422,
        'This Idempotency-Key was used for a different request. Use a new key for a new request.',
      );
    }
    if (row.status > 0) return replay(reply, row);
    if (row.committed_at === 0 || row.running_until > t) {
      reply.header('Retry-After', '1');
      throw new HttpError(
        409,
        'The first request with this Idempotency-Key is still being processed. Try again shortly.',
      );
    }
    throw new HttpError(
      409,
      'The request with this Idempotency-Key was carried out, but its answer was lost. Reload to see its result.',
    );
  });

  // The answer of the request that holds the key: kept when the write was done, else the key is let go.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency?.claim;
    if (!claim) return payload;
    request.idempotency = null;
    try {
      if (
        reply.statusCode >= 200 &&
        reply.statusCode < 300 &&
        (typeof payload === 'string' || Buffer.isBuffer(payload))
      ) {
        await database.query(
          `UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5, running_until = 0
           WHERE caller = $1 AND key = $2`,
          [
            claim.caller,
            claim.key,
            reply.statusCode,
            String(reply.getHeader('content-type') ?? ''),
            payload.toString(),
          ],
        );
      } else {
        // Nothing committed: a repeat may try again. Committed: it keeps what its transaction recorded.
        await database.query(
          `WITH gone AS (DELETE FROM idempotency_keys WHERE caller = $1 AND key = $2 AND committed_at = 0 AND status = 0)
           UPDATE idempotency_keys SET running_until = 0 WHERE caller = $1 AND key = $2 AND committed_at > 0`,
          [claim.caller, claim.key],
        );
      }
    } catch (err) {
      // The database is out of reach: the key stays as it is, and its record decides a repeat.
      request.log.warn({ err }, 'the answer to an Idempotency-Key could not be kept');
    }
    return payload;
  });
}

function replay(reply: FastifyReply, row: KeyRow): FastifyReply {
  if (row.content_type) reply.header('content-type', row.content_type);
  return reply.code(row.status).send(row.body);
}

async function markCommitted(tx: Db, claim: Claim | undefined, at: number): Promise<void> {
  if (!claim) return;
  await tx.execute(
    sql`UPDATE idempotency_keys SET committed_at = ${at} WHERE caller = ${claim.caller} AND key = ${claim.key}`,
  );
}

/**
 * Records, in the write's own transaction, the answer it will give (status 200, JSON), for a
 * request holding an Idempotency-Key: if the answer is lost after the COMMIT, a repeat gets
 * this one. The answer actually sent replaces it when it can be kept.
 */
export async function answerInTransaction(tx: Db, request: FastifyRequest, body: unknown): Promise<void> {
  const claim = request.idempotency?.claim;
  if (!claim) return;
  await tx.execute(
    sql`UPDATE idempotency_keys SET status = 200, content_type = 'application/json; charset=utf-8', body = ${JSON.stringify(body)}
        WHERE caller = ${claim.caller} AND key = ${claim.key}`,
  );
}
