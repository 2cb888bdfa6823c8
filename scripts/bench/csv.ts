/**
 * The CSV report alone, against a database already seeded (seed-only.ts), for
 * working on the report: downloads it BENCH_RUNS times (default 3) from the
 * built server.
 *
 *   DATABASE_URL=postgres://…/db tsx scripts/bench/csv.ts     (PostgreSQL)
 *   DATA_DIR=/path/to/data tsx scripts/bench/csv.ts            (PGlite)
 */
import { downloadReport, login, startServer, stopServer } from './server.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const env = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: '/tmp' }
  : { DATA_DIR: process.env.DATA_DIR };
if (!env.DATA_DIR) throw new Error('set DATABASE_URL or DATA_DIR');
const { url, child } = await startServer(env);
try {
  const auth = { authorization: `Bearer ${await login(url, 'bench-admin@example.com', 'Bench-Admin-1!')}` };
  for (let i = 0; i < runs; i++) {
    const r = await downloadReport(url, auth, process.env.BENCH_MODULE ?? 'ready_airman_training', child.pid as number);
    console.log(
      typeof r === 'string'
        ? r
        : `${r.rows} rows, ${(r.bytes / 1e6).toFixed(1)} MB: first byte ${r.firstByteMs.toFixed(0)} ms, all ${r.totalMs.toFixed(0)} ms, server RSS +${(r.rssGrowthKiB / 1024).toFixed(1)} MiB`,
    );
  }
} finally {
  await stopServer(child);
}
