/**
 * A bounded in-memory cache of values that stay valid while a version number
 * stays the same (see db/users-changes.ts). A value loaded while the version
 * moved is returned but not kept: it may predate the change. Misses
 * (undefined) are not kept either.
 */
export class VersionedCache<V> {
  readonly #entries = new Map<string, V>();
  #version: number;

  constructor(
    private readonly source: { readonly version: number },
    private readonly maxEntries: number,
  ) {
    this.#version = source.version;
  }

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    this.#dropIfStale();
    const hit = this.#entries.get(key);
    if (hit !== undefined) return hit;
    const version = this.source.version;
    const value = await load();
    if (value !== undefined && this.source.version === version) {
      this.#dropIfStale();
      // Simple bound: start over when full (the hot keys come back at once).
      if (this.#entries.size >= this.maxEntries) this.#entries.clear();
      this.#entries.set(key, value);
    }
    return value;
  }

  #dropIfStale(): void {
    if (this.#version !== this.source.version) {
      this.#entries.clear();
      this.#version = this.source.version;
    }
  }
}

/**
 * A cache when there is a version to follow (the embedded database), straight
 * loads when not: callers use one shape either way.
 */
export function versionedCache<V>(
  source: { readonly version: number } | undefined,
  maxEntries: number,
): (key: string, load: () => Promise<V>) => Promise<V> {
  if (!source) return (_key, load) => load();
  const cache = new VersionedCache<V>(source, maxEntries);
  return (key, load) => cache.getOrLoad(key, load);
}
