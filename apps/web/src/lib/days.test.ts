import { describe, expect, it } from 'vitest';
import { dateToDay, dayToDate } from './days.ts';

describe('days in URLs and calls', () => {
  it('shows a day as that date at local midnight', () => {
    expect(dayToDate('2026-03-09')).toEqual(new Date(2026, 2, 9));
  });

  it('reads nothing from a missing or malformed day', () => {
    expect(dayToDate(undefined)).toBeUndefined();
    expect(dayToDate('03/09/2026')).toBeUndefined();
    expect(dayToDate('2026-02-30')).toBeUndefined();
    expect(dayToDate('2026-13-01')).toBeUndefined();
  });

  it('gives the day of the calendar the date was picked on, padded', () => {
    expect(dateToDay(new Date(2026, 2, 9, 23, 30))).toBe('2026-03-09');
    expect(dateToDay(undefined)).toBeUndefined();
  });
});
