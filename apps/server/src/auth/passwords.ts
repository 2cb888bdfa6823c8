/**
 * Password hashing: argon2id with one of the five configurations OWASP's
 * Password Storage Cheat Sheet gives as equally strong: 7 MiB, 5 passes, 1 lane.
 * Of the five it costs the least CPU here, and sign-ins are CPU-bound. Each
 * hash records its parameters, so a hash made with other parameters still
 * verifies with its own.
 *
 * The implementation is @node-rs/argon2 (Rust, prebuilt for each platform in
 * its own npm package): the same hash, in the same PHC string, as the
 * reference C code, at about half the CPU. A faster implementation gives an
 * attacker nothing: theirs is already the fastest. Why and the figures:
 * docs/decisions/019-password-hashing.md, docs/benchmarks.md.
 */
import os from 'node:os';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH } from '@airman/contracts/constants.ts';
import { concurrencyLimit } from '../lib/concurrency-limit.ts';

// Algorithm is a const enum, which this project's module settings cannot read at run time: 2 is its Argon2id.
const ARGON2ID: Algorithm = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 7 * 1024, timeCost: 5, parallelism: 1 } as const;

/**
 * At most one hash per core at a time. Hashes run on libuv's threads (4 by
 * default): four hashes at once on two cores starve the main thread, which
 * answers every request (and runs every query on the embedded database), so a
 * burst of sign-ins would stall every other request (docs/benchmarks.md). Waiting hashes queue here instead, in
 * arrival order.
 */
const limited = concurrencyLimit(os.availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return limited(() => argon2Hash(password, OPTIONS));
}

// Verified against when an account does not exist, so that a login for an
// unknown address costs the same time as one with a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * True when the password matches; a null hash (no password yet) never matches,
 * nor does a password longer than any that can be set (not even hashed).
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  if (hash === null) {
    dummyHash ??= hashPassword('not-a-real-password-0!A');
    const dummy = await dummyHash;
    await limited(() => argon2Verify(dummy, password)).catch(() => false);
    return false;
  }
  try {
    return await limited(() => argon2Verify(hash, password));
  } catch {
    return false;
  }
}
