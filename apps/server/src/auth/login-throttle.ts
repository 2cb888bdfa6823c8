/**
 * Sign-in throttling, kept in the database so every server process sees it:
 * after 10 failures for one account within 15 minutes, each further attempt
 * must wait 2^(n-10) seconds (capped at 15 minutes) after the last failure;
 * the same per client address after 50 failures. Never a permanent lockout:
 * failures older than 15 minutes no longer count. A success clears the
 * account's failures.
 *
 * The two writes every sign-in makes (the claim, and the clean-up after the
 * right password) commit without waiting for the disk (synchronous_commit off,
 * for their transactions only): a crash of the database server could forget
 * the last fraction of a second of them, which costs a throttle nothing, and a
 * sign-in no longer waits for two WAL flushes. Other sessions see the rows as
 * soon as they are committed, as always. On PostgreSQL here, sign-ins at 50/s:
 * p95 60 – 204 ms → 35 – 60 ms, the worst p99 864 → 80 ms (docs/benchmarks.md).
 */
import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { loginFailures } from '../db/schema.ts';

export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FREE_FAILURES = 10;
export const ADDRESS_FREE_FAILURES = 50;
const MAX_WAIT_MS = WINDOW_MS;
/** First half of the two-part advisory lock keys: keeps them apart from the migration lock. */
const LOCK_SPACE = 4_201_734;

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

function waitAfter(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - free));
}

async function waitFor(db: Db, key: string, free: number, now: number): Promise<number> {
  const [row] = await db
    .select({ n: count(), last: max(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, now - WINDOW_MS)));
  const n = row?.n ?? 0;
  return n >= free && row?.last ? Math.max(0, row.last + waitAfter(n, free) - now) : 0;
}

/**
 * In a statement, makes its transaction's commit not wait for the disk (see
 * above): set_config(…, true) lasts until that commit. Part of a statement the
 * throttle runs anyway, so it costs no round trip (on PGlite, whose commits
 * wait for no disk, no statement of the server's only thread either).
 */
const NO_FLUSH = sql`set_config('synchronous_commit', 'off', true)`;

/** Old rows help nobody; one caller in 64 sweeps them (by every key, the reset throttle's too). */
async function sweepSometimes(db: Db, now: number): Promise<void> {
  if (Math.random() < 1 / 64) await db.delete(loginFailures).where(lt(loginFailures.at, now - WINDOW_MS));
}

export interface LoginAttempt {
  /** Milliseconds to wait before trying again; 0 when this attempt may go ahead. */
  waitMs: number;
  /** The password was right: forget the account's failures, this attempt included. */
  succeeded(): Promise<void>;
  /** The password was wrong (or the account cannot sign in): count it against the address too. */
  failed(): Promise<void>;
}

/**
 * Decides whether a sign-in may be tried and, if so, counts it against the
 * account before the password is checked, under a lock per account: a burst
 * of parallel guesses cannot all pass the check before the first failure is
 * written (PGlite runs one statement at a time anyway). A legitimate user
 * never has ten sign-ins in flight at once. The address is charged only for
 * real failures, so many people signing in from one office never add up.
 */
export async function claimLoginAttempt(db: Db, email: string, ip: string, now = Date.now()): Promise<LoginAttempt> {
  const account = accountKey(email);
  const address = addressKey(ip);
  const waitMs = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${account})), ${NO_FLUSH}`);
    const wait = Math.max(await waitFor(tx, account, ACCOUNT_FREE_FAILURES, now), await waitFor(tx, address, ADDRESS_FREE_FAILURES, now));
    if (wait === 0) await tx.insert(loginFailures).values({ key: account, at: now });
    return wait;
  });
  await sweepSometimes(db, now);
  return {
    waitMs,
    succeeded: async () => {
      // One statement, its own transaction; a delete that finds nothing writes nothing to wait for.
      await db.delete(loginFailures).where(and(eq(loginFailures.key, account), sql`${NO_FLUSH} = 'off'`));
    },
    failed: async () => {
      await db.insert(loginFailures).values({ key: address, at: Date.now() });
    },
  };
}

/** The wait in words for a 429 message: '45 seconds', '1 minute', '14 minutes'. */
export function tryAgainIn(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
