import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findForbiddenText, hasForbiddenText } from './text.ts';

describe('forbidden text', () => {
  it('finds NUL and unpaired surrogates, and accepts paired ones', () => {
    expect(['a\u0000b', '\ud800', 'x\udfff', '\ud83d', 'a\udc00b'].map(hasForbiddenText)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['', 'plain', 'emoji 🙂', 'é', '\ud83d\ude42', '\uffff'].map(hasForbiddenText)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('accepts every well-formed string', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => !hasForbiddenText(s)));
  });

  it('refuses every string that holds a lone surrogate', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string(), (a, code, b) => {
        // Guard the ends so the surrogate cannot pair with a neighbour.
        return hasForbiddenText(`${a}x${String.fromCharCode(code)}x${b}`);
      }),
    );
  });

  it('names the field, array index and object key where the text is', () => {
    expect(findForbiddenText({ name: 'ok', actions: [{ name: 'fine' }, { name: 'bad\u0000' }] })).toBe(
      'actions.1.name',
    );
    expect(findForbiddenText({ gauges: { ['m\ud800']: 1 } })).toBe('gauges.m?');
    expect(findForbiddenText('\u0000')).toBe('');
    expect(findForbiddenText({ a: [1, true, null, 'ok'] })).toBeUndefined();
  });

  it('walks any depth without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findForbiddenText(deep)).toMatch(/^0(\.0)*$/);
  });
});
