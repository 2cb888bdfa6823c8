/**
 * What the server keeps of a name typed to sign in (or to ask for a reset link) that is not an
 * account's address: such a name is often a password typed in the wrong field, and the sign-in
 * log (kept AUDIT_SIGNIN_DAYS, append-only) and the throttle's failures would keep it as typed.
 * Instead they keep `unknown:` and a keyed digest of it (HMAC-SHA-256 under a key derived from
 * the JWT secret, 22 base64url characters): the same name gives the same digest, so repeated
 * failures for one unknown name still show as one, but the digest cannot be turned back into
 * the name, nor a guess checked against it, without the server's secret. A new JWT secret gives
 * new digests. An account's address is kept as it is.
 */
import crypto from 'node:crypto';

/** The prefix of a kept unknown name; an address holds an '@', a digest never does. */
export const UNKNOWN_NAME_PREFIX = 'unknown:';

export class SignInNames {
  private readonly key: Buffer;

  constructor(jwtSecret: string) {
    this.key = crypto.createHmac('sha256', jwtSecret).update('sign-in names').digest();
  }

  /** The name as it may be kept: an account's address as it is, anything else as its digest. */
  kept(typed: string, account: { user_name: string } | undefined): string {
    return account ? account.user_name : this.digest(typed);
  }

  /** The digest of a typed name (compared as the sign-in compares it: trimmed, lower-case). */
  digest(typed: string): string {
    const name = typed.trim().toLowerCase();
    return UNKNOWN_NAME_PREFIX + crypto.createHmac('sha256', this.key).update(name).digest('base64url').slice(0, 22);
  }
}
