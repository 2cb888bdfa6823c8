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
    const { payload, protectedHeader } = await jwtVerify(await service.sign(claims, now), key, {
      algorithms: ['HS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ ...claims, exp: Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS });
  });

  it('verifies tokens signed by jose, with or without typ', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(exp)
      .sign(key);
    expect(await service.verify(token)).toEqual({ ok: true, claims: { ...claims, exp } });
  });

  it('calls a token expired from its exp second on, whether it was verified before or not', async () => {
    const now = Date.now();
    const token = await service.sign(claims, now);
    const exp = Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS;
    expect(await new TokenService(SECRET).verify(token, exp * 1000)).toEqual({ ok: false, reason: 'expired' });
    expect((await service.verify(token, exp * 1000 - 1)).ok).toBe(true);
    expect(await service.verify(token, exp * 1000)).toEqual({ ok: false, reason: 'expired' });
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
    const asked = [];
    for (const at of [now, now + 10_000, now + 19_999, now + 20_000, now + 10_000])
      asked.push(await fresh.verify(token, at));
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
    const [head, body, sig] = (await service.sign(claims)).split('.') as [string, string, string];
    const forged = {
      otherKey: await new TokenService(`${SECRET}-other`).sign(claims),
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
      expect({ name, result: await service.verify(token) }).toEqual({ name, result: { ok: false, reason: 'invalid' } });
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
      expect(await service.verify(token)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  // Made by the HS256 code this service had before it signed with jose, with this SECRET, issued at
  // 2026-01-01T00:00:00Z: the tokens in people's browsers on the day of the change keep working.
  const BEFORE_JOSE = {
    token:
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VyX2lkIjoiM2YyYTljMWUtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAxIiwidXNlcl9yb2xlIjoidXNlciIsInR2IjoxLCJpYXQiOjE3NjcyMjU2MDAsImV4cCI6MTc2NzI1NDQwMH0.K9rON4ytUufl85Kwy9rjZwuXIXvutEHVTZ0nN7UQOTI',
    issuedAt: Date.UTC(2026, 0, 1),
    claims: { user_id: '3f2a9c1e-0000-4000-8000-000000000001', user_role: 'user' as const, tv: 1 },
  };

  it('verifies a token signed before the change to jose, and signs the same claims to the same text', async () => {
    const { token, issuedAt, claims: theirs } = BEFORE_JOSE;
    const exp = issuedAt / 1000 + TOKEN_LIFETIME_SECONDS;
    expect(await new TokenService(SECRET).verify(token, issuedAt + 60_000)).toEqual({
      ok: true,
      claims: { ...theirs, exp },
    });
    expect(await new TokenService(SECRET).verify(token, exp * 1000)).toEqual({ ok: false, reason: 'expired' });
    expect(await service.sign(theirs, issuedAt)).toBe(token);
  });

  it('refuses a token signed before the change to jose once any part of it is altered', async () => {
    const { token, issuedAt } = BEFORE_JOSE;
    const [head, body, sig] = token.split('.') as [string, string, string];
    const claimsOf = (segment: string) => JSON.parse(Buffer.from(segment, 'base64url').toString()) as object;
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const tampered = [
      `${head}.${encode({ ...claimsOf(body), user_role: 'admin' })}.${sig}`,
      `${head}.${encode({ ...claimsOf(body), exp: Number.MAX_SAFE_INTEGER })}.${sig}`,
      `${encode({ ...claimsOf(head), alg: 'HS512' })}.${body}.${sig}`,
      `${head}.${body}.${flip(sig, 10)}`,
      `${head}.${flip(body, 20)}.${sig}`,
    ];
    for (const altered of tampered) {
      expect({ altered, result: await new TokenService(SECRET).verify(altered, issuedAt + 60_000) }).toEqual({
        altered,
        result: { ok: false, reason: 'invalid' },
      });
    }
    expect(await new TokenService(`${SECRET}-other`).verify(token, issuedAt + 60_000)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
