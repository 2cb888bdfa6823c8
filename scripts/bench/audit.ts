/**
 * The audit log at 1,000,000 entries (docs/benchmarks.md, "Audit log"): the time of a page of
 * GET admin/audit's statement (features/audit/repository.ts) under each filter the screen
 * offers, first pages and pages further down, on PostgreSQL (target: p95 ≤ 100 ms) and
 * optionally on the embedded database. The entries are spread over a year, 200 actors, 20,000
 * targets and every action. Prints a Markdown table.
 *
 *   BENCH_AUDIT=1000000 BENCH_SAMPLES=200 BENCH_TARGETS=postgres
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { AUDIT_ACTIONS } from '../../packages/contracts/src/audit.ts';
import { auditPage, type AuditFilter } from '../../apps/server/src/features/audit/repository.ts';
import { benchStore } from './bench-store.ts';

const N = Number(process.env.BENCH_AUDIT ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres').split(',');
const DAY = 86_400_000;
const ACTORS = 200;
const TARGET_USERS = 20_000;

function p(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

for (const target of TARGETS) {
  const store = await benchStore(target, 'bench-audit');
  const database = await store.open();
  try {
    const now = Date.now();
    const start = now - 365 * DAY;
    const t0 = performance.now();
    // In steps of 100,000 rows: one statement each, the entries in time order as the log writes them.
    for (let from = 1; from <= N; from += 100_000) {
      const to = Math.min(N, from + 99_999);
      await database.query(
        `INSERT INTO audit_log (at, actor_id, actor_name, action, target_kind, target_id, target_name, before, after, address, request_id)
         SELECT $1::bigint + (g::bigint * $2::bigint) / $3::bigint,
                'admin-' || (g % ${ACTORS}), 'admin' || (g % ${ACTORS}) || '@example.com',
                (ARRAY[${AUDIT_ACTIONS.map((a) => `'${a}'`).join(',')}])[1 + (g * 7) % ${AUDIT_ACTIONS.length}],
                'user', 'user-' || (g % ${TARGET_USERS}), 'user' || (g % ${TARGET_USERS}) || '@example.com',
                jsonb_build_object('unit', 'Unit ' || (g % 50)), jsonb_build_object('unit', 'Unit ' || ((g + 1) % 50)),
                '10.0.' || (g % 250) || '.1', 'req-' || g
         FROM generate_series($4::int, $5::int) AS g`,
        [start, 365 * DAY, N, from, to],
      );
    }
    await database.query('ANALYZE audit_log');
    const loadS = (performance.now() - t0) / 1000;

    const mid = start + 180 * DAY;
    const filters: [string, AuditFilter][] = [
      ['none', {}],
      ['actor (id)', { actor: 'admin-17' }],
      ['actor (e-mail)', { actor: 'admin17@example.com' }],
      ['action', { action: 'user.role' }],
      ['target', { target_kind: 'user', target_id: 'user-4242' }],
      ['date range (one week)', { from: day(mid), to: day(mid + 6 * DAY) }],
      ['actor + action + month', { actor: 'admin-17', action: 'module.edit', from: day(mid), to: day(mid + 30 * DAY) }],
      ['action + one day', { action: 'assignment.due_date', from: day(mid), to: day(mid) }],
    ];
    console.log(`\n### ${target}: ${N.toLocaleString('en-US')} entries (loaded in ${loadS.toFixed(0)} s)\n`);
    console.log('| filter | page | p50 ms | p95 ms | max ms |');
    console.log('| --- | --- | ---: | ---: | ---: |');
    for (const [name, filter] of filters) {
      for (const depth of [1, 5]) {
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          let cursor: string | undefined;
          // Pages before the one measured (depth 5: four pages in, as paging on does).
          for (let d = 1; d < depth; d++) cursor = (await auditPage(database.db, filter, cursor, 50)).cursor;
          const t = performance.now();
          await auditPage(database.db, filter, cursor, 50);
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        console.log(
          `| ${name} | ${depth} | ${p(times, 0.5).toFixed(1)} | ${p(times, 0.95).toFixed(1)} | ${(times.at(-1) ?? 0).toFixed(1)} |`,
        );
      }
    }
  } finally {
    await database.close();
    await store.drop();
  }
}
console.log(
  `\n${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${new Date().toISOString()}`,
);
