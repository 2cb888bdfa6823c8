import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dueAtFromDay, dueAtFromLocalDate, dueDay, dueLocalDate, formatDueDate } from './due-date.ts';

const zones = ['America/Denver', 'UTC', 'Europe/Berlin', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
// Node reads TZ again whenever it changes: each step runs in the zone it names.
const inZone = (zone: string) => vi.stubEnv('TZ', zone);
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('due dates', () => {
  it('stores a date as its UTC midnight plus 23 hours (spec §5)', () => {
    expect(new Date(dueAtFromDay(2026, 11, 15)).toISOString()).toBe('2026-11-15T23:00:00.000Z');
  });

  it('is the same calendar date for whoever picks it and whoever reads it, in any pair of time zones', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        fc.constantFrom(...zones),
        (when, adminZone, traineeZone) => {
          inZone(adminZone);
          const picked = new Date(when.getFullYear(), when.getMonth(), when.getDate());
          const stored = dueAtFromLocalDate(picked);
          const day = { year: picked.getFullYear(), month: picked.getMonth() + 1, day: picked.getDate() };
          inZone(traineeZone);
          expect(dueDay(stored)).toEqual(day);
          expect(formatDueDate(stored, 'en-US')).toBe(`${day.month}/${day.day}/${day.year}`);
          const shown = dueLocalDate(stored);
          expect([shown.getFullYear(), shown.getMonth() + 1, shown.getDate()]).toEqual([day.year, day.month, day.day]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('shows 11/15 picked in Denver as 11/15 in UTC (it was 11/16)', () => {
    inZone('America/Denver');
    const stored = dueAtFromLocalDate(new Date(2026, 10, 15));
    inZone('UTC');
    expect(formatDueDate(stored, 'en-US')).toBe('11/15/2026');
  });
});
