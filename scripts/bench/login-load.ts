/**
 * Sign-ins arriving at a steady rate (open loop: one every 1/rate seconds,
 * whether or not earlier ones have answered), as people arrive, unlike a
 * closed loop that waits for answers. Meanwhile /api/health is asked every
 * 10 ms: its latency shows whether the event loop ever stalled (argon2id
 * must run off the main thread).
 */
export interface LoginLoad {
  sent: number;
  ok: number;
  p50: number;
  p95: number;
  p99: number;
  /** Slowest /api/health answer during the run, and its 99th percentile. */
  probeMax: number;
  probeP99: number;
  /** /api/health requests that got no answer (a reset connection on a loaded machine): counted, not fatal. */
  probeFailures: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Calls `send` rate × seconds times, the i-th when it is due (i / rate seconds after the first),
 * without waiting for earlier sends to finish; resolves with the count once all have.
 */
export async function atSteadyRate(
  rate: number,
  seconds: number,
  send: (i: number, due: number) => Promise<void>,
): Promise<number> {
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(i, due));
  }
  await Promise.all(inFlight);
  return total;
}

export async function loginLoad(
  url: string,
  rate: number,
  seconds: number,
  account: (i: number) => { user_name: string; password: string },
): Promise<LoginLoad> {
  const latencies: number[] = [];
  const probes: number[] = [];
  let probing = true;
  let probeFailures = 0;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      // A probe that fails must not end the whole run: it is counted and reported instead.
      const answered = await fetch(`${url}/api/health`).then(
        (r) => r.arrayBuffer().then(() => true),
        () => false,
      );
      if (answered) probes.push(performance.now() - t);
      else probeFailures++;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const total = await atSteadyRate(rate, seconds, (i, due) =>
    fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account(i)),
    }).then(
      async (res) => {
        await res.arrayBuffer();
        // From when it was due, so a late send counts against the server's figure, not for it.
        if (res.status === 200) latencies.push(performance.now() - due);
      },
      () => undefined,
    ),
  );
  probing = false;
  await probe;
  latencies.sort((a, b) => a - b);
  probes.sort((a, b) => a - b);
  return {
    sent: total,
    ok: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    probeMax: probes.at(-1) ?? 0,
    probeP99: percentile(probes, 99),
    probeFailures,
  };
}
