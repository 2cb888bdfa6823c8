/**
 * The learning record store's statements resource (xAPI 1.0.3, part three, 2.1):
 * a batch goes as one POST, a single statement as a PUT with its statementId;
 * every request carries X-Experience-API-Version and, when LRS_KEY is set, Basic
 * credentials.
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

export function createLrs(lrs: NonNullable<Config['lrs']>): Lrs {
  const url = `${lrs.endpoint}/statements`;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Experience-API-Version': lrs.version,
  };
  if (lrs.key !== undefined && lrs.secret !== undefined) {
    headers.Authorization = `Basic ${Buffer.from(`${lrs.key}:${lrs.secret}`).toString('base64')}`;
  }
  const request = (method: 'POST' | 'PUT', target: string, body: string) =>
    fetch(target, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const send = async (method: 'POST' | 'PUT', target: string, body: string): Promise<LrsAnswer> => {
    // A kept-alive connection the LRS closed as the request went out: sent again at once on a new one
    // (a time-out is not: the claim must outlast the request).
    const res = await request(method, target, body).catch((err: unknown) => {
      if (closedConnection(err)) return request(method, target, body);
      throw err;
    });
    const text = await res.text();
    return { status: res.status, body: text.slice(0, 500) };
  };
  return {
    post: (statements) => send('POST', url, `[${statements.join(',')}]`),
    put: (id, statement) => send('PUT', `${url}?statementId=${encodeURIComponent(id)}`, statement),
  };
}

function closedConnection(err: unknown): boolean {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET';
}
