import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosaver } from './autosaver.ts';

type Patch = Record<string, string>;

function saver(save: (p: Patch) => Promise<void>, onError?: (p: Patch) => void, shouldRetry?: () => boolean) {
  return new Autosaver<Patch>({
    delay: 1000,
    save,
    merge: (a, b) => ({ ...a, ...b }),
    isEmpty: (p) => Object.keys(p).length === 0,
    onError,
    shouldRetry,
    retryDelay: () => 500,
  });
}

describe('Autosaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once after a quiet second, with the last value of each field', async () => {
    const saved: Patch[] = [];
    const s = saver(async (p) => void saved.push(p));
    s.edit({ first: 'A' });
    await vi.advanceTimersByTimeAsync(500);
    s.edit({ first: 'Ab', last: 'C' });
    await vi.advanceTimersByTimeAsync(999);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual([{ first: 'Ab', last: 'C' }]);
  });

  it('flushes at once, and keeps edits made during a save for the next one', async () => {
    const saved: Patch[] = [];
    let release!: () => void;
    const s = saver((p) => {
      saved.push(p);
      return new Promise<void>((r) => (release = r));
    });
    s.edit({ a: '1' });
    const first = s.flush();
    s.edit({ b: '2' });
    release();
    await first;
    expect(saved).toEqual([{ a: '1' }]);
    const second = s.flush();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await second;
    expect(saved).toEqual([{ a: '1' }, { b: '2' }]);
    expect(s.dirty).toBe(false);
  });

  it('retries a failed save without losing newer edits of the same field', async () => {
    const saved: Patch[] = [];
    const errors: Patch[] = [];
    let fail = true;
    const s = saver(
      async (p) => {
        if (fail) throw new Error('offline');
        saved.push(p);
      },
      (p) => errors.push(p),
    );
    s.edit({ unit: 'old', rank: 'SrA' });
    await s.flush();
    expect(errors).toEqual([{ unit: 'old', rank: 'SrA' }]);
    s.edit({ unit: 'new' });
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toEqual([{ unit: 'new', rank: 'SrA' }]);
    expect(s.dirty).toBe(false);
  });

  it('drops a refused value instead of retrying it', async () => {
    let calls = 0;
    const s = saver(
      async () => {
        calls += 1;
        throw new Error('409');
      },
      undefined,
      () => false,
    );
    s.edit({ email: 'taken@example.com' });
    await s.flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(1);
    expect(s.dirty).toBe(false);
  });
});
