import { describe, expect, it } from 'vitest';
import { dayLine } from './play-layout.ts';

describe("the play screen's status line", () => {
  it('counts tokens and points in the singular for one', () => {
    expect(dayLine(3, 7, 1, 1)).toBe('Day 3 of 7 · 1 time token left · 1 point');
    expect(dayLine(1, 7, 8, 0)).toBe('Day 1 of 7 · 8 time tokens left · 0 points');
  });
});
