/**
 * Access tokens: JWT signed with HS256, claims user_id, user_role, exp (seconds)
 * and tv, the user's token version at issue time. Bumping the version in the
 * database revokes every token issued before. Only HS256 is accepted.
 */
import { SignJWT, jwtVerify, errors } from 'jose';
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

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: Omit<TokenClaims, 'exp'>, now: number = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({ user_id: claims.user_id, user_role: claims.user_role, tv: claims.tv })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [TOKEN_ALGORITHM] });
      const { user_id, user_role, tv, exp } = payload;
      if (
        typeof user_id !== 'string' ||
        typeof tv !== 'number' ||
        typeof exp !== 'number' ||
        !ROLES.includes(user_role as Role)
      ) {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, claims: { user_id, user_role: user_role as Role, tv, exp } };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
