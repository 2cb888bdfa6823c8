/**
 * The 95% confidence interval of a mean change, from the sums Progress reads (n, Σx, Σx²): mean ±
 * t(0.975, n − 1) · sd / √n, sd the sample standard deviation. The t quantiles come from a table
 * (degrees of freedom 1–30, then 40, 50, 60, 80, 100, 120, 1000); between two rows the row of the
 * fewer degrees of freedom is used, whose quantile is the larger: the interval is never narrower
 * than the exact one, and at most 0.2% wider from 30 degrees of freedom on.
 */
import { CHANGE_MIN_N, type PairedChange } from '@airman/contracts/progress.ts';

const T975: readonly (readonly [df: number, t: number])[] = [
  [1, 12.706],
  [2, 4.303],
  [3, 3.182],
  [4, 2.776],
  [5, 2.571],
  [6, 2.447],
  [7, 2.365],
  [8, 2.306],
  [9, 2.262],
  [10, 2.228],
  [11, 2.201],
  [12, 2.179],
  [13, 2.16],
  [14, 2.145],
  [15, 2.131],
  [16, 2.12],
  [17, 2.11],
  [18, 2.101],
  [19, 2.093],
  [20, 2.086],
  [21, 2.08],
  [22, 2.074],
  [23, 2.069],
  [24, 2.064],
  [25, 2.06],
  [26, 2.056],
  [27, 2.052],
  [28, 2.048],
  [29, 2.045],
  [30, 2.042],
  [40, 2.021],
  [50, 2.009],
  [60, 2.0],
  [80, 1.99],
  [100, 1.984],
  [120, 1.98],
  [1000, 1.962],
];

/** t(0.975, df): the two-sided 95% quantile of Student's t with df degrees of freedom (df ≥ 1). */
export function t975(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be a whole number ≥ 1, not ${df}`);
  // df ≥ 1: the first row always applies.
  let t = Number.POSITIVE_INFINITY;
  for (const [d, value] of T975) {
    if (d > df) break;
    t = value;
  }
  return t;
}

const oneDecimal = (x: number) => Math.round(x * 10) / 10;

/** The paired change of n trainees whose changes sum to `sum` and their squares to `squares`. */
export function pairedChange(n: number, sum: number, squares: number, improved: number): PairedChange {
  if (n <= 0) return { n: 0, mean_change: null, ci95: null, improved_share: null };
  const mean = sum / n;
  let ci95: [number, number] | null = null;
  if (n >= CHANGE_MIN_N) {
    // The variance from the sums; rounding can leave a tiny negative for equal changes.
    const variance = Math.max(0, (squares - (sum * sum) / n) / (n - 1));
    const half = (t975(n - 1) * Math.sqrt(variance)) / Math.sqrt(n);
    ci95 = [oneDecimal(mean - half), oneDecimal(mean + half)];
  }
  return { n, mean_change: oneDecimal(mean), ci95, improved_share: Math.round((improved / n) * 1000) / 1000 };
}
