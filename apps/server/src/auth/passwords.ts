/** Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). */
import os from 'node:os';
import argon2 from 'argon2';
import { concurrencyLimit } from '../lib/concurrency-limit.ts';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core at a time. argon2 runs on libuv's threads (4 by
 * default): four ~30 ms hashes at once on two cores left the main thread, which
 * answers every request (and runs every query on the embedded database), a
 * fifth of the CPU, and sign-ins at 50/s stalled /api/health for seconds on the
 * embedded database (docs/benchmarks.md). Waiting hashes queue here instead, in
 * arrival order.
 */
const limited = concurrencyLimit(os.availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return limited(() => argon2.hash(password, OPTIONS));
}

// Verified against when an account does not exist, so that a login for an
// unknown address costs the same time as one with a wrong password.
let dummyHash: Promise<string> | undefined;

/** True when the password matches; a null hash (no password yet) never matches. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword('not-a-real-password-0!A');
    const dummy = await dummyHash;
    await limited(() => argon2.verify(dummy, password)).catch(() => false);
    return false;
  }
  try {
    return await limited(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}
