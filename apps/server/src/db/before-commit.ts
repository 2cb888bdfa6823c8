/**
 * Work a request adds to the end of each of its transactions, before COMMIT, so that it
 * commits (or not) with the change itself: plugins/idempotency.ts records there that a
 * write keyed with an Idempotency-Key was made. The request's context reaches the
 * transaction through AsyncLocalStorage; openDatabase wraps every top-level transaction,
 * and runs each statement that may write, made outside a transaction while the context
 * asks for it, in a transaction of its own.
 *
 * When the COMMIT was sent but its reply lost (a broken connection), the transaction may
 * or may not have committed: the request asks, on another connection, whether the mark it
 * wrote is there, and carries on with the transaction's result when it is.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { isDatabaseUnavailable } from './unavailable.ts';

/** Runs one statement in the transaction at hand. */
export type Exec = (statement: SQL) => Promise<unknown>;

export interface CommitContext {
  /**
   * Runs as the transaction's last statements. Returns how to find out, from another
   * connection, whether this transaction committed (for a COMMIT whose reply was lost).
   */
  beforeCommit?: (exec: Exec) => Promise<() => Promise<boolean>>;
}

export const commitContext = new AsyncLocalStorage<CommitContext>();

const dialect = new PgDialect();

/** A Drizzle statement as text and parameters, for a driver's own client. */
export function toQuery(statement: SQL): { text: string; params: unknown[] } {
  const { sql, params } = dialect.sqlToQuery(statement);
  return { text: sql, params };
}

/** Whether a statement only reads (then it needs no transaction of its own to be marked). */
export function onlyReads(text: string): boolean {
  return /^\s*(select|show)\b/i.test(text);
}

/** Whether the current request wants its writes marked (it holds an Idempotency-Key). */
export function marking(): boolean {
  return commitContext.getStore()?.beforeCommit !== undefined;
}

/**
 * A transaction with the current request's work before its COMMIT. `run` opens a
 * transaction, runs the body in it and commits; `exec` runs a statement in it.
 */
export async function markedTransaction<Tx, T>(
  run: (body: (tx: Tx) => Promise<T>) => Promise<T>,
  work: (tx: Tx) => Promise<T>,
  exec: (tx: Tx) => Exec,
): Promise<T> {
  const mark = commitContext.getStore()?.beforeCommit;
  if (!mark) return run(work);
  let landed: (() => Promise<boolean>) | undefined;
  let outcome: { value: T } | undefined;
  try {
    return await run(async (tx) => {
      const value = await work(tx);
      landed = await mark(exec(tx));
      outcome = { value };
      return value;
    });
  } catch (err) {
    // Everything ran and the COMMIT was sent: its reply is what the broken connection lost.
    if (outcome && landed && isDatabaseUnavailable(err) && (await landed().catch(() => false))) return outcome.value;
    throw err;
  }
}
