/**
 * How many guesses the sign-in throttle may let through in a burst that took
 * `elapsedMs`: the free ones, then one more after each wait (1 s, 2 s, 4 s, …
 * after the last failure). A burst on a loaded machine can take over a second,
 * and then an eleventh attempt is rightly allowed.
 */
export function throttledBurstAllows(free: number, elapsedMs: number): number {
  return free + Math.floor(Math.log2(1 + elapsedMs / 1000));
}
