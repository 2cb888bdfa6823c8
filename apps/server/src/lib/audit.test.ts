import { describe, expect, it } from 'vitest';
import { isSecretField, SECRET_FIELD, withoutSecrets } from './audit.ts';

describe('the audit log keeps no secret and every other field', () => {
  it('drops passwords, hashes, codes and tokens at any depth', () => {
    const fields = {
      password: 'x',
      password_hash: 'x',
      invite_code: 'x',
      code: 'x',
      token: 'x',
      reset_token: 'x',
      client_secret: 'x',
      nested: [{ token_hash: 'x', kept: 1 }],
    };
    expect(withoutSecrets(fields)).toEqual({ nested: [{ kept: 1 }] });
  });

  it("keeps a module's fields whose names only begin or end like a secret's", () => {
    // An action's token cost and a day's tokens are game rules, and a change to them is evidence.
    for (const name of ['token_cost', 'tokens', 'next_day_tokens', 'day_tokens', 'token_version', 'barcode'])
      expect(SECRET_FIELD.test(name), name).toBe(false);
    expect(withoutSecrets({ actions: [{ name: 'Run', token_cost: 2 }] })).toEqual({
      actions: [{ name: 'Run', token_cost: 2 }],
    });
  });

  it('keeps a module save’s keys, which name rows and fields in words, whatever a row is called', () => {
    expect(isSecretField('Actions › Password drill')).toBe(false);
    expect(isSecretField('password_hash')).toBe(true);
    expect(withoutSecrets({ 'Actions › Password drill': 'token cost: 1', password: 'x' })).toEqual({
      'Actions › Password drill': 'token cost: 1',
    });
  });
});
