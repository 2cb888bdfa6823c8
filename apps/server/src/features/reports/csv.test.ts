import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, isoOrEmpty } from './csv.ts';

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

  it('writes times as ISO 8601 and never as empty', () => {
    expect(isoOrEmpty(0)).toBe('');
    expect(isoOrEmpty(Date.UTC(2026, 10, 22))).toBe('2026-11-22T00:00:00.000Z');
  });

  it('formats any time exactly as toISOString does', () => {
    const times = [
      1,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2026, 10, 22, 23, 59, 59, 999),
      253_402_300_799_999,
      253_402_300_800_000,
    ];
    // A fixed spread of times up to 2100 (deterministic: no random in tests).
    for (let i = 1; i <= 10_000; i++) times.push((i * 410_244_480_007 + i * i * 7_919) % 4_102_444_800_000);
    for (const t of times) expect(isoOrEmpty(t), String(t)).toBe(new Date(t).toISOString());
  });
});
