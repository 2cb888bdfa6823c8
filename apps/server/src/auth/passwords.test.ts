import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it("hashes with argon2id at OWASP's 7 MiB, 5 passes, 1 lane", async () => {
    const hash = await hashPassword('Correct-Horse-9');
    const [, algorithm, , params] = hash.split('$');
    expect(algorithm).toBe('argon2id');
    expect(Object.fromEntries((params ?? '').split(',').map((p) => p.split('=')))).toEqual({
      m: '7168',
      t: '5',
      p: '1',
    });
    expect(await verifyPassword(hash, 'Correct-Horse-9')).toBe(true);
    expect(await verifyPassword(hash, 'Correct-Horse-8')).toBe(false);
  });

  // Made by the `argon2` package (0.45, the reference C code), of 'Correct-Horse-1!': a hash
  // any argon2id implementation wrote, in either set of parameters, keeps verifying.
  it.each([
    [
      '7 MiB, 5 passes',
      '$argon2id$v=19$m=7168,p=1,t=5$DOrW1Wv9FIQFp2pgLX+neQ$aq/Hv4hnT0dOMxkrXrt5oZrBHVFQxuQHFoAXCEEPgd4',
    ],
    [
      'the former 19 MiB, 2 passes',
      '$argon2id$v=19$m=19456,p=1,t=2$7v2nYTXWLKy/obKYi5Ix2w$+2SR4cb8cskMgL2SYU/vj2r4TRDgCq1g+gTiK0SwgNE',
    ],
  ])('still verifies a hash stored by the former library (%s)', async (_name, stored) => {
    expect(await verifyPassword(stored, 'Correct-Horse-1!')).toBe(true);
    expect(await verifyPassword(stored, 'Correct-Horse-1?')).toBe(false);
  });

  it('never matches an account without a password', async () => {
    expect(await verifyPassword(null, 'Correct-Horse-9')).toBe(false);
  });
});
