import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ProgressResponse } from '@airman/contracts/progress.ts';
import { assignmentStatusLabel } from '@airman/contracts/status.ts';
import { domainScores, type Questionnaire, type QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import { cafQuestionnaire } from '#seed/caf-questionnaire.ts';
import { describeApi, type TestContext } from '#test/harness.ts';

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);

interface Fixture {
  user: string;
  rank: string;
  module: string;
  started?: number;
  completed?: number;
  due?: number;
  status?: number;
  before?: Record<string, number>;
  after?: Record<string, number>;
}

/**
 * A unit of its own (so that tests do not see each other's rows) with two
 * modules: ready_airman_training (with its questionnaire) and a copy without one.
 */
async function seedUnit(
  ctx: TestContext,
  rows: Fixture[],
): Promise<{ unit: string; copy: string; id: (user: string) => string }> {
  const tag = crypto.randomUUID().slice(0, 8);
  const unit = `Unit ${tag}`;
  const copy = `copy_${tag}`;
  const now = Date.now();
  await ctx.database.query(
    `INSERT INTO modules (id, game_title, game_type, content) SELECT $1, $2, 'ready_airman_training', content FROM modules WHERE id = 'ready_airman_training'`,
    [copy, `Copy ${tag}`],
  );
  const names = [...new Set(rows.map((r) => r.user))];
  for (const name of names) {
    const rank = rows.find((r) => r.user === name)?.rank ?? '';
    await ctx.database.query(
      `INSERT INTO users (id, user_name, first_name, last_name, rank, unit, active_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [`${tag}-${name}`, `${tag}-${name}@example.com`, 'First', `Last ${name}`, rank, unit, now],
    );
  }
  for (const r of rows) {
    await ctx.database.query(
      `INSERT INTO assignments (user_id, module_id, created_at, started_at, completed_at, due_at, game_status, run_answers_before, run_answers_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        `${tag}-${r.user}`,
        r.module === 'copy' ? copy : r.module,
        now,
        r.started ?? 0,
        r.completed ?? 0,
        r.due ?? 0,
        r.status ?? 0,
        r.before ? JSON.stringify(r.before) : null,
        r.after ? JSON.stringify(r.after) : null,
      ],
    );
  }
  return { unit, copy, id: (user) => `${tag}-${user}` };
}

const RAT = 'ready_airman_training';
/** A domain's changes when nobody answered both sets, and no follow-up. */
const NO_PAIRS = { n: 0, mean_change: null, ci95: null, improved_share: null };
const NO_LATER = { followup_mean: { mean: null, n: 0 }, followup: null };
/** A domain nobody answered. */
const unanswered = (id: string, name: string) => ({
  id,
  name,
  before: { mean: null, n: 0 },
  after: { mean: null, n: 0 },
  paired: NO_PAIRS,
  ...NO_LATER,
});

const BUCKETS: Record<string, keyof ProgressResponse['units'][number]> = {
  'Not Started': 'not_started',
  'In Progress': 'in_progress',
  Complete: 'complete',
  Failed: 'failed',
  Quit: 'quit',
  'Past Due': 'past_due',
  'Past Due & Not Started': 'past_due',
};

/** A module's counts in a unit with none of it assigned: nothing in any bucket. */
const NOTHING_ASSIGNED: Record<string, number> = Object.fromEntries(
  ['assigned', ...Object.values(BUCKETS)].map((key) => [key, 0]),
);

/** What the progress figures of a unit must be, worked out from every assignment row by the label rule and domainScores. */
async function expectedFromRows(ctx: TestContext, unit: string, questionnaire: Questionnaire, now: number) {
  const rows = await ctx.database.query<{
    module_id: string;
    started_at: number;
    completed_at: number;
    due_at: number;
    game_status: number;
    run_answers_before: QuestionnaireAnswers | null;
    run_answers_after: QuestionnaireAnswers | null;
  }>(`SELECT a.* FROM assignments a JOIN users u ON u.id = a.user_id WHERE u.unit = $1`, [unit]);
  const modules = new Map<string, Record<string, number>>();
  const scores: Record<string, { before: number[]; after: number[] }> = {};
  for (const r of rows) {
    const counts = modules.get(r.module_id) ?? { ...NOTHING_ASSIGNED };
    modules.set(r.module_id, counts);
    counts.assigned! += 1;
    const a = {
      started_at: Number(r.started_at),
      completed_at: Number(r.completed_at),
      due_at: Number(r.due_at),
      game_status: r.game_status,
    };
    counts[BUCKETS[assignmentStatusLabel(a, now)] as string]! += 1;
    if (r.module_id !== RAT) continue;
    for (const phase of ['before', 'after'] as const) {
      const answers = phase === 'before' ? r.run_answers_before : r.run_answers_after;
      if (!answers) continue;
      for (const [domain, score] of Object.entries(domainScores(questionnaire, answers))) {
        if (score !== null) (scores[domain] ??= { before: [], after: [] })[phase].push(score);
      }
    }
  }
  return { modules, scores };
}

describeApi('GET admin/progress', (ctx) => {
  async function progress(query: Record<string, string>): Promise<ProgressResponse> {
    const admin = await ctx.createUser({ role: 'admin' });
    const res = await ctx.request(admin.token, {
      method: 'GET',
      url: `/api/admin/progress?${new URLSearchParams(query)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProgressResponse>();
  }

  /** Hand-counted: every status of spec §4, completions in three weeks, answers before and after. */
  function fixture(now: number): Fixture[] {
    return [
      { user: 'u1', rank: 'A1C', module: RAT }, // not started
      { user: 'u2', rank: 'A1C', module: RAT, started: now - 5 * DAY, due: now + 10 * DAY }, // in progress
      // complete, although its due date passed: completed wins
      {
        user: 'u3',
        rank: 'A1C',
        module: RAT,
        started: now - 9 * DAY,
        completed: at('2026-03-04T12:00:00Z'),
        due: now - 10 * DAY,
        status: 1,
        before: { mental_1: 5, mental_3: 1, gone_item: 4 },
        after: { mental_1: 3, physical_1: 2 },
      },
      {
        user: 'u4',
        rank: 'A1C',
        module: RAT,
        started: now - 3 * DAY,
        due: now + 10 * DAY,
        status: 2,
        before: { mental_1: 1, mental_2: 2 },
      }, // failed
      { user: 'u5', rank: 'SSgt', module: RAT, started: now - 3 * DAY, status: 4 }, // quit
      { user: 'u6', rank: 'SSgt', module: RAT, due: now - 5 * DAY - 1000 }, // past due and not started, 5 days
      { user: 'u7', rank: 'SSgt', module: RAT, started: now - 3 * DAY, due: now - 2 * DAY - 1000 }, // past due, 2 days
      // a run ended after the due date (game_status Past Due); the due date was moved on since
      { user: 'u8', rank: 'SSgt', module: RAT, started: now - 3 * DAY, due: now + 3 * DAY, status: 3 },
      {
        user: 'u1',
        rank: 'A1C',
        module: 'copy',
        started: now - 20 * DAY,
        completed: at('2026-03-16T08:00:00Z'),
        status: 1,
      },
      { user: 'u2', rank: 'A1C', module: 'copy', due: now - 20 * DAY - 1000 }, // past due, 20 days
      {
        user: 'u4',
        rank: 'A1C',
        module: 'copy',
        started: now - 30 * DAY,
        completed: at('2026-02-27T10:00:00Z'),
        status: 1,
      },
    ];
  }

  /** The copy module's counts in fixture()'s unit: its row, and the unit's row when the copy alone is asked for. */
  const COPY_COUNTS = {
    assigned: 3,
    not_started: 0,
    in_progress: 0,
    complete: 2,
    failed: 0,
    quit: 0,
    past_due: 1,
    completion: 2 / 3,
  };

  it('counts each module and unit by status, completions per week, domain means and the overdue list', async () => {
    const now = Date.now();
    const { unit, copy } = await seedUnit(ctx, fixture(now));
    const p = await progress({ unit, from: '2026-03-01', to: '2026-03-20' });

    const rat = p.modules.find((m) => m.id === RAT);
    expect(rat).toEqual({
      id: RAT,
      title: 'Ready Airman Training',
      archived: false,
      assigned: 8,
      not_started: 1,
      in_progress: 1,
      complete: 1,
      failed: 1,
      quit: 1,
      past_due: 3,
      completion: 1 / 8,
      current: 1,
      current_share: 1 / 8,
    });
    expect(p.modules.find((m) => m.id === copy)).toMatchObject(COPY_COUNTS);
    // Other live modules are listed with nothing assigned in this unit.
    for (const m of p.modules.filter((m) => m.id !== RAT && m.id !== copy)) expect(m.assigned).toBe(0);
    expect(p.units).toEqual([
      {
        unit,
        assigned: 11,
        not_started: 1,
        in_progress: 1,
        complete: 3,
        failed: 1,
        quit: 1,
        past_due: 4,
        completion: 3 / 11,
        current: 3,
        current_share: 3 / 11,
      },
    ]);

    // Weeks from the Monday before 2026-03-01 (a Sunday); the completion of 2026-02-27 is before the range.
    expect(p.from).toBe('2026-03-01');
    expect(p.to).toBe('2026-03-20');
    expect(p.weeks).toEqual([
      { week: '2026-02-23', completions: 0 },
      { week: '2026-03-02', completions: 1 },
      { week: '2026-03-09', completions: 0 },
      { week: '2026-03-16', completions: 1 },
    ]);

    // u3 before: mental (5 + mirrored 1 → 5) / 2 = 100 %; u4 before: mental 1.5 → 12.5 %. After: u3 only.
    expect(p.questionnaires).toEqual([
      {
        module: RAT,
        title: 'Ready Airman Training',
        domains: [
          {
            id: 'mental',
            name: 'Mental',
            before: { mean: 56.3, n: 2 },
            after: { mean: 50, n: 1 },
            // u3 alone answered both: 100 % → 50 %.
            paired: { n: 1, mean_change: -50, ci95: null, improved_share: 0 },
            ...NO_LATER,
          },
          {
            id: 'physical',
            name: 'Physical',
            before: { mean: null, n: 0 },
            after: { mean: 25, n: 1 },
            paired: NO_PAIRS,
            ...NO_LATER,
          },
          unanswered('social', 'Social'),
          unanswered('spiritual', 'Spiritual'),
        ],
      },
    ]);

    // Not completed and due before now, most overdue first; u8's due date is ahead, u3 completed.
    expect(p.overdue_total).toBe(3);
    expect(
      p.overdue.map((o) => [o.user_id.split('-')[1], o.module === copy ? 'copy' : o.module, o.days_overdue]),
    ).toEqual([
      ['u2', 'copy', 20],
      ['u6', RAT, 5],
      ['u7', RAT, 2],
    ]);
    expect(p.overdue[1]).toMatchObject({
      first_name: 'First',
      last_name: 'Last u6',
      rank: 'SSgt',
      unit,
      module_title: 'Ready Airman Training',
      pending: false,
    });
  });

  it('narrows every figure to a rank and to a module', async () => {
    const now = Date.now();
    const { unit, copy } = await seedUnit(ctx, fixture(now));

    const ssgt = await progress({ unit, rank: 'SSgt' });
    expect(ssgt.modules.find((m) => m.id === RAT)).toMatchObject({
      assigned: 4,
      quit: 1,
      past_due: 3,
      not_started: 0,
      complete: 0,
    });
    expect(ssgt.modules.find((m) => m.id === copy)).toMatchObject({ assigned: 0, completion: 0 });
    expect(ssgt.units).toEqual([
      {
        unit,
        assigned: 4,
        not_started: 0,
        in_progress: 0,
        complete: 0,
        failed: 0,
        quit: 1,
        past_due: 3,
        completion: 0,
        current: 0,
        current_share: 0,
      },
    ]);
    expect(ssgt.overdue.map((o) => o.days_overdue)).toEqual([5, 2]);
    expect(ssgt.questionnaires[0]?.domains[0]).toEqual(unanswered('mental', 'Mental'));

    const onlyCopy = await progress({ unit, module: copy, from: '2026-02-23', to: '2026-03-01' });
    expect(onlyCopy.modules.map((m) => m.id)).toEqual([copy]);
    expect(onlyCopy.units).toEqual([
      {
        unit,
        ...COPY_COUNTS,
        current: 2,
        current_share: 2 / 3,
      },
    ]);
    expect(onlyCopy.weeks).toEqual([{ week: '2026-02-23', completions: 1 }]);
    expect(onlyCopy.questionnaires).toEqual([]);
    expect(onlyCopy.overdue_total).toBe(1);

    // A rank and a module: the overdue list of the rank's trainees, of that module only.
    const a1cCopy = await progress({ unit, rank: 'A1C', module: copy });
    expect(a1cCopy.overdue.map((o) => [o.module, o.days_overdue])).toEqual([[copy, 20]]);
    expect((await progress({ unit, rank: 'SSgt', module: copy })).overdue).toEqual([]);
  });

  it('writes a count row only when its count moves, and once', async () => {
    const now = Date.now();
    const { unit, id } = await seedUnit(ctx, [
      {
        user: 'done',
        rank: 'A1C',
        module: RAT,
        started: now - 3 * DAY,
        completed: now - DAY,
        status: 1,
        due: now + DAY,
      },
      { user: 'playing', rank: 'A1C', module: RAT, started: now - DAY, due: now + 10 * DAY },
    ]);
    // Each count row with its version (xmin: the transaction that wrote it last), with and without the rank.
    const versions = () =>
      ctx.database.query<{ row: string }>(
        `SELECT concat_ws(' ', 'status', xmin, rank, started, completed, game_status, due_at, n) AS row FROM progress_status WHERE unit = $1
         UNION ALL SELECT concat_ws(' ', 'status', xmin, started, completed, game_status, due_at, n) FROM progress_status_by_unit WHERE unit = $1
         UNION ALL SELECT concat_ws(' ', 'completions', xmin, rank, day, n) FROM progress_completions WHERE unit = $1
         UNION ALL SELECT concat_ws(' ', 'completions', xmin, day, n) FROM progress_completions_by_unit WHERE unit = $1 ORDER BY 1`,
        [unit],
      );
    const before = await versions();
    expect(before).toHaveLength(6);
    const update = (user: string, set: string) =>
      ctx.database.query(`UPDATE assignments SET ${set} WHERE user_id = $1 AND module_id = $2`, [id(user), RAT]);
    // A new run of a completed module (its start and status kept), the finished run's results, a
    // completed assignment's due date moved, a run's results of one in progress: nothing counted moves.
    await update('done', 'started_at = started_at, game_status = game_status, run_score_points = 10');
    await update('done', `due_at = due_at + ${7 * DAY}`);
    await update('playing', 'run_score_points = 3');
    expect(await versions()).toEqual(before);

    // A run failed: one count row down, another up, each written once, with and without the rank.
    // The transaction's statistics may hold earlier statements' counts not yet reported: what the
    // update adds is read.
    const written = await ctx.database.db.transaction(async (tx) => {
      const writes = async () => {
        const stats = (await tx.execute(
          sql`SELECT relname, n_tup_ins + n_tup_upd AS n FROM pg_stat_xact_user_tables
              WHERE relname IN ('progress_status', 'progress_status_by_unit') ORDER BY relname`,
        )) as unknown as { rows: { relname: string; n: number | string }[] };
        return stats.rows.map((r) => [r.relname, Number(r.n)] as const);
      };
      const start = new Map(await writes());
      await tx.execute(
        sql`UPDATE assignments SET game_status = 2 WHERE user_id = ${id('playing')} AND module_id = ${RAT}`,
      );
      return Object.fromEntries((await writes()).map(([table, n]) => [table, n - (start.get(table) ?? 0)]));
    });
    expect(written).toEqual({ progress_status: 2, progress_status_by_unit: 2 });
    const p = await progress({ unit });
    expect(p.modules.find((m) => m.id === RAT)).toMatchObject({ assigned: 2, complete: 1, failed: 1, in_progress: 0 });
  });

  it('shows the last 12 weeks to today when no range is given', async () => {
    const p = await progress({ unit: 'no such unit' });
    const today = new Date().toISOString().slice(0, 10);
    expect(p.to).toBe(today);
    expect(Date.parse(p.to) - Date.parse(p.from)).toBe(83 * DAY);
    expect(p.weeks.length).toBeGreaterThanOrEqual(12);
    expect(p.weeks.every((w) => w.completions === 0 && new Date(w.week).getUTCDay() === 1)).toBe(true);
    expect(p.units).toEqual([]);
    expect(p.overdue).toEqual([]);
  });

  it('keeps its counts as assignments, users and the questionnaire change', async () => {
    const now = Date.now();
    const admin = await ctx.createUser({ role: 'admin' });
    const call = async (method: 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) => {
      const res = await ctx.request(admin.token, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    };
    const { unit, copy, id } = await seedUnit(ctx, fixture(now));
    const check = async (questionnaire: Questionnaire) => {
      const p = await progress({ unit });
      const expected = await expectedFromRows(ctx, unit, questionnaire, p.now);
      for (const m of p.modules) {
        const { id: _id, title: _t, archived: _a, completion: _c, current, current_share: _s, ...counts } = m;
        // Nothing here recertifies: every completed assignment is current.
        expect(current, m.id).toBe(counts.complete);
        expect(counts, m.id).toEqual(expected.modules.get(m.id) ?? NOTHING_ASSIGNED);
      }
      for (const d of p.questionnaires.find((q) => q.module === RAT)?.domains ?? []) {
        for (const phase of ['before', 'after'] as const) {
          const list = expected.scores[d.id]?.[phase] ?? [];
          expect(d[phase].n, `${d.id} ${phase}`).toBe(list.length);
          if (list.length)
            expect(d[phase].mean as number).toBeCloseTo(list.reduce((x, y) => x + y, 0) / list.length, 0);
        }
      }
      return p;
    };

    await call('POST', `/api/admin/users/${id('u5')}/assign`, { module: copy }); // a new assignment
    await call('DELETE', `/api/admin/users/${id('u2')}/assign/${RAT}`); // unassigned
    await call('POST', `/api/admin/users/${id('u6')}`, { unit: `${unit} elsewhere` }); // leaves the unit
    await call('POST', `/api/admin/users/${id('u7')}`, { rank: 'A1C' });
    await call('POST', `/api/admin/users/${id('u2')}`, { assignments: [{ key: copy, due_at: now + 5 * DAY }] }); // no longer past due
    await call('DELETE', `/api/admin/users/${id('u4')}`); // with their failed run's answers
    // u7 finishes a run, with answers after.
    await ctx.database.query(
      `UPDATE assignments SET completed_at = $2, game_status = 1, run_answers_before = '{"mental_1": 2}', run_answers_after = '{"mental_1": 4, "social_1": 5}'
       WHERE user_id = $1 AND module_id = $3`,
      [id('u7'), now, RAT],
    );
    const after = await check(cafQuestionnaire);
    expect(after.modules.find((m) => m.id === RAT)).toMatchObject({
      assigned: 5,
      not_started: 1,
      complete: 2,
      quit: 1,
      past_due: 1,
      in_progress: 0,
      failed: 0,
    });
    expect(after.units).toEqual([expect.objectContaining({ unit, assigned: 8, not_started: 3 })]);
    const elsewhere = await progress({ unit: `${unit} elsewhere` });
    expect(elsewhere.modules.find((m) => m.id === RAT)).toMatchObject({ assigned: 1, past_due: 1 });
    expect((await progress({ unit, rank: 'A1C' })).modules.find((m) => m.id === RAT)).toMatchObject({
      assigned: 3,
      complete: 2,
      not_started: 1,
    });

    // The questionnaire saved with mental_1 reversed: every kept answer is scored again.
    const reversed: Questionnaire = {
      ...cafQuestionnaire,
      items: cafQuestionnaire.items.map((i) => (i.id === 'mental_1' ? { ...i, reverse: true } : i)),
    };
    try {
      await call('PUT', '/api/modules/questionnaire', reversed);
      const rescored = await check(reversed);
      expect([
        after.questionnaires[0]?.domains[0]?.after.mean,
        rescored.questionnaires[0]?.domains[0]?.after.mean,
      ]).toEqual([62.5, 37.5]);
    } finally {
      await call('PUT', '/api/modules/questionnaire', cafQuestionnaire);
    }
    await check(cafQuestionnaire);
  });

  it('refuses bad filters with a message, and anyone but an administrator', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const get = (query: string, token = admin.token) =>
      ctx.request(token, { method: 'GET', url: `/api/admin/progress?${query}` });
    for (const [query, message] of [
      ['from=2026-13-01', 'from: must be a real calendar date'],
      ['to=yesterday', 'to: must be a date as YYYY-MM-DD'],
      ['from=2026-03-02&to=2026-03-01', 'from: from must not be after to'],
      ['from=2020-01-01&to=2026-03-01', 'from: the range may be at most 1100 days'],
      ['colour=red', 'unknown field colour'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    const missing = await get('module=no_such_module');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe("No module 'no_such_module'");

    const user = await ctx.createUser();
    expect((await get('', user.token)).statusCode).toBe(403);
    expect((await ctx.request(undefined, { method: 'GET', url: '/api/admin/progress' })).statusCode).toBe(401);
  });
});
