/**
 * The calls of the chaos scenarios, made as the web client makes them: a
 * bearer token, a 10 s timeout (HTTP_TIMEOUT_MS), and a write's retries
 * carrying the same Idempotency-Key, after 408, 429, 502, 503, 504, a 409
 * with Retry-After (the key's first request still running) or a network error, waiting as Retry-After asks (or backing off from 250 ms to
 * 2 s), until it is answered or its deadline passes.
 */
import crypto from 'node:crypto';
import { HTTP_TIMEOUT_MS } from '@airman/contracts/constants.ts';
import { sleep } from './servers.ts';

const RETRIED = new Set([408, 429, 502, 503, 504]);

export interface Call {
  method: string;
  path: string;
  body?: unknown;
}

export interface Answer {
  /** 0: no HTTP answer (refused, reset, timed out). */
  status: number;
  body: unknown;
  startedAt: number;
  endedAt: number;
}

/** One attempt; never throws. */
export async function attempt(base: string, token: string, call: Call, idempotencyKey?: string): Promise<Answer> {
  const startedAt = performance.now();
  try {
    const res = await fetch(`${base}/api/${call.path}`, {
      method: call.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: call.body === undefined ? null : JSON.stringify(call.body),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (an nginx error page): kept as text.
    }
    const retryAfter = Number(res.headers.get('retry-after'));
    return {
      status: res.status,
      body: Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter, body } : body,
      startedAt,
      endedAt: performance.now(),
    };
  } catch (err) {
    return { status: 0, body: err instanceof Error ? err.message : String(err), startedAt, endedAt: performance.now() };
  }
}

export interface WriteResult {
  /** The answer that ended the write: a 2xx, another status that is not retried, or the last before the deadline. */
  last: Answer;
  acked: boolean;
  attempts: Answer[];
}

/** A write retried with one Idempotency-Key until answered or `deadlineMs` after it began; `maxAttempts` bounds it too. */
export async function retryingWrite(
  base: string,
  token: () => string,
  call: Call,
  options: { deadlineMs: number; maxAttempts?: number; onAnswer?: (a: Answer) => void },
): Promise<WriteResult> {
  const key = crypto.randomUUID();
  const attempts: Answer[] = [];
  const deadline = performance.now() + options.deadlineMs;
  for (let n = 0; ; n++) {
    const a = await attempt(base, token(), call, key);
    attempts.push(a);
    options.onAnswer?.(a);
    const acked = a.status >= 200 && a.status < 300;
    const stillRunning = a.status === 409 && typeof a.body === 'object' && a.body !== null && 'retryAfter' in a.body;
    const retry = a.status === 0 || RETRIED.has(a.status) || stillRunning;
    if (acked || !retry || n + 1 >= (options.maxAttempts ?? Infinity) || performance.now() >= deadline) {
      return { last: a, acked, attempts };
    }
    const asked = typeof a.body === 'object' && a.body && 'retryAfter' in a.body ? Number(a.body.retryAfter) * 1000 : 0;
    const wait = Math.min(asked || Math.min(2000, 250 * 2 ** n), 5000, Math.max(0, deadline - performance.now()));
    await sleep(wait);
  }
}

export const isOk = (a: Answer) => a.status >= 200 && a.status < 300;
