/**
 * Sign-in throttling, kept in the database so every server process sees it:
 * after 10 failures for one account within 15 minutes, each further attempt
 * must wait 2^(n-10) seconds (capped at 15 minutes) after the last failure;
 * the same per client address after 50 failures. Never a permanent lockout;
 * a success clears the account's failures.
 */
import { and, count, eq, gt, lt, max, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { loginFailures } from '../db/schema.ts';

export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FREE_FAILURES = 10;
export const ADDRESS_FREE_FAILURES = 50;
const MAX_WAIT_MS = WINDOW_MS;

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

function waitAfter(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - free));
}

/** Milliseconds the caller must still wait before trying again (0: go ahead). */
export async function loginWaitMs(db: Db, email: string, ip: string, now = Date.now()): Promise<number> {
  let wait = 0;
  for (const [key, free] of [
    [accountKey(email), ACCOUNT_FREE_FAILURES],
    [addressKey(ip), ADDRESS_FREE_FAILURES],
  ] as const) {
    const [row] = await db
      .select({ n: count(), last: max(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.at, now - WINDOW_MS)));
    const n = row?.n ?? 0;
    if (n >= free && row?.last) wait = Math.max(wait, row.last + waitAfter(n, free) - now);
  }
  return Math.max(0, wait);
}

export async function recordLoginFailure(db: Db, email: string, ip: string, now = Date.now()): Promise<void> {
  await db.insert(loginFailures).values([
    { key: accountKey(email), at: now },
    { key: addressKey(ip), at: now },
  ]);
  // Old rows help nobody: keep the table small.
  await db.delete(loginFailures).where(lt(loginFailures.at, now - WINDOW_MS));
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(or(eq(loginFailures.key, accountKey(email))));
}
