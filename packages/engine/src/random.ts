/**
 * The run's randomness: a pure hash of (seed, day, event), so a draw does not
 * depend on how many draws came before it. Replaying a log with the same seed
 * meets the same events, and a solver that knows the seed can plan for them.
 */

/** murmur3's 32-bit finalizer: spreads every input bit over the output. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in 0–99 for event `index` on `day` of the run with `seed`. */
export function roll(seed: number, day: number, index: number): number {
  const h = mix(mix(mix((seed ^ 0x9e3779b9) >>> 0) + day) + Math.imul(index + 1, 0x27d4eb2d));
  return h % 100;
}
