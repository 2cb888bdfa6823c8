import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS, TokenService } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const key = new TextEncoder().encode(SECRET);
const service = new TokenService(SECRET);
const claims = { user_id: 'u1', user_role: 'admin' as const, tv: 3 };

/** A token with any header, signed with the HMAC primitive itself (jose will not sign an unknown crit). */
function hs256(header: object, payload: object): string {
  const input = [header, payload].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.');
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
}

describe('TokenService', () => {
  it('issues HS256 tokens that an independent implementation (jose) verifies', async () => {
    const now = Date.now();
    const { payload, protectedHeader } = await jwtVerify(service.sign(claims, now), key, { algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ ...claims, exp: Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS });
  });

  it('verifies tokens signed by jose, with or without typ', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(exp)
      .sign(key);
    expect(service.verify(token)).toEqual({ ok: true, claims: { ...claims, exp } });
  });

  it('calls a token expired from its exp second on', () => {
    const now = Date.now();
    const token = service.sign(claims, now);
    const exp = Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS;
    expect(service.verify(token, exp * 1000 - 1).ok).toBe(true);
    expect(service.verify(token, exp * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('checks the times of a token it has verified before on every request', async () => {
    const seconds = Math.floor(Date.now() / 1000);
    const now = seconds * 1000;
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setNotBefore(seconds + 10)
      .setExpirationTime(seconds + 20)
      .sign(key);
    const fresh = new TokenService(SECRET);
    const asked = [now, now + 10_000, now + 19_999, now + 20_000, now + 10_000].map((at) => fresh.verify(token, at));
    expect(asked).toEqual([
      { ok: false, reason: 'invalid' },
      { ok: true, claims: { ...claims, exp: seconds + 20 } },
      { ok: true, claims: { ...claims, exp: seconds + 20 } },
      { ok: false, reason: 'expired' },
      { ok: true, claims: { ...claims, exp: seconds + 20 } },
    ]);
  });

  it('refuses other keys, other algorithms, critical extensions, tampering and junk', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const [head, body, sig] = service.sign(claims).split('.') as [string, string, string];
    const forged = {
      otherKey: new TokenService(`${SECRET}-other`).sign(claims),
      hs512: await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).setExpirationTime(exp).sign(key),
      crit: hs256({ alg: 'HS256', crit: ['x'], x: 1 }, { ...claims, exp }),
      none: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`,
      payloadSwapped: `${head}.${Buffer.from(JSON.stringify({ ...claims, user_role: 'admin', user_id: 'u2', exp })).toString('base64url')}.${sig}`,
      signatureTruncated: `${head}.${body}.${sig.slice(0, -2)}`,
      signatureNonCanonical: `${head}.${body}.${sig}A`,
      twoParts: `${head}.${body}`,
      empty: '',
    };
    for (const [name, token] of Object.entries(forged)) {
      expect({ name, result: service.verify(token) }).toEqual({ name, result: { ok: false, reason: 'invalid' } });
    }
  });

  it('refuses a correctly signed token whose claims are not ours', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    for (const payload of [
      { user_id: 'u1', user_role: 'root', tv: 0 },
      { user_id: 1, user_role: 'user', tv: 0 },
      { user_id: 'u1', user_role: 'user' },
    ]) {
      const token = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(key);
      expect(service.verify(token)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
