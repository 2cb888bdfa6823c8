/**
 * Slow clients: sockets that trickle a request's headers, or its body, one
 * byte at a time and never finish, each from an address of its own (Linux
 * routes all of 127.0.0.0/8 to loopback, so each socket binds one, and says
 * another in X-Forwarded-For), at the anonymous calls (sign-in, registration,
 * forgot-password, reset). A socket the server closes is opened again, as a
 * persistent attacker would. Meanwhile sign-in is measured at a steady rate.
 */
import net from 'node:net';
import { HTTP_TIMEOUT_MS } from '@airman/contracts/constants.ts';
import { atSteadyRate } from '../bench/login-load.ts';
import { account, percentile, sleep } from './servers.ts';

const ROUTES = ['/api/login', '/api/password/forgot', '/api/register/chaosslowcode', '/api/password/reset'];

export interface SlowStats {
  /** Sockets opened, the reopened ones included. */
  opened: number;
  /** Sockets the server closed while the attack went on. */
  closed_by_server: number;
  /** The status lines the server answered them with, counted. */
  answers: Record<string, number>;
}

const addressOf = (i: number) => `${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** `count` slow sockets against the server on `port`, until stopped. */
export function slowSockets(
  port: number,
  count: number,
  trickleMs: number,
): { ready: Promise<void>; stop(): SlowStats } {
  const stats: SlowStats = { opened: 0, closed_by_server: 0, answers: {} };
  const live = new Set<net.Socket>();
  let running = true;
  let connected = 0;
  let onAllConnected: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onAllConnected = resolve));

  const open = (i: number) => {
    const route = ROUTES[i % ROUTES.length] ?? '/api/login';
    const trickleBody = Math.floor(i / ROUTES.length) % 2 === 1;
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: `127.77.${addressOf(i)}` });
    stats.opened++;
    live.add(socket);
    socket.setNoDelay(true);
    socket.on('connect', () => {
      if (++connected === count) onAllConnected();
      const head = `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 10.77.${addressOf(i)}\r\nContent-Type: application/json\r\n`;
      // Either the headers never end, or they do and the body never does.
      socket.write(trickleBody ? `${head}Content-Length: 4096\r\n\r\n{"user_name":"` : `${head}X-Slow: `);
    });
    socket.on('data', (d: Buffer) => {
      const status = d.toString('latin1').split('\r\n', 1)[0] ?? '';
      if (status.startsWith('HTTP/')) stats.answers[status] = (stats.answers[status] ?? 0) + 1;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      live.delete(socket);
      if (!running) return;
      stats.closed_by_server++;
      setTimeout(() => running && open(i), 100);
    });
  };
  for (let i = 0; i < count; i++) open(i);
  const trickle = setInterval(() => {
    for (const socket of live) if (socket.writable && !socket.connecting) socket.write('a');
  }, trickleMs);
  return {
    ready,
    stop: () => {
      running = false;
      clearInterval(trickle);
      for (const socket of live) socket.destroy();
      return stats;
    },
  };
}

export interface SignIns {
  sent: number;
  /** Answered other than 200, by status (0: no answer within the web client's 10 s). */
  failures: Record<number, number>;
  failed: number;
  /** Times of the sign-ins answered 200, from when each was due. */
  latencies: number[];
}

/**
 * Sign-ins at a steady rate (open loop: one every 1/rate seconds, whether or not earlier ones
 * have answered, as people arrive), each from an address of its own, timed from when it was
 * due, so a late send counts against the server.
 */
export async function steadySignIns(url: string, rate: number, seconds: number, offset: number): Promise<SignIns> {
  const latencies: number[] = [];
  const failures: Record<number, number> = {};
  const total = await atSteadyRate(rate, seconds, (i, due) =>
    fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.79.${addressOf(offset + i)}` },
      body: JSON.stringify(account(offset + i)),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    }).then(
      async (res) => {
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - due);
        else failures[res.status] = (failures[res.status] ?? 0) + 1;
      },
      () => {
        failures[0] = (failures[0] ?? 0) + 1;
      },
    ),
  );
  return { sent: total, failures, failed: total - latencies.length, latencies };
}

/** Several runs of sign-ins as one: every sign-in not answered 200 counts as the web client's 10 s timeout. */
export function pooled(runs: SignIns[]): {
  failed: number;
  failures: Record<number, number>;
  p95: number;
  p99: number;
} {
  const failures: Record<number, number> = {};
  let failed = 0;
  const all: number[] = [];
  for (const run of runs) {
    failed += run.failed;
    all.push(...run.latencies);
    for (const [status, n] of Object.entries(run.failures))
      failures[Number(status)] = (failures[Number(status)] ?? 0) + n;
  }
  all.push(...Array.from({ length: failed }, () => HTTP_TIMEOUT_MS));
  return { failed, failures, p95: percentile(all, 95), p99: percentile(all, 99) };
}

export interface SlowSocketsResult {
  login_p95_idle_ms: number;
  login_p99_idle_ms: number;
  login_p99_slow_sockets_ms: number;
  login_p95_slow_sockets_ms: number;
  /** Sign-ins sent and not answered 200, alone and under the slow sockets (each counts as 10 s in the percentiles). */
  login_failed_idle: number;
  login_failed_slow_sockets: number;
  login_failures_slow_sockets: Record<number, number>;
  slow_sockets: number;
  slow_sockets_closed_by_server: number;
  slow_socket_answers: Record<string, number>;
  /** Forgot-password asked twice a second (each from an address of its own) under the slow sockets: how many were not answered 200. */
  forgot_refused_slow_sockets: string;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Warm-up, then `rounds` rounds of sign-in alone followed by the same under `sockets` slow
 * sockets (each window `seconds / rounds` at `rate`/s), the windows of each kind pooled.
 * Alternating the two kinds of window puts whatever else the machine does at that time into
 * both, so their ratio measures the slow sockets, not a neighbour's burst.
 */
export async function runSlowSockets(
  url: string,
  port: number,
  options: { sockets: number; rate: number; seconds: number; trickleMs: number; rounds: number },
): Promise<SlowSocketsResult> {
  await steadySignIns(url, options.rate, 2, 0);
  const window = options.seconds / options.rounds;
  const perWindow = Math.round(options.rate * window);
  const idleRuns: SignIns[] = [];
  const slowRuns: SignIns[] = [];
  const closedByServer: number[] = [];
  const answers: Record<string, number> = {};
  let forgotSent = 0;
  let forgotRefused = 0;
  for (let round = 0; round < options.rounds; round++) {
    idleRuns.push(await steadySignIns(url, options.rate, window, 101 + 2 * round * perWindow));
    const attack = slowSockets(port, options.sockets, options.trickleMs);
    let probing = true;
    try {
      await attack.ready;
      // The sockets have sent their first bytes and hold whatever they can hold.
      await sleep(1000);
      const probe = (async () => {
        for (let i = forgotSent; probing; i++) {
          const res = await fetch(`${url}/api/password/forgot`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.78.${addressOf(i)}` },
            body: JSON.stringify({ user_name: `nobody-${i}@chaos.example.com` }),
          }).then(
            async (r) => (await r.arrayBuffer(), r.status),
            () => 0,
          );
          forgotSent++;
          if (res !== 200) forgotRefused++;
          await sleep(500);
        }
      })();
      slowRuns.push(await steadySignIns(url, options.rate, window, 101 + (2 * round + 1) * perWindow));
      probing = false;
      await probe;
    } finally {
      probing = false;
      const stats = attack.stop();
      closedByServer.push(stats.closed_by_server);
      for (const [status, n] of Object.entries(stats.answers)) answers[status] = (answers[status] ?? 0) + n;
    }
  }
  const idle = pooled(idleRuns);
  const slow = pooled(slowRuns);
  return {
    login_p95_idle_ms: round(idle.p95),
    login_p99_idle_ms: round(idle.p99),
    login_p95_slow_sockets_ms: round(slow.p95),
    login_p99_slow_sockets_ms: round(slow.p99),
    login_failed_idle: idle.failed,
    login_failed_slow_sockets: slow.failed,
    login_failures_slow_sockets: slow.failures,
    slow_sockets: options.sockets,
    slow_sockets_closed_by_server: closedByServer.reduce((a, b) => a + b, 0),
    slow_socket_answers: answers,
    forgot_refused_slow_sockets: `${forgotRefused}/${forgotSent}`,
  };
}

/** Sign-in alone at `rate`/s after a warm-up: its p95, and how many failed. */
export async function loginP95(
  url: string,
  rate: number,
  seconds: number,
): Promise<{ login_p95_embedded_ms: number; login_failed_embedded: number }> {
  await steadySignIns(url, rate, 2, 0);
  const signIns = pooled([await steadySignIns(url, rate, seconds, 101)]);
  return { login_p95_embedded_ms: round(signIns.p95), login_failed_embedded: signIns.failed };
}
