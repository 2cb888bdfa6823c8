/**
 * Throttling of everything that guesses a secret (a password, an invite code,
 * a reset token) or sends e-mail on an anonymous request, kept in the
 * database so every server process sees it. Failures are rows of
 * login_failures under a key that says what they count against.
 *
 * Sign-in, after OWASP's "device cookie" pattern, so that a stranger cannot
 * turn the throttle into a lock-out of the owner:
 * - failures count per account *and source*: the client's address, or the
 *   device, when the client shows a device cookie this account was signed in
 *   with before (auth/device-cookie.ts). After 10 failures of one source within
 *   15 minutes, that source waits 2^(n-10) seconds (at most 15 minutes) after
 *   its last failure; other sources are not slowed;
 * - failures count per address, whatever the account: after 50, the address
 *   waits the same way (one address spraying many accounts);
 * - failures count per account, whatever the source: from 100 in the last hour,
 *   no source without a device cookie of the account signs in until fewer than
 *   100 remain in that hour (a distributed attack on one account). A device
 *   the owner signed in with still gets in; an administrator can clear it; and
 *   the password is still checked, counted like any attempt, and answered 429
 *   either way: a right one e-mails the owner a link that signs in and trusts
 *   this device (features/session/device-trust.ts).
 * A success clears its own source's failures. Never a permanent lock-out.
 *
 * Registration and password reset check their code or token (an indexed read)
 * before hashing anything; a wrong one counts against the address and against
 * the code, 20 and 10 free in 15 minutes, then 429 without any work.
 *
 * The writes of a sign-in commit without waiting for the disk (synchronous
 * commit off for their transactions only): a crash of the database server
 * could forget the last fraction of a second of failures, which costs a
 * throttle nothing, and a sign-in no longer waits for two WAL flushes
 * (docs/benchmarks.md).
 */
import crypto from 'node:crypto';
import { and, count, eq, gt, inArray, lt, max, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { transaction, type Db } from '../db/database.ts';
import { deviceTrusts, loginFailures } from '../db/schema.ts';
import type { SignInStatus } from '@airman/contracts/user.ts';

export const WINDOW_MS = 15 * 60 * 1000;
/** Failures one source may make against one account before it is slowed. */
export const SOURCE_FREE_FAILURES = 10;
/** Failures one address may make, whatever the accounts, before it is slowed. */
export const ADDRESS_FREE_FAILURES = 50;
/** Failures of one account, from all sources, that lock it for unknown sources. */
export const ACCOUNT_LOCK_FAILURES = 100;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
/** Wrong invite codes or reset tokens per address, and per code, before a 429. */
export const GUESS_FREE_PER_ADDRESS = 20;
export const GUESS_FREE_PER_CODE = 10;
const MAX_WAIT_MS = WINDOW_MS;
/** First half of the two-part advisory lock keys: keeps them apart from the migration lock. */
const LOCK_SPACE = 4_201_734;

// Keys. An e-mail address holds no whitespace, so ' ' cannot be forged into one.
const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const sourceKey = (email: string, source: SignInSource) =>
  `source:${email.toLowerCase()} ${source.device ? `device:${source.device}` : `ip:${source.ip}`}`;
const sourcePrefix = (email: string) => `source:${email.toLowerCase()} `;
const addressKey = (ip: string) => `ip:${ip}`;
// A guessed code is kept only as a short digest: any length in, one size out.
const codeKey = (kind: GuessKind, code: string) =>
  `${kind}-code:${crypto.createHash('sha256').update(code).digest('base64url').slice(0, 22)}`;

function waitAfter(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - free));
}

/** Each key's failures in the last 15 minutes and the time of its latest, in one statement. */
interface Recent {
  /** Failures of this key in the window, and when the latest was (absent: none). */
  of(key: string): { n: number; last: number } | undefined;
  /** The account's 100th most recent failure within the hour, when asked for (0: fewer). */
  lockAt: number;
}

/**
 * Failures in the window for `keys`, and with `lockAccount` the account lock's reference
 * failure, read by one statement: a sign-in is mostly this read, and on the embedded database
 * each statement costs the one thread that answers every request.
 */
async function recentFailures(db: Db, keys: string[], now: number, lockAccount?: string): Promise<Recent> {
  const windowed = db
    .select({ key: loginFailures.key, n: count(), last: max(loginFailures.at) })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.at, now - WINDOW_MS)))
    .groupBy(loginFailures.key);
  const rows = lockAccount
    ? await unionAll(
        windowed,
        db
          // The 100th most recent failure of the account: the lock lasts until it is an hour old.
          .select({ key: sql<string>`'lock'`, n: sql<number>`0::bigint`, last: loginFailures.at })
          .from(loginFailures)
          .where(and(eq(loginFailures.key, accountKey(lockAccount)), gt(loginFailures.at, now - ACCOUNT_WINDOW_MS)))
          .orderBy(sql`${loginFailures.at} DESC`)
          .limit(1)
          .offset(ACCOUNT_LOCK_FAILURES - 1),
      )
    : await windowed;
  const byKey = new Map(rows.map((r) => [r.key, { n: Number(r.n), last: Number(r.last ?? 0) }]));
  const lock = lockAccount ? byKey.get('lock') : undefined;
  // 'lock' is no key: every key has a ':' (see Keys above).
  return { of: (key) => byKey.get(key), lockAt: lock?.last ?? 0 };
}

/** How long a key must wait: free failures in 15 minutes, then doubling after each. */
function backoff(recent: Recent, key: string, free: number, now: number): number {
  const row = recent.of(key);
  const n = row?.n ?? 0;
  return n >= free && row?.last ? Math.max(0, row.last + waitAfter(n, free) - now) : 0;
}

/** How long until an account has fewer than ACCOUNT_LOCK_FAILURES failures in the last hour. */
const accountLock = (recent: Recent, now: number): number =>
  recent.lockAt ? Math.max(0, recent.lockAt + ACCOUNT_WINDOW_MS - now) : 0;

/**
 * In a statement, makes its transaction's commit not wait for the disk (see
 * above): set_config(…, true) lasts until that commit. Part of a statement the
 * throttle runs anyway, so it costs no round trip.
 */
const NO_FLUSH = sql`set_config('synchronous_commit', 'off', true)`;

/** Old rows help nobody; one caller in 64 sweeps them (by every key). */
async function sweepSometimes(db: Db, now: number): Promise<void> {
  if (Math.random() < 1 / 64) await db.delete(loginFailures).where(lt(loginFailures.at, now - ACCOUNT_WINDOW_MS));
}

/** Where a sign-in comes from: its address, and the device id of a device cookie this account was signed in with. */
export interface SignInSource {
  ip: string;
  device?: string;
}

export interface LoginAttempt {
  /** Milliseconds to wait before trying again; 0 when this attempt may go ahead. */
  waitMs: number;
  /**
   * When the attempt may go ahead but the account is locked for sources it was
   * not signed in from: milliseconds until that ends (0: not locked). The
   * password may be checked, but even a right one does not sign in.
   */
  accountLockMs: number;
  /** The password was right: forget this source's failures, this attempt included. */
  succeeded(): Promise<void>;
  /** The password was wrong (or the account cannot sign in): count it against the address and the account too. */
  failed(): Promise<void>;
}

/**
 * Decides whether a sign-in may be tried and, if so, counts it against its
 * source before the password is checked, under a lock per account and source:
 * a burst of parallel guesses cannot all pass the check before the first
 * failure is written. The address and the account are charged only for real
 * failures, so many people signing in from one office never add up.
 */
export async function claimLoginAttempt(
  db: Db,
  email: string,
  source: SignInSource,
  now = Date.now(),
): Promise<LoginAttempt> {
  const key = sourceKey(email, source);
  const { waitMs, accountLockMs } = await transaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${key})), ${NO_FLUSH}`);
    // A device the owner signed in with is neither held by its address nor by the account's lock.
    const recent = source.device
      ? await recentFailures(tx, [key], now)
      : await recentFailures(tx, [key, addressKey(source.ip)], now, email);
    let wait = backoff(recent, key, SOURCE_FREE_FAILURES, now);
    let lock = 0;
    if (!source.device && wait === 0) {
      wait = backoff(recent, addressKey(source.ip), ADDRESS_FREE_FAILURES, now);
      if (wait === 0) lock = accountLock(recent, now);
    }
    if (wait === 0) await tx.insert(loginFailures).values({ key, at: now });
    return { waitMs: wait, accountLockMs: lock };
  });
  await sweepSometimes(db, now);
  return {
    waitMs,
    accountLockMs,
    succeeded: async () => {
      // One statement, its own transaction; a delete that finds nothing writes nothing to wait for.
      await db.delete(loginFailures).where(and(eq(loginFailures.key, key), sql`${NO_FLUSH} = 'off'`));
    },
    failed: async () => {
      const at = Date.now();
      await db.insert(loginFailures).values([
        { key: addressKey(source.ip), at },
        { key: accountKey(email), at },
      ]);
    },
  };
}

export async function signInStatus(
  db: Db,
  user: { id: string; user_name: string },
  now = Date.now(),
): Promise<SignInStatus> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, accountKey(user.user_name)), gt(loginFailures.at, now - ACCOUNT_WINDOW_MS)));
  const wait = accountLock(await recentFailures(db, [], now, user.user_name), now);
  // The latest link e-mailed to trust a new device while locked (features/session/device-trust.ts).
  const [link] = await db
    .select({ sent: deviceTrusts.created_at, used: deviceTrusts.used_at })
    .from(deviceTrusts)
    .where(and(eq(deviceTrusts.user_id, user.id), gt(deviceTrusts.created_at, now - ACCOUNT_WINDOW_MS)))
    .orderBy(sql`${deviceTrusts.created_at} DESC`)
    .limit(1);
  return {
    failures: row?.n ?? 0,
    locked_until: wait > 0 ? now + wait : 0,
    trust_link_sent_at: link?.sent ?? 0,
    trust_link_used_at: link?.used ?? 0,
  };
}

/** Forgets an account's failures, from every source: it signs in as if none had happened. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      or(eq(loginFailures.key, accountKey(email)), sql`starts_with(${loginFailures.key}, ${sourcePrefix(email)})`),
    );
}

/** What a guessed secret is: an invite code (registration), a reset token, a device trust token, or a provider sign-in's state. */
export type GuessKind = 'register' | 'reset' | 'trust' | 'oidc';

/**
 * Milliseconds before another guess of this kind may be checked from this
 * address or for this code (0: go ahead). Only reads: a guess is counted by
 * guessFailed(), after the code or token proved wrong.
 */
export async function guessWait(db: Db, kind: GuessKind, ip: string, code: string, now = Date.now()): Promise<number> {
  await sweepSometimes(db, now);
  const [byAddress, byCode] = [`${kind}-ip:${ip}`, codeKey(kind, code)];
  const recent = await recentFailures(db, [byAddress, byCode], now);
  return Math.max(
    backoff(recent, byAddress, GUESS_FREE_PER_ADDRESS, now),
    backoff(recent, byCode, GUESS_FREE_PER_CODE, now),
  );
}

export async function guessFailed(db: Db, kind: GuessKind, ip: string, code: string): Promise<void> {
  const at = Date.now();
  await db.insert(loginFailures).values([
    { key: `${kind}-ip:${ip}`, at },
    { key: codeKey(kind, code), at },
  ]);
}

/** Reset e-mails per account address in 15 minutes, and per client address. */
export const FORGOT_PER_EMAIL = 3;
export const FORGOT_PER_ADDRESS = 15;

/**
 * Counts a forgot-password request against the address asked about and the
 * client's address; answers how long to wait (0: go ahead, and it was counted).
 */
export async function claimForgot(db: Db, email: string, ip: string, now = Date.now()): Promise<number> {
  const keys = [`reset:${email}`, `reset-ip:${ip}`] as const;
  const [forEmail, forAddress] = await Promise.all(
    keys.map(async (key) => {
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, key), gt(loginFailures.at, now - WINDOW_MS)));
      return row?.n ?? 0;
    }),
  );
  if ((forEmail ?? 0) >= FORGOT_PER_EMAIL || (forAddress ?? 0) >= FORGOT_PER_ADDRESS) return WINDOW_MS;
  await db.insert(loginFailures).values(keys.map((key) => ({ key, at: now })));
  return 0;
}

/** The wait in words for a 429 message: '45 seconds', '1 minute', '14 minutes'. */
export function tryAgainIn(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
