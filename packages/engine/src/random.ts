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

/**
 * The order a module with `events_drawn: 'shuffled'` tries its `n` events in
 * on `day` of the run with `seed`: a permutation of 0 … n−1, a new one each day.
 */
export function eventOrder(seed: number, day: number, n: number): number[] {
  return choiceOrder((seed ^ 0x5bd1e995) >>> 0, day, -1, n);
}

/**
 * The order an event's `n` choices are shown in on `day` of the run with
 * `seed`: a permutation of 0 … n−1 (a Fisher–Yates shuffle driven by the same
 * hash as the rolls). The log names a choice by its index in the module, so
 * the order is presentation only: a replay never depends on it.
 */
export function choiceOrder(seed: number, day: number, eventIndex: number, n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let h = mix(mix((seed ^ 0x85ebca6b) >>> 0) + Math.imul(day, 0x27d4eb2d) + Math.imul(eventIndex + 1, 0x165667b1));
  for (let i = n - 1; i > 0; i--) {
    h = mix(h + 0x9e3779b9);
    const j = h % (i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}
