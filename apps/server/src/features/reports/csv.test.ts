import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, dueDayOrEmpty, localDayFormatter } from './csv.ts';

describe('csv', () => {
  it('escapes cells a spreadsheet would run as formulas', () => {
    for (const bad of ['=cmd()', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(bad).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
    expect(csvCell('Smith')).toBe('Smith');
    expect(csvCell('-5')).toBe("'-5");
  });

  it('leaves numbers as numbers, negative ones included', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'x\ny', 3])).toBe('"a,b","say ""hi""","x\ny",3\r\n');
  });

  it("writes the day an instant falls on in the admin's time zone, and never as empty", () => {
    const utc = localDayFormatter('UTC');
    const denver = localDayFormatter('America/Denver');
    const kiritimati = localDayFormatter('Pacific/Kiritimati');
    expect(utc(0)).toBe('');
    const evening = Date.parse('2026-12-16T03:30:00Z');
    expect([utc(evening), denver(evening), kiritimati(evening)]).toEqual(['2026-12-16', '2026-12-15', '2026-12-16']);
    // 23:00 in Denver, one minute before the day changes, then the minute after midnight.
    expect(denver(Date.parse('2026-12-16T06:59:00Z'))).toBe('2026-12-15');
    expect(denver(Date.parse('2026-12-16T07:00:00Z'))).toBe('2026-12-16');
    expect(kiritimati(Date.parse('2026-12-16T10:00:00Z'))).toBe('2026-12-17');
  });

  it('writes the same day as Intl for any time, across changes of summer time', () => {
    const zones = ['America/Denver', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Europe/Berlin'];
    for (const zone of zones) {
      const local = localDayFormatter(zone);
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      // A fixed spread of minutes over 2025-2028 (deterministic: no random in tests).
      for (let i = 1; i <= 1_500; i++) {
        const t = Date.UTC(2025, 0, 1) + ((i * 7_919_993 * 60_000) % (4 * 365 * 86_400_000));
        expect(local(t), `${zone} ${new Date(t).toISOString()}`).toBe(intl.format(t));
      }
    }
  });

  it('writes a due date as the calendar date picked, whatever the zone', () => {
    expect(dueDayOrEmpty(0)).toBe('');
    expect(dueDayOrEmpty(Date.parse('2026-12-15T23:00:00Z'))).toBe('2026-12-15');
  });
});
