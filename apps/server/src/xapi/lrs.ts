/**
 * The learning record store's statements resource (xAPI 1.0.3, part three, 2.1):
 * a batch goes as one POST, a single statement as a PUT with its statementId;
 * every request carries X-Experience-API-Version and, when LRS_KEY is set, Basic
 * credentials.
 *
 * What the LRS answers is logged and kept with the statement (xapi_outbox.last_error), and
 * some LRSs echo the request's headers in an error: every answer and every failure comes
 * back with the credentials taken out (the Authorization value, its base64 part, the key and
 * the secret, as they are and as a URL or JSON would write them), before it is cut short.
 */
import type { Config } from '../config.ts';

/** The LRS's answer: its status and, for a refusal, the start of its body. */
export interface LrsAnswer {
  status: number;
  body: string;
}

export interface Lrs {
  /** POSTs these statements (JSON texts) as one array. */
  post(statements: readonly string[]): Promise<LrsAnswer>;
  /** PUTs one statement under its id. */
  put(id: string, statement: string): Promise<LrsAnswer>;
}

/** A dead or hanging LRS must not hold a batch's claim for long. */
const TIMEOUT_MS = 30_000;

/** What stands in a logged text for a credential taken out. */
export const REDACTED = '[redacted]';

/** A function that takes every one of these secrets out of a text, in the forms a body may echo them in. */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  // Longest first, so that a secret holding another is taken out whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((t, form) => t.replaceAll(form, REDACTED), text);
}

export function createLrs(lrs: NonNullable<Config['lrs']>): Lrs {
  const url = `${lrs.endpoint}/statements`;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Experience-API-Version': lrs.version,
  };
  const secrets: string[] = [];
  if (lrs.key !== undefined && lrs.secret !== undefined) {
    const basic = Buffer.from(`${lrs.key}:${lrs.secret}`).toString('base64');
    headers.Authorization = `Basic ${basic}`;
    secrets.push(headers.Authorization, basic, `${lrs.key}:${lrs.secret}`, lrs.key, lrs.secret);
  }
  const redact = redactor(secrets);
  const request = (method: 'POST' | 'PUT', target: string, body: string) =>
    fetch(target, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const send = async (method: 'POST' | 'PUT', target: string, body: string): Promise<LrsAnswer> => {
    try {
      // A kept-alive connection the LRS closed as the request went out: sent again at once on a new one
      // (a time-out is not: the claim must outlast the request).
      const res = await request(method, target, body).catch((err: unknown) => {
        if (closedConnection(err)) return request(method, target, body);
        throw err;
      });
      const text = await res.text();
      return { status: res.status, body: redact(text).slice(0, 500) };
    } catch (err) {
      throw new Error(redact(describe(err)));
    }
  };
  return {
    post: (statements) => send('POST', url, `[${statements.join(',')}]`),
    put: (id, statement) => send('PUT', `${url}?statementId=${encodeURIComponent(id)}`, statement),
  };
}

/** A failure in words, with its cause's (where fetch puts the network's error). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.name}: ${err.message}${cause}`;
}

function closedConnection(err: unknown): boolean {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET';
}
