import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, isoOrEmpty } from './csv.ts';

describe('csv', () => {
  it('escapes cells a spreadsheet would run as formulas', () => {
    for (const bad of ['=cmd()', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(bad).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
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
});
