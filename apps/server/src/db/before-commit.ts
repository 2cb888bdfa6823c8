/**
 * Work a request adds to the end of each of its transactions, before COMMIT, so that it
 * commits (or not) with the change itself: plugins/idempotency.ts records there that a
 * write keyed with an Idempotency-Key was made. The request's context reaches the
 * transaction through AsyncLocalStorage; openDatabase wraps every top-level transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './database.ts';

export interface CommitContext {
  /** Runs as the transaction's last statements. */
  beforeCommit?: (tx: Db) => Promise<void>;
}

export const commitContext = new AsyncLocalStorage<CommitContext>();

/** The transaction's work, followed by the current request's work before COMMIT. */
export function beforeCommit<Tx extends Db, T>(work: (tx: Tx) => Promise<T>): (tx: Tx) => Promise<T> {
  return async (tx) => {
    const result = await work(tx);
    await commitContext.getStore()?.beforeCommit?.(tx);
    return result;
  };
}
