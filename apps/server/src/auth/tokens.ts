/**
 * Access tokens: JWT signed with HS256, claims user_id, user_role, exp (seconds)
 * and tv, the user's token version at issue time. Bumping the version in the
 * database revokes every token issued before. Only HS256 is accepted.
 *
 * Signed and checked with `jose` (docs/decisions/036-tokens-through-jose.md),
 * with one HMAC key imported once.
 *
 * A token that verified is remembered by its exact text, so its next requests
 * skip the HMAC and the decoding (docs/benchmarks.md); its times (exp, nbf) are checked on every request still.
 * The same text always verifies the same way, and only valid tokens are kept,
 * so nobody without one can fill the memory.
 */
import { createSecretKey, type webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { ROLES, type Role } from '@airman/contracts/constants.ts';

export const TOKEN_ALGORITHM = 'HS256';
/** How long an access token lives. */
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;

export interface TokenClaims {
  user_id: string;
  user_role: Role;
  /** Token version of the user when the token was issued. */
  tv: number;
  exp: number;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

const INVALID: VerifyResult = { ok: false, reason: 'invalid' };
const EXPIRED: VerifyResult = { ok: false, reason: 'expired' };
/** Tokens remembered at most (~0.5 KB each); when full the memory starts over. */
const VERIFIED_KEPT = 10_000;

interface Verified {
  claims: TokenClaims;
  nbf: number | undefined;
}
/** Three base64url segments, the last the canonical encoding of an HMAC-SHA-256 (32 bytes). */
const COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;
const VERIFY_OPTIONS = { algorithms: [TOKEN_ALGORITHM], requiredClaims: ['exp'] };

/** Our claims of a verified payload, or undefined when they are not ours. */
function ourClaims(payload: JWTPayload): Verified | undefined {
  const { user_id, user_role, tv, exp, nbf } = payload;
  if (
    typeof user_id !== 'string' ||
    typeof tv !== 'number' ||
    typeof exp !== 'number' ||
    !ROLES.includes(user_role as Role)
  ) {
    return undefined;
  }
  return { claims: { user_id, user_role: user_role as Role, tv, exp }, nbf };
}

export class TokenService {
  private readonly key: webcrypto.CryptoKey;
  private readonly verified = new Map<string, Verified>();

  constructor(secret: string) {
    // Imported once: jose would import a raw secret again on every call.
    this.key = createSecretKey(Buffer.from(secret, 'utf8')).toCryptoKey({ name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(claims: Omit<TokenClaims, 'exp'>, now: number = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({
      user_id: claims.user_id,
      user_role: claims.user_role,
      tv: claims.tv,
      iat,
      exp: iat + TOKEN_LIFETIME_SECONDS,
    })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .sign(this.key);
  }

  async verify(token: string, now: number = Date.now()): Promise<VerifyResult> {
    const seconds = Math.floor(now / 1000);
    const remembered = this.verified.get(token);
    if (!remembered) return this.verifyFirst(token, now);
    const { claims, nbf } = remembered;
    if (nbf !== undefined && nbf > seconds) return INVALID;
    if (claims.exp <= seconds) {
      this.verified.delete(token);
      return EXPIRED;
    }
    return { ok: true, claims };
  }

  /** A token not remembered: jose checks its signature, algorithm, critical headers and times. */
  private async verifyFirst(token: string, now: number): Promise<VerifyResult> {
    if (!COMPACT.test(token)) return INVALID;
    let verified: Verified | undefined;
    try {
      verified = ourClaims(
        (await jwtVerify(token, this.key, { ...VERIFY_OPTIONS, currentDate: new Date(now) })).payload,
      );
    } catch (error) {
      if (error instanceof errors.JWTExpired) return EXPIRED;
      if (error instanceof errors.JOSEError) return INVALID;
      throw error;
    }
    if (!verified) return INVALID;
    if (this.verified.size >= VERIFIED_KEPT) this.verified.clear();
    this.verified.set(token, verified);
    return { ok: true, claims: verified.claims };
  }
}
