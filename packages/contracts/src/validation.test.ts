import { describe, expect, it } from 'vitest';
import {
  invalidEmails,
  invalidEmailsMessage,
  isValidEmail,
  passwordChecklist,
  passwordPolicyProblems,
  splitEmails,
} from './validation.ts';

describe('e-mail rules (spec §5)', () => {
  it('accepts ordinary addresses', () => {
    for (const e of ['a.b@us.af.mil', 'first+tag@example.com', "o'brien@example.org"])
      expect(isValidEmail(e), e).toBe(true);
  });

  it('rejects malformed addresses', () => {
    for (const e of ['', 'plain', 'a@', '@b.com', 'a@b', 'a b@c.com', 'a@-b.com', 'a..b@c.com', '.a@c.com']) {
      expect(isValidEmail(e), e).toBe(false);
    }
  });

  it('enforces the length limits: 64 local, 63 per label, 254 total', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`a@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`a@${'b'.repeat(64)}.com`)).toBe(false);
    const longDomain = Array.from({ length: 4 }, () => 'c'.repeat(61)).join('.');
    expect(isValidEmail(`ab@${longDomain}.com`)).toBe(true); // 3 + 247 + 4 = 254
    expect(isValidEmail(`abc@${longDomain}.com`)).toBe(false); // 255
  });

  it('splits the invite text on any whitespace and names the invalid ones', () => {
    const list = splitEmails(' a@b.com\n\tbad  c@d.org nope@ ');
    expect(list).toEqual(['a@b.com', 'bad', 'c@d.org', 'nope@']);
    expect(invalidEmailsMessage(invalidEmails(list))).toBe(
      'List includes invalid or incomplete email addresses: bad, nope@',
    );
  });
});

describe('password checklist (spec §5)', () => {
  it('checks each rule separately', () => {
    expect(passwordChecklist('abc', 'abc')).toEqual({
      minLength: false,
      special: false,
      number: false,
      capital: false,
      match: true,
    });
    expect(passwordChecklist('Abcdefg1!', 'Abcdefg1!')).toEqual({
      minLength: true,
      special: true,
      number: true,
      capital: true,
      match: true,
    });
    expect(passwordChecklist('Abcdefg1!', 'Abcdefg1')).toMatchObject({ match: false });
  });

  it('does not count two empty fields as matching', () => {
    expect(passwordChecklist('', '').match).toBe(false);
  });

  it('gives the server the reasons a password fails the policy', () => {
    expect(passwordPolicyProblems('Abcdefg1!')).toEqual([]);
    expect(passwordPolicyProblems('short')).toHaveLength(4);
  });
});
