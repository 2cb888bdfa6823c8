import { describe, expect, it } from 'vitest';
import { easeStep } from './gauges.ts';

describe("a gauge's ease", () => {
  it('starts at its old value and moves toward the new one', () => {
    expect(easeStep(50, 10, 0)).toEqual({ value: 50, done: false });
    const half = easeStep(50, 10, 225);
    expect(half.done).toBe(false);
    expect(half.value).toBeGreaterThan(10);
    expect(half.value).toBeLessThan(50);
  });

  it('is done on the frame that first draws the new value, so no frame follows it', () => {
    // 96% of the way in time, the cubic ease is within 0.005 of 10: the bar reads 10.00.
    expect(easeStep(50, 10, 432)).toEqual({ value: 10, done: true });
    expect(easeStep(50, 10, 450)).toEqual({ value: 10, done: true });
    expect(easeStep(50, 10, 10_000)).toEqual({ value: 10, done: true });
  });

  it('is done at once for a gauge that does not move', () => {
    expect(easeStep(30, 30, 0)).toEqual({ value: 30, done: true });
  });
});
