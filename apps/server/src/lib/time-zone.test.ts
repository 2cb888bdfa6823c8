import { describe, expect, it } from 'vitest';
import { dayIn, isTimeZone, nextDay, startOfDayIn } from './time-zone.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('time zones', () => {
  it('names the day an instant falls on in a zone', () => {
    const evening = Date.parse('2026-11-24T03:30:00Z');
    expect(dayIn(evening, 'UTC')).toBe('2026-11-24');
    expect(dayIn(evening, 'America/Denver')).toBe('2026-11-23');
    expect(dayIn(Date.parse('2026-11-24T10:30:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-25');
  });

  it('knows time zone names, and nothing else', () => {
    expect(['UTC', 'America/Denver', 'Europe/Berlin'].filter(isTimeZone)).toHaveLength(3);
    expect(['', 'Mars/Olympus', 'UTC; drop', '../etc'].filter(isTimeZone)).toEqual([]);
  });

  it("starts a day at the zone's midnight, summer time or not", () => {
    expect(iso(startOfDayIn('2026-11-26', 'UTC'))).toBe('2026-11-26T00:00:00.000Z');
    expect(iso(startOfDayIn('2026-11-26', 'America/Denver'))).toBe('2026-11-26T07:00:00.000Z');
    expect(iso(startOfDayIn('2026-07-04', 'America/Denver'))).toBe('2026-07-04T06:00:00.000Z');
    expect(iso(startOfDayIn('2026-11-26', 'Asia/Kolkata'))).toBe('2026-11-25T18:30:00.000Z');
    expect(iso(startOfDayIn('2026-01-01', 'Pacific/Kiritimati'))).toBe('2025-12-31T10:00:00.000Z');
  });

  it('starts the days around a change of clocks at their own midnight', () => {
    // Denver moves to summer time at 02:00 on 2026-03-08 and back at 02:00 on 2026-11-01.
    expect(iso(startOfDayIn('2026-03-08', 'America/Denver'))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(startOfDayIn('2026-03-09', 'America/Denver'))).toBe('2026-03-09T06:00:00.000Z');
    expect(iso(startOfDayIn('2026-11-01', 'America/Denver'))).toBe('2026-11-01T06:00:00.000Z');
    expect(iso(startOfDayIn('2026-11-02', 'America/Denver'))).toBe('2026-11-02T07:00:00.000Z');
  });

  it('starts a day whose midnight the zone skips at the first hour it has', () => {
    // Santiago moved to summer time at midnight on 2025-09-07: 00:00 became 01:00 (04:00 UTC).
    const start = startOfDayIn('2025-09-07', 'America/Santiago');
    expect(iso(start)).toBe('2025-09-07T04:00:00.000Z');
    expect(dayIn(start - 1, 'America/Santiago')).toBe('2025-09-06');
  });

  it('counts the next day across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
