/**
 * Whether forgot-password's answer time tells an account from an address
 * without one (part of `npm run bench`), on the embedded database and on
 * PostgreSQL: 400 requests for accounts that exist and 400 for addresses that
 * do not, each account asked about once, each request from an address of its
 * own (through TRUST_PROXY=loopback), the two kinds in pairs of random order,
 * paced within the anonymous gate's rate. Right after each answer, a request that
 * reads the database (GET /api/ready) is timed too, attributed to the kind it
 * followed: the work forgot-password does after its answer must not slow it
 * more for an account than for an address without one. Prints, per database, the medians and z of
 * the Mann–Whitney U test (rank-based: the long tail of a shared machine moves
 * it little) and of the difference of means; |z| < 2 means the two kinds cannot
 * be told apart at this sample size.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_TARGETS=postgres,pglite
 */
import crypto from 'node:crypto';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { ANONYMOUS_BURST, ANONYMOUS_PER_SECOND } from '../../apps/server/src/plugins/anonymous-gate.ts';
import { benchStore } from './bench-store.ts';
import { seedBenchUsers, seedQuietly } from './seed-users.ts';
import { startServer, stopServer } from './server.ts';

const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const WARM_UP = 20;

const randomAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const variance = (values: number[]) => {
  const m = mean(values);
  return values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1);
};

/** z of the Mann–Whitney U test of a against b (normal approximation, ties given their mean rank). */
export function mannWhitneyZ(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, a: true })), ...b.map((v) => ({ v, a: false }))].sort((x, y) => x.v - y.v);
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]?.v === all[i]?.v) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (all[k]?.a) rankSumA += rank;
    const t = j - i + 1;
    tieTerm += t ** 3 - t;
    i = j + 1;
  }
  const [n1, n2] = [a.length, b.length];
  const n = n1 + n2;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const sd = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  return (u - (n1 * n2) / 2) / sd;
}

/** z of the difference of means (Welch's statistic; normal at these sample sizes). */
export function meansZ(a: number[], b: number[]): number {
  return (mean(a) - mean(b)) / Math.sqrt(variance(a) / a.length + variance(b) / b.length);
}

/** Forgot-password's answer time, and that of the request sent right after it. */
async function forgotTime(url: string, userName: string): Promise<{ answer: number; next: number }> {
  const t = performance.now();
  const res = await fetch(`${url}/api/password/forgot`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
    body: JSON.stringify({ user_name: userName }),
  });
  await res.arrayBuffer();
  const answer = performance.now() - t;
  if (res.status === 503) {
    // Shed while the shared machine was busy (load shedding, apps/server/src/app.ts): not a sample; asked again.
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
    return forgotTime(url, userName);
  }
  if (res.status !== 200) throw new Error(`forgot answered ${res.status}`);
  const n = performance.now();
  await fetch(`${url}/api/ready`).then((r) => r.arrayBuffer());
  const next = performance.now() - n;
  // Within the rate the server grants such calls (plugins/anonymous-gate.ts).
  await new Promise((r) => setTimeout(r, 1000 / ANONYMOUS_PER_SECOND));
  return { answer, next };
}

const ms = (n: number) => n.toFixed(2);

console.log(
  `| database | samples a side | timed | median: account / none (ms) | mean: account / none (ms) | z (Mann–Whitney) | z (means) |`,
);
console.log('|---|---|---|---|---|---|---|');
for (const target of TARGETS) {
  const store = await benchStore(target, 'bench-forgot');
  const database = await store.open();
  await seedQuietly(database, 'bench-admin@example.com', 'Bench-Admin-1!');
  await seedBenchUsers(database, SAMPLES + WARM_UP, await hashPassword('Bench-User-1!'));
  await database.close();
  const { url, child } = await startServer({ ...store.serverEnv, TRUST_PROXY: 'loopback' });
  try {
    for (let i = 0; i < WARM_UP; i++) {
      await forgotTime(url, `user${SAMPLES + i}@bench.example.com`);
      await forgotTime(url, `warm-up-${i}@bench.example.com`);
    }
    // The gate's burst fills again before the measured requests.
    await new Promise((r) => setTimeout(r, (1000 * ANONYMOUS_BURST) / ANONYMOUS_PER_SECOND));
    const existing: { answer: number; next: number }[] = [];
    const missing: { answer: number; next: number }[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const account = () => forgotTime(url, `user${i}@bench.example.com`);
      const none = () => forgotTime(url, `nobody-${i}@bench.example.com`);
      if (crypto.randomInt(2) === 0) {
        existing.push(await account());
        missing.push(await none());
      } else {
        missing.push(await none());
        existing.push(await account());
      }
    }
    for (const timed of ['answer', 'next'] as const) {
      const [e, m] = [existing.map((x) => x[timed]), missing.map((x) => x[timed])];
      console.log(
        `| ${target} | ${SAMPLES} | ${timed === 'answer' ? 'the answer' : 'the next request'} | ${ms(median(e))} / ${ms(median(m))} | ${ms(mean(e))} / ${ms(mean(m))} | ${mannWhitneyZ(e, m).toFixed(2)} | ${meansZ(e, m).toFixed(2)} |`,
      );
    }
  } finally {
    await stopServer(child);
    await store.drop();
  }
}
