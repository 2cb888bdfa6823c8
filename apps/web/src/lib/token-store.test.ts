import { describe, expect, it } from 'vitest';
import { decodeToken, tokenState } from './token-store.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
const now = Date.UTC(2026, 10, 22, 12);

describe('tokenState', () => {
  it('is missing without a token', () => {
    expect(tokenState(null, now)).toBe('missing');
    expect(tokenState('', now)).toBe('missing');
  });

  it('is invalid when the token cannot be read or lacks the claims', () => {
    expect(tokenState('garbage', now)).toBe('invalid');
    expect(tokenState('a.b.c', now)).toBe('invalid');
    expect(tokenState(token({ user_id: 'u', exp: 2e9 }), now)).toBe('invalid');
  });

  it('is expired from exp (seconds) alone, at the second it passes', () => {
    const exp = now / 1000;
    expect(tokenState(token({ user_id: 'u', user_role: 'user', exp }), now)).toBe('expired');
    expect(tokenState(token({ user_id: 'u', user_role: 'user', exp: exp + 1 }), now)).toBe('valid');
  });

  it('reads the claims of a base64url payload', () => {
    const claims = { user_id: 'ü-ß?>', user_role: 'admin', exp: 2e9 };
    expect(decodeToken(token(claims))).toEqual(claims);
  });
});
