import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it("hashes with argon2id at OWASP's 7 MiB, 5 passes, 1 lane", async () => {
    const hash = await hashPassword('Correct-Horse-9');
    const [, algorithm, , params] = hash.split('$');
    expect(algorithm).toBe('argon2id');
    expect(Object.fromEntries((params ?? '').split(',').map((p) => p.split('=')))).toEqual({ m: '7168', t: '5', p: '1' });
    expect(await verifyPassword(hash, 'Correct-Horse-9')).toBe(true);
    expect(await verifyPassword(hash, 'Correct-Horse-8')).toBe(false);
  });

  it('still verifies hashes made with the former 19 MiB, 2 passes', async () => {
    const former = await argon2.hash('Correct-Horse-9', { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(former, 'Correct-Horse-9')).toBe(true);
    expect(await verifyPassword(former, 'wrong')).toBe(false);
  });

  it('never matches an account without a password', async () => {
    expect(await verifyPassword(null, 'Correct-Horse-9')).toBe(false);
  });
});
