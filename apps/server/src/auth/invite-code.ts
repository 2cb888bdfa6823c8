import crypto from 'node:crypto';

/** A new invite code: 192 random bits, URL-safe. */
export function newInviteCode(): string {
  return crypto.randomBytes(24).toString('base64url');
}
