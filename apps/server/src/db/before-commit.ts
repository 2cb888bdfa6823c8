/**
 * A transaction that ends with a mark, for a write that must know whether it committed even
 * when the COMMIT's reply is lost: plugins/idempotency.ts marks there, in the write's own
 * transaction, that a write keyed with an Idempotency-Key was made (keyedTransaction).
 *
 * When the COMMIT was sent but its reply lost (a broken connection), the transaction may or may
 * not have committed: the mark's lookup asks, on another connection, whether the mark is there,
 * and the transaction's result is returned when it is.
 */
import { transaction, type Db } from './database.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * Runs as the transaction's last statements. Returns how to find out, from another
 * connection, whether this transaction committed (for a COMMIT whose reply was lost).
 */
export type Mark = (tx: Db) => Promise<() => Promise<boolean>>;

/** `work` in a transaction of `db`, with `mark` before its COMMIT. */
export async function markedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, mark: Mark): Promise<T> {
  let landed: (() => Promise<boolean>) | undefined;
  let outcome: { value: T } | undefined;
  try {
    return await transaction(db, async (tx) => {
      const value = await work(tx);
      landed = await mark(tx);
      outcome = { value };
      return value;
    });
  } catch (err) {
    // Everything ran and the COMMIT was sent: its reply is what the broken connection lost.
    if (outcome && landed && isDatabaseUnavailable(err) && (await landed().catch(() => false))) return outcome.value;
    throw err;
  }
}
