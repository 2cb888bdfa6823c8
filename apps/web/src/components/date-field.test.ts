import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './date-field.tsx';

describe('a typed date', () => {
  it('is read as month/day/year, leading zeros optional', () => {
    expect(parseTypedDate('12/31/2026')).toEqual(new Date(2026, 11, 31));
    expect(parseTypedDate(' 1/5/2027 ')).toEqual(new Date(2027, 0, 5));
    expect(parseTypedDate('02/29/2028')).toEqual(new Date(2028, 1, 29));
  });

  it('is not a date when a part is out of range or missing, rather than some other date', () => {
    for (const text of ['13/01/2026', '02/29/2027', '04/31/2026', '0/10/2026', '12/31/26', '12-31-2026', '12/31', ''])
      expect(parseTypedDate(text), text).toBeNull();
  });
});
