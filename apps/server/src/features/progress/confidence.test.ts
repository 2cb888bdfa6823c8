import { describe, expect, it } from 'vitest';
import { pairedChange, t975 } from './confidence.ts';

/** Student's t density with df degrees of freedom. */
function density(x: number, df: number): number {
  const logGamma = (z: number): number => {
    // Lanczos approximation (g = 7), accurate to about 15 digits for z > 0.5.
    const c = [
      0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406,
      12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
    ];
    const w = z - 1;
    const a = c.reduce((sum, ci, i) => (i === 0 ? ci : sum + ci / (w + i)), 0);
    const t = w + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (w + 0.5) * Math.log(t) - t + Math.log(a);
  };
  const logC = logGamma((df + 1) / 2) - logGamma(df / 2) - 0.5 * Math.log(df * Math.PI);
  return Math.exp(logC - ((df + 1) / 2) * Math.log(1 + (x * x) / df));
}

/** P(T ≤ x) for x ≥ 0, by Simpson's rule from 0. */
function cdf(x: number, df: number): number {
  const steps = 20_000;
  const h = x / steps;
  let s = density(0, df) + density(x, df);
  for (let i = 1; i < steps; i++) s += (i % 2 ? 4 : 2) * density(i * h, df);
  return 0.5 + (s * h) / 3;
}

describe('t975', () => {
  it('gives the published quantiles', () => {
    expect(t975(1)).toBe(12.706);
    expect(t975(4)).toBe(2.776);
    expect(t975(9)).toBe(2.262);
    expect(t975(30)).toBe(2.042);
    expect(t975(120)).toBe(1.98);
    expect(t975(1_000_000)).toBe(1.962);
  });

  it('has each tabulated quantile at the 97.5th percentile of its distribution', () => {
    for (const df of [2, 4, 5, 10, 20, 30, 40, 60, 100, 1000]) {
      expect(cdf(t975(df), df), `df ${df}`).toBeCloseTo(0.975, 3);
    }
  });

  it('takes the row of fewer degrees of freedom between rows (the wider interval)', () => {
    expect(t975(35)).toBe(t975(30));
    expect(t975(99)).toBe(t975(80));
    expect(cdf(t975(35), 35)).toBeGreaterThan(0.975);
  });

  it('refuses degrees of freedom that are not whole numbers from 1', () => {
    expect(() => t975(0)).toThrow(RangeError);
    expect(() => t975(2.5)).toThrow(RangeError);
  });
});

describe('pairedChange', () => {
  it('gives mean ± t·sd/√n from the sums', () => {
    // Changes 1, 2, 3, 4, 5: mean 3, sd √2.5, t(0.975, 4) 2.776: 3 ± 1.963.
    const got = pairedChange(5, 15, 55, 5);
    expect(got).toEqual({ n: 5, mean_change: 3, ci95: [1, 5], improved_share: 1 });
    // Changes -10, 0, 10, 20, 30, 40: mean 15, sd 18.708, t(0.975, 5) 2.571: 15 ± 19.64.
    expect(pairedChange(6, 90, 3100, 4)).toEqual({ n: 6, mean_change: 15, ci95: [-4.6, 34.6], improved_share: 0.667 });
  });

  it('gives no interval under five trainees, and nothing for none', () => {
    expect(pairedChange(4, 10, 30, 4)).toEqual({ n: 4, mean_change: 2.5, ci95: null, improved_share: 1 });
    expect(pairedChange(0, 0, 0, 0)).toEqual({ n: 0, mean_change: null, ci95: null, improved_share: null });
  });

  it('gives a zero-width interval for equal changes', () => {
    expect(pairedChange(5, 50, 500, 5).ci95).toEqual([10, 10]);
  });
});
