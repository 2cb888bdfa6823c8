/**
 * A strict learning record store for tests and the benchmark: xAPI 1.0.3's statements resource
 * (part three, 2.1) in memory, under a base path (default /xAPI), that refuses what ADL's
 * specification forbids rather than storing it.
 *
 * - Every request needs X-Experience-API-Version 1.0.x (400 otherwise) and Basic credentials
 *   equal to its key and secret (401 otherwise); every answer carries the header too.
 * - PUT statements?statementId=<UUID>: one statement, 204. POST statements: one statement or an
 *   array, 200 with their ids (a statement without an id gets one). Each statement is checked
 *   against the specification (xapi-validation.ts): one invalid statement refuses the request
 *   with 400 and every reason, and nothing of it is stored; the same id twice in a batch is 400.
 * - A statement id the store holds: the same statement again is taken without storing it twice
 *   (204 or 200); another statement under it is 409, and the request's statements are not stored.
 *   "The same" compares the statements as sent, without what the LRS adds (stored, authority,
 *   version), by their JSON with keys in order.
 * - GET statements?statementId=<UUID>: that statement (404 if none); GET statements: the stored
 *   statements, latest first, `limit` at a time (0 or none: all), `more` the next page's URL.
 *   GET about: the versions it speaks.
 * - Stored statements get `stored`, `authority` (the key's account) and `version` (1.0.3 when
 *   they had none).
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { statementErrors, supportedVersion } from './xapi-validation.ts';

const VERSION = '1.0.3';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** A request's body: far beyond a batch the product sends (a few hundred statements). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** What the LRS adds to a statement it stores, left out when two statements are compared. */
const ADDED_BY_LRS = new Set(['stored', 'authority', 'version']);

export interface StrictLrsOptions {
  key: string;
  secret: string;
  /** Where the statements resource lives: `${base}/statements`. */
  base?: string;
}

interface Stored {
  statement: Record<string, unknown>;
  /** The statement as sent, keys in order, for comparisons. */
  canonical: string;
}

class Refusal extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** JSON with every object's keys in order, without what the LRS adds at the top. */
export function canonical(statement: Record<string, unknown>): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
      );
    return value;
  };
  const sent = Object.fromEntries(Object.entries(statement).filter(([k]) => !ADDED_BY_LRS.has(k)));
  return JSON.stringify(sorted(sent));
}

export interface StrictLrs {
  handler: http.RequestListener;
  /** Every statement stored, in the order it was stored. */
  statements(): Record<string, unknown>[];
}

export function createStrictLrs(options: StrictLrsOptions): StrictLrs {
  const base = options.base ?? '/xAPI';
  const expectedAuth = `Basic ${Buffer.from(`${options.key}:${options.secret}`).toString('base64')}`;
  const authority = { objectType: 'Agent', account: { homePage: 'http://127.0.0.1/lrs', name: options.key } };
  const byId = new Map<string, Stored>();
  const order: string[] = [];

  function parseStatements(body: string, contentType: string | undefined): Record<string, unknown>[] {
    if (!/^application\/json\b/i.test(contentType ?? ''))
      throw new Refusal(400, 'Content-Type must be application/json');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new Refusal(400, 'The body is not JSON');
    }
    const list = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
    if (list.length === 0) throw new Refusal(400, 'No statements');
    const errors = list.flatMap((s, i) =>
      statementErrors(s).map((e) => (Array.isArray(parsed) ? `statements[${i}].${e}` : e)),
    );
    if (errors.length > 0) throw new Refusal(400, `Invalid statement: ${errors.join('; ')}`);
    return list as Record<string, unknown>[];
  }

  /** Stores the statements, all or none: 409 for an id held with another statement. Returns their ids. */
  function store(statements: Record<string, unknown>[]): string[] {
    const ids = statements.map((s) => (typeof s.id === 'string' ? s.id.toLowerCase() : crypto.randomUUID()));
    if (new Set(ids).size !== ids.length) throw new Refusal(400, 'The same statement id twice in one request');
    const fresh: { id: string; statement: Record<string, unknown>; canonical: string }[] = [];
    statements.forEach((s, i) => {
      const id = ids[i] as string;
      const statement = { ...s, id };
      const text = canonical(statement);
      const held = byId.get(id);
      if (held === undefined) fresh.push({ id, statement, canonical: text });
      else if (held.canonical !== text) throw new Refusal(409, `Statement ${id} is held with other content`);
    });
    const now = new Date().toISOString();
    for (const f of fresh) {
      byId.set(f.id, {
        statement: { ...f.statement, stored: now, authority, version: f.statement.version ?? VERSION },
        canonical: f.canonical,
      });
      order.push(f.id);
    }
    return ids;
  }

  function list(url: URL): { statements: unknown[]; more: string } {
    const limitText = url.searchParams.get('limit') ?? '0';
    const offsetText = url.searchParams.get('offset') ?? '0';
    if (!/^\d+$/.test(limitText) || !/^\d+$/.test(offsetText))
      throw new Refusal(400, 'limit and offset must be whole numbers');
    const limit = Number(limitText);
    const offset = Number(offsetText);
    const newestFirst = order.slice().reverse();
    const end = limit === 0 ? newestFirst.length : offset + limit;
    const page = newestFirst.slice(offset, end).map((id) => byId.get(id)?.statement);
    const next = new URL(url.toString());
    next.searchParams.set('offset', String(end));
    return {
      statements: page,
      more: end < newestFirst.length ? `${next.pathname}${next.search}` : '',
    };
  }

  function answer(res: http.ServerResponse, status: number, body?: unknown): void {
    const headers: http.OutgoingHttpHeaders = { 'X-Experience-API-Version': VERSION };
    if (body === undefined) {
      res.writeHead(status, headers).end();
      return;
    }
    headers['Content-Type'] = 'application/json';
    res.writeHead(status, headers).end(JSON.stringify(body));
  }

  function handle(req: http.IncomingMessage, body: string): { status: number; body?: unknown } {
    const url = new URL(req.url ?? '/', 'http://lrs');
    const path = url.pathname;
    if (path === `${base}/about`) {
      if (req.method !== 'GET') throw new Refusal(405, 'about: GET only');
      return { status: 200, body: { version: [VERSION] } };
    }
    if (path !== `${base}/statements`) throw new Refusal(404, `No resource ${path}`);
    const version = req.headers['x-experience-api-version'];
    if (!supportedVersion(Array.isArray(version) ? version[0] : version))
      throw new Refusal(400, 'X-Experience-API-Version must be 1.0.x');
    if (req.headers.authorization !== expectedAuth) throw new Refusal(401, 'Unknown credentials');
    const statementId = url.searchParams.get('statementId');
    if (statementId !== null && !UUID.test(statementId)) throw new Refusal(400, 'statementId must be a UUID');
    switch (req.method) {
      case 'PUT': {
        if (statementId === null) throw new Refusal(400, 'PUT needs a statementId');
        const statements = parseStatements(body, req.headers['content-type']);
        const [statement] = statements;
        if (statements.length !== 1 || !statement || body.trimStart().startsWith('['))
          throw new Refusal(400, 'PUT takes one statement');
        if (statement.id !== undefined && String(statement.id).toLowerCase() !== statementId.toLowerCase())
          throw new Refusal(400, 'The statement id is not the statementId');
        store([{ ...statement, id: statementId }]);
        return { status: 204 };
      }
      case 'POST':
        if (statementId !== null) throw new Refusal(400, 'POST takes no statementId');
        return { status: 200, body: store(parseStatements(body, req.headers['content-type'])) };
      case 'GET': {
        if (statementId !== null) {
          const held = byId.get(statementId.toLowerCase());
          if (!held) throw new Refusal(404, `No statement ${statementId}`);
          return { status: 200, body: held.statement };
        }
        return { status: 200, body: list(url) };
      }
      default:
        throw new Refusal(405, `statements: no ${req.method ?? ''}`);
    }
  }

  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      try {
        if (size > MAX_BODY_BYTES) throw new Refusal(413, 'The body is too large');
        const out = handle(req, Buffer.concat(chunks).toString('utf8'));
        answer(res, out.status, out.body);
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        answer(res, err.status, { error: true, message: err.message });
      }
    });
  };
  return { handler, statements: () => order.map((id) => byId.get(id)?.statement ?? {}) };
}
