/** Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

// Verified against when an account does not exist, so that a login for an
// unknown address costs the same time as one with a wrong password.
let dummyHash: Promise<string> | undefined;

/** True when the password matches; a null hash (no password yet) never matches. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword('not-a-real-password-0!A');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
