import { describe, expect, it } from 'vitest';
import { RANKS, findRank, rankLabel } from './ranks.ts';

describe('rank list (spec §3)', () => {
  it('runs from Civilian through E-1..E-9 and O-1..O-10 to General of the Air Force', () => {
    expect(RANKS[0]?.name).toBe('Civilian');
    expect(RANKS.at(-1)?.name).toBe('General of the Air Force');
    const grades = new Set(RANKS.map((r) => r.payGrade));
    for (let g = 1; g <= 9; g++) expect(grades.has(`E-${g}`), `E-${g}`).toBe(true);
    for (let g = 1; g <= 10; g++) expect(grades.has(`O-${g}`), `O-${g}`).toBe(true);
    expect(RANKS.map((r) => r.name)).toContain('Chief Master Sergeant of the Air Force');
    expect(RANKS.map((r) => r.name)).toContain('General Air Force Chief of Staff');
  });

  it('has unique abbreviations, which are what a user stores', () => {
    expect(new Set(RANKS.map((r) => r.abbreviation)).size).toBe(RANKS.length);
    expect(findRank('SrA')?.name).toBe('Senior Airman');
    expect(findRank('Senior Airman')).toBeUndefined();
  });

  it('labels a rank with its abbreviation and pay grade', () => {
    expect(rankLabel(findRank('SrA')!)).toBe('Senior Airman (SrA, E-4)');
    expect(rankLabel(findRank('Civ')!)).toBe('Civilian (Civ)');
  });
});
