import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import type { ProgressResponse } from '@airman/contracts/progress.ts';
import { describeApi, type TestContext } from '#test/harness.ts';

const RAT = 'ready_airman_training';
const DAY = 86_400_000;

interface Trainee {
  rank: string;
  /** mental_1 and physical_1 answers (1–5: scores 0, 25, 50, 75, 100). */
  before?: Record<string, number>;
  after?: Record<string, number>;
  /** A follow-up answered: the domain scores and changes as features/followup stores them. */
  followup?: { scores: Record<string, number>; changes: Record<string, number> };
  renews?: number;
}

/** A unit of its own, its trainees' assignments of ready_airman_training completed with these answers. */
async function seed(ctx: TestContext, trainees: Trainee[]): Promise<string> {
  const unit = `Unit ${crypto.randomUUID().slice(0, 8)}`;
  const now = Date.now();
  for (const [i, t] of trainees.entries()) {
    const id = `${unit}-${i}`;
    await ctx.database.query(
      `INSERT INTO users (id, user_name, first_name, last_name, rank, unit, active_at, created_at) VALUES ($1, $2, 'F', 'L', $3, $4, $5, $5)`,
      [id, `${crypto.randomUUID()}@example.com`, t.rank, unit, now],
    );
    await ctx.database.query(
      `INSERT INTO assignments (user_id, module_id, created_at, started_at, completed_at, due_at, game_status, run_answers_before, run_answers_after, renews_at)
       VALUES ($1, $2, $3, $3, $3, 0, 1, $4, $5, $6)`,
      [
        id,
        RAT,
        now - 40 * DAY,
        t.before ? JSON.stringify(t.before) : null,
        t.after ? JSON.stringify(t.after) : null,
        t.renews ?? 0,
      ],
    );
    if (t.followup) {
      await ctx.database.query(
        `INSERT INTO followups (user_id, module_id, completed_at, sent_at, answered_at, counted, answers, scores, changes)
         VALUES ($1, $2, $3, $4, $4, true, '{}', $5, $6)`,
        [
          id,
          RAT,
          now - 40 * DAY,
          now - 10 * DAY,
          JSON.stringify(t.followup.scores),
          JSON.stringify(t.followup.changes),
        ],
      );
    }
  }
  return unit;
}

/** Six trainees whose mental score goes from 0 by 0, 25, 50, 50, 75 and 100; four paired in physical. */
const SIX: Trainee[] = [1, 2, 3, 3, 4, 5].map((after, i) => ({
  rank: i < 2 ? 'SSgt' : 'A1C',
  before: { mental_1: 1, ...(i < 4 ? { physical_1: 3 } : {}) },
  after: { mental_1: after, ...(i < 4 ? { physical_1: i < 2 ? 4 : 2 } : {}) },
}));

describeApi('GET admin/progress: the paired changes', (ctx) => {
  async function progress(token: string, query: Record<string, string>) {
    const res = await ctx.request(token, { method: 'GET', url: `/api/admin/progress?${new URLSearchParams(query)}` });
    expect(res.statusCode, res.body).toBe(200);
    // What the page calls the follow-up: FOLLOWUP_DAYS (30 unless set).
    expect(res.json<ProgressResponse>().followup_days).toBe(ctx.config.followupDays ?? null);
    const domains = res.json<ProgressResponse>().questionnaires.find((q) => q.module === RAT)?.domains ?? [];
    return new Map(domains.map((d) => [d.id, d]));
  }

  it('gives n, the mean change, its 95% interval and the share improved of those who answered both sets', async () => {
    const admin = (await ctx.createUser({ role: 'admin' })).token;
    // Two more who answered one set only: in the means, not in the pairs.
    const unit = await seed(ctx, [
      ...SIX,
      { rank: 'A1C', before: { mental_1: 5 } },
      { rank: 'A1C', after: { mental_1: 5 } },
    ]);
    const domains = await progress(admin, { unit });
    // Changes 0, 25, 50, 50, 75, 100: mean 50, sd 35.36, t(0.975, 5) = 2.571: 50 ± 37.1.
    expect(domains.get('mental')).toMatchObject({
      before: { n: 7 },
      after: { n: 7 },
      paired: { n: 6, mean_change: 50, ci95: [12.9, 87.1], improved_share: 0.833 },
      followup: null,
      followup_mean: { mean: null, n: 0 },
    });
    // Four pairs (+25, +25, −25, −25): fewer than five, no interval.
    expect(domains.get('physical')?.paired).toEqual({ n: 4, mean_change: 0, ci95: null, improved_share: 0.5 });
    expect(domains.get('social')?.paired).toEqual({ n: 0, mean_change: null, ci95: null, improved_share: null });

    // Progress's filters: a rank.
    expect((await progress(admin, { unit, rank: 'SSgt' })).get('mental')?.paired).toEqual({
      n: 2,
      mean_change: 12.5,
      ci95: null,
      improved_share: 0.5,
    });
  });

  it("follows the trainees' answers as they change, and a unit administrator sees their units' only", async () => {
    const admin = (await ctx.createUser({ role: 'admin' })).token;
    const unit = await seed(ctx, SIX);
    const other = await seed(ctx, SIX.slice(0, 1));
    // The first trainee's after set changes (mental 0 → 100), the second leaves for the other unit.
    await ctx.database.query(`UPDATE assignments SET run_answers_after = '{"mental_1": 5}' WHERE user_id = $1`, [
      `${unit}-0`,
    ]);
    await ctx.database.query(`UPDATE users SET unit = $2 WHERE id = $1`, [`${unit}-1`, other]);
    // Changes 100, 50, 50, 75, 100: mean 75.
    expect((await progress(admin, { unit })).get('mental')?.paired).toMatchObject({ n: 5, mean_change: 75 });
    expect((await progress(admin, { unit: other })).get('mental')?.paired).toMatchObject({ n: 2, mean_change: 12.5 });

    const made = await ctx.createUser({ role: 'unit_admin' });
    await ctx.database.query('INSERT INTO admin_units (user_id, unit) VALUES ($1, $2)', [made.id, other]);
    expect((await progress(made.token, {})).get('mental')?.paired).toMatchObject({ n: 2, mean_change: 12.5 });
  });

  it('pairs the follow-up with the before set, and narrows the pairs to those due for recertification', async () => {
    const admin = (await ctx.createUser({ role: 'admin' })).token;
    const unit = await seed(ctx, [
      { ...SIX[0]!, renews: Date.now() - DAY, followup: { scores: { mental: 25 }, changes: { mental: 25 } } },
      { ...SIX[5]!, followup: { scores: { mental: 75 }, changes: { mental: 75 } } },
      ...SIX.slice(1, 5),
    ]);
    // An earlier completion's follow-up of the first trainee, no longer counted: only their latest counts.
    await ctx.database.query(
      `INSERT INTO followups (user_id, module_id, completed_at, sent_at, answered_at, counted, answers, scores, changes)
       VALUES ($1, $2, $3, $3, $3, false, '{}', '{"mental": 100}', '{"mental": 100}')`,
      [`${unit}-0`, RAT, Date.now() - 400 * DAY],
    );
    const mental = (await progress(admin, { unit })).get('mental');
    expect(mental?.followup).toEqual({ n: 2, mean_change: 50, ci95: null });
    expect(mental?.followup_mean).toEqual({ mean: 50, n: 2 });
    expect(mental?.paired.n).toBe(6);
    // The second trainee moves to another unit, then is deleted: their follow-up goes along, then away.
    const elsewhere = `${unit} elsewhere`;
    await ctx.database.query('UPDATE users SET unit = $2 WHERE id = $1', [`${unit}-1`, elsewhere]);
    expect((await progress(admin, { unit })).get('mental')?.followup).toEqual({ n: 1, mean_change: 25, ci95: null });
    expect((await progress(admin, { unit: elsewhere })).get('mental')?.followup).toMatchObject({
      n: 1,
      mean_change: 75,
    });
    await ctx.database.query('DELETE FROM users WHERE id = $1', [`${unit}-1`]);
    expect((await progress(admin, { unit: elsewhere })).get('mental')?.followup).toBeNull();
    expect((await progress(admin, { unit })).get('mental')?.followup).toMatchObject({ n: 1 });
    // Due for recertification: the first trainee's pair only (0 → 0).
    expect((await progress(admin, { unit, recert: 'due' })).get('mental')?.paired).toEqual({
      n: 1,
      mean_change: 0,
      ci95: null,
      improved_share: 0,
    });
  });
});
