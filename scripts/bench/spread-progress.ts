/**
 * Spreads the benchmark users of seed-users.ts over what a dashboard groups
 * by: 12 units, 8 ranks, every assignment status (past due included),
 * completions over the last 26 weeks, and due dates as cohorts get them: a
 * Friday (picked in the date picker: the date plus 23 hours) in one of the 4
 * weeks behind or 8 weeks ahead. Set-based SQL on the seeded rows.
 */
import type { Database } from '../../apps/server/src/db/database.ts';

export const BENCH_UNITS = [
  '655 ISRW',
  '1st SOS',
  '2nd BW',
  '4th FW',
  '18th WG',
  '31st FW',
  '48th FW',
  '56th FW',
  '62nd AW',
  '92nd ARW',
  '366th FW',
  '388th FW',
];
export const BENCH_RANKS = ['AB', 'Amn', 'A1C', 'SrA', 'SSgt', 'TSgt', 'MSgt', '2d Lt'];

const DAY = 86_400_000;

export async function spreadProgress(database: Database): Promise<void> {
  const now = Date.now();
  const today = Math.floor(now / DAY);
  // Friday of this week (1970-01-01 was a Thursday), 23:00 UTC.
  const friday = (today - ((today + 3) % 7) + 4) * DAY + 23 * 3_600_000;
  // 10,000 users (50,000 assignments) a statement: the triggers' transition tables stay in memory.
  const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE id LIKE 'u%'`,
  );
  for (let start = 0; start < n; start += 10_000) {
    const from = `u${String(start).padStart(7, '0')}`;
    const to = `u${String(start + 10_000).padStart(7, '0')}`;
    await spreadBatch(database, now, friday, from, to);
  }
  await database.query('VACUUM (ANALYZE)');
}

async function spreadBatch(database: Database, now: number, friday: number, from: string, to: string): Promise<void> {
  await database.query(
    `UPDATE users SET unit = ($1::text[])[1 + (hashtext(id)::bigint & 2147483647) % ${BENCH_UNITS.length}],
                      rank = ($2::text[])[1 + (hashtext(id || 'r')::bigint & 2147483647) % ${BENCH_RANKS.length}]
     WHERE id >= $3 AND id < $4`,
    [BENCH_UNITS, BENCH_RANKS, from, to],
  );
  // h: a number 0–99 per assignment. 0–19 not started, 20–39 in progress, 40–69 complete,
  // 70–79 failed, 80–89 quit, 90–99 past the due date (not started or started). Due dates
  // are cohorts' Fridays, 4 weeks behind to 8 ahead; completions over the last 26 weeks.
  await database.query(
    `UPDATE assignments a SET
       started_at   = CASE WHEN s.h < 20 OR s.h >= 95 THEN 0 ELSE $1::bigint - (s.h2 % 180 + 1) * ${DAY} END,
       completed_at = CASE WHEN s.h BETWEEN 40 AND 69 THEN $1::bigint - (s.h2 % 182) * ${DAY} ELSE 0 END,
       game_status  = CASE WHEN s.h BETWEEN 40 AND 69 THEN 1 WHEN s.h BETWEEN 70 AND 79 THEN 2 WHEN s.h BETWEEN 80 AND 89 THEN 4 ELSE 0 END,
       due_at       = CASE WHEN s.h >= 90 THEN $2::bigint - (1 + s.h2 % 4) * ${7 * DAY}
                           WHEN s.h < 40 OR s.h >= 70 THEN $2::bigint + (1 + s.h2 % 8) * ${7 * DAY}
                           ELSE $2::bigint + (s.h2 % 13 - 4) * ${7 * DAY} END
     FROM (SELECT user_id, module_id, (hashtext(user_id || module_id)::bigint & 2147483647) % 100 AS h, hashtext(module_id || user_id)::bigint & 2147483647 AS h2 FROM assignments WHERE user_id >= $3 AND user_id < $4) s
     WHERE a.user_id = s.user_id AND a.module_id = s.module_id AND a.user_id >= $3 AND a.user_id < $4`,
    [now, friday, from, to],
  );
}
