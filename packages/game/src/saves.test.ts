import { describe, expect, it } from 'vitest';
import { Saves } from './saves.ts';

describe('the run’s saves', () => {
  it('lands them one after another in the order made, a failed one not stopping the next', async () => {
    const saves = new Saves();
    const landed: string[] = [];
    let releaseFirst: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (releaseFirst = resolve));
    saves.add(async () => {
      await first;
      landed.push('move 1');
    });
    saves.add(() => Promise.reject(new Error('offline')));
    saves.add(() => {
      landed.push('move 2');
      return Promise.resolve();
    });
    // The second save waits for the slow first one: nothing has landed yet.
    await Promise.resolve();
    expect(landed).toEqual([]);
    releaseFirst();
    await saves.settled();
    expect(landed).toEqual(['move 1', 'move 2']);
  });
});
