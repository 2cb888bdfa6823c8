import { describe, expect, it } from 'vitest';
import { versionedCache, VersionedCache } from './versioned-cache.ts';

describe('VersionedCache', () => {
  it('keeps a value until the version moves', async () => {
    const source = { version: 0 };
    const cache = new VersionedCache<string>(source, 10);
    let loads = 0;
    const load = () => Promise.resolve(`v${++loads}`);
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    source.version++;
    expect(await cache.getOrLoad('k', load)).toBe('v2');
  });

  it('does not keep a value whose load overlapped a change', async () => {
    const source = { version: 0 };
    const cache = new VersionedCache<string>(source, 10);
    // The change lands while the first load is in flight.
    expect(
      await cache.getOrLoad('k', () => {
        source.version++;
        return Promise.resolve('old');
      }),
    ).toBe('old');
    expect(await cache.getOrLoad('k', () => Promise.resolve('new'))).toBe('new');
  });

  it('keeps no misses and never more than its bound', async () => {
    const cache = new VersionedCache<number | undefined>({ version: 0 }, 2);
    let loads = 0;
    await cache.getOrLoad('missing', () => (loads++, Promise.resolve(undefined)));
    await cache.getOrLoad('missing', () => (loads++, Promise.resolve(undefined)));
    expect(loads).toBe(2);
    for (const k of ['a', 'b', 'c']) await cache.getOrLoad(k, () => Promise.resolve(1));
    expect(await cache.getOrLoad('a', () => Promise.resolve(2))).toBe(2);
  });
});

describe('versionedCache', () => {
  it('loads straight through when there is no version to follow', async () => {
    let loads = 0;
    const cached = versionedCache<number>(undefined, 10);
    const load = () => Promise.resolve(++loads);
    await cached('k', load);
    expect(await cached('k', load)).toBe(2);
  });
});
