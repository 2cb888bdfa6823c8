/**
 * Access tokens: JWT signed with HS256, claims user_id, user_role, exp (seconds)
 * and tv, the user's token version at issue time. Bumping the version in the
 * database revokes every token issued before. Only HS256 is accepted.
 *
 * Signed and checked with node:crypto directly: every authenticated request
 * verifies a token, and an HMAC here costs far less than WebCrypto's
 * asynchronous one (docs/decisions/017-authenticated-request-path.md). The
 * API tests check these tokens against an independent implementation (jose).
 *
 * A token that verified is remembered by its exact text, so its next requests
 * skip the HMAC and the decoding (docs/benchmarks.md); its times (exp, nbf) are checked on every request still.
 * The same text always verifies the same way, and only valid tokens are kept,
 * so nobody without one can fill the memory.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
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
/** Tokens remembered at most (~0.5 KB each); when full the memory starts over. */
const VERIFIED_KEPT = 10_000;

interface Verified {
  claims: TokenClaims;
  nbf: number | undefined;
}
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const HEADER = Buffer.from(JSON.stringify({ alg: TOKEN_ALGORITHM, typ: 'JWT' })).toString('base64url');

/** The JSON object a base64url segment encodes, or undefined. */
function decodeSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export class TokenService {
  private readonly key: KeyObject;
  private readonly verified = new Map<string, Verified>();

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  private signature(signingInput: string): Buffer {
    return createHmac('sha256', this.key).update(signingInput).digest();
  }

  sign(claims: Omit<TokenClaims, 'exp'>, now: number = Date.now()): string {
    const iat = Math.floor(now / 1000);
    const payload = {
      user_id: claims.user_id,
      user_role: claims.user_role,
      tv: claims.tv,
      iat,
      exp: iat + TOKEN_LIFETIME_SECONDS,
    };
    const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${signingInput}.${this.signature(signingInput).toString('base64url')}`;
  }

  verify(token: string, now: number = Date.now()): VerifyResult {
    let verified = this.verified.get(token);
    if (!verified) {
      verified = this.verifySignedClaims(token);
      if (!verified) return INVALID;
      if (this.verified.size >= VERIFIED_KEPT) this.verified.clear();
      this.verified.set(token, verified);
    }
    const { claims, nbf } = verified;
    const seconds = Math.floor(now / 1000);
    if (nbf !== undefined && nbf > seconds) return INVALID;
    if (claims.exp <= seconds) {
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    return { ok: true, claims };
  }

  /** The claims of a token signed with our key in our form, whatever its times. */
  private verifySignedClaims(token: string): Verified | undefined {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return undefined;
    const [header, payload, signature] = parts as [string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signature(`${header}.${payload}`);
    // The signature must be the canonical encoding of exactly the expected bytes.
    if (
      given.length !== expected.length ||
      given.toString('base64url') !== signature ||
      !timingSafeEqual(given, expected)
    ) {
      return undefined;
    }
    const head = decodeSegment(header);
    // Only our algorithm, and no critical extension we would not understand (RFC 7515 §4.1.11).
    if (head?.alg !== TOKEN_ALGORITHM || 'crit' in head) return undefined;
    const body = decodeSegment(payload);
    if (!body) return undefined;
    const { user_id, user_role, tv, exp, nbf } = body;
    if (
      typeof user_id !== 'string' ||
      typeof tv !== 'number' ||
      typeof exp !== 'number' ||
      !ROLES.includes(user_role as Role)
    ) {
      return undefined;
    }
    if (nbf !== undefined && typeof nbf !== 'number') return undefined;
    return { claims: { user_id, user_role: user_role as Role, tv, exp }, nbf };
  }
}
