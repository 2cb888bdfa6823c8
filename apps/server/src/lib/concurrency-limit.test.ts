import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('concurrencyLimit', () => {
  it('runs no more than its limit at once, in arrival order, and every task to its end', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        limit(async () => {
          started.push(i);
          most = Math.max(most, ++running);
          await tick();
          running--;
          return i * 10;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limit(() => Promise.resolve('next'))).toBe('next');
  });
});
