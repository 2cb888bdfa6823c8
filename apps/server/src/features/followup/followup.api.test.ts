import { expect, it } from 'vitest';
import type { FollowupResponse } from '@airman/contracts/followup.ts';
import { domainScores } from '@airman/contracts/questionnaire-score.ts';
import { cafQuestionnaire } from '#seed/caf-questionnaire.ts';
import { describeApi, type TestContext } from '#test/harness.ts';
import { planFollowups } from './plan-followups.ts';

const RAT = 'ready_airman_training';
const DAY = 86_400_000;
const PUBLIC_URL = 'https://train.example.mil';

/** Every item answered 4 (75 %), mental_1 answered `mental`. */
const answers = (mental = 4) =>
  Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, i.id === 'mental_1' ? mental : 4]));

describeApi('the follow-up questionnaire', (ctx) => {
  /**
   * A moment of its own, far from every other test's completions: each test's trainees complete
   * ready_airman_training at `completed` (before answers: mental_1 1, 0 %), days before it.
   */
  async function completed(ctx: TestContext, daysBefore: number[]) {
    const now = Date.now() + (1000 + Math.floor(Math.random() * 100_000)) * DAY;
    const trainees = [];
    for (const days of daysBefore) {
      const user = await ctx.createUser();
      await ctx.database.query(
        `INSERT INTO assignments (user_id, module_id, created_at, started_at, completed_at, due_at, game_status, run_answers_before)
         VALUES ($1, $2, $3, $3, $3, 0, 1, '{"mental_1": 1}')`,
        [user.id, RAT, now - days * DAY],
      );
      trainees.push(user);
    }
    return { now, trainees };
  }

  const followups = (userIds: string[]) =>
    ctx.database.query<{ user_id: string; kind: string; subject: string }>(
      `SELECT l.user_id, l.kind, l.subject FROM email_log l WHERE l.kind = 'followup' AND l.user_id = ANY($1) ORDER BY l.user_id`,
      [userIds],
    );

  it('queues one e-mail per completion FOLLOWUP_DAYS on, once, whoever plans at the same time', async () => {
    // 30 days ago and 36 (in the week after): owed; 29 (too soon) and 38 (too late): not.
    const { now, trainees } = await completed(ctx, [30, 36, 29, 38]);
    const ids = trainees.map((t) => t.id);
    const passes = await Promise.all([
      planFollowups(ctx.database, { publicUrl: PUBLIC_URL, days: 30, now }),
      planFollowups(ctx.database, { publicUrl: PUBLIC_URL, days: 30, now }),
    ]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await planFollowups(ctx.database, { publicUrl: PUBLIC_URL, days: 30, now })).toBe(0);
    const sent = await followups(ids);
    expect(sent.map((s) => s.user_id).sort()).toEqual(ids.slice(0, 2).sort());
    // A day on, the one completed 29 days before is owed; the others were sent or are too old.
    expect(await planFollowups(ctx.database, { publicUrl: PUBLIC_URL, days: 30, now: now + DAY })).toBe(1);
    expect((await followups(ids)).map((s) => s.user_id).sort()).toEqual(ids.slice(0, 3).sort());
    expect(sent[0]?.subject).toBe('Ready Airman Training: a few questions, 30 days on');
    const [message] = await ctx.database.query<{ text_body: string }>(
      `SELECT o.text_body FROM email_outbox o JOIN email_log l ON l.id = o.id WHERE l.user_id = $1`,
      [ids[0]],
    );
    expect(message?.text_body).toContain(`${PUBLIC_URL}/followup/${RAT}`);
    // Off: nothing.
    const later = await completed(ctx, [30]);
    expect(await planFollowups(ctx.database, { publicUrl: PUBLIC_URL, days: undefined, now: later.now })).toBe(0);
  });

  it('is answered once by its trainee, with every item, and scores the change against the before set', async () => {
    const { now, trainees } = await completed(ctx, [30]);
    const [trainee] = trainees;
    await planFollowups(ctx.database, { publicUrl: PUBLIC_URL, days: 30, now });
    const url = `/api/followups/${RAT}`;
    const got = await ctx.request(trainee!.token, { method: 'GET', url });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json<FollowupResponse>()).toMatchObject({
      module: RAT,
      title: 'Ready Airman Training',
      answered_at: 0,
      completed_at: now - 30 * DAY,
    });
    expect(got.json<FollowupResponse>().questionnaire.items.length).toBe(cafQuestionnaire.items.length);

    // Someone it was not sent to; a module it was not sent for; an empty id.
    const other = await ctx.createUser();
    for (const [token, path, status, message] of [
      [other.token, url, 404, /No follow-up questionnaire/],
      [trainee!.token, '/api/followups/nope', 404, /No follow-up questionnaire/],
      [trainee!.token, '/api/followups/', 400, /not a valid id/],
    ] as const) {
      const res = await ctx.request(token, { method: 'GET', url: path });
      expect(res.statusCode, path).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect((await ctx.request(undefined, { method: 'GET', url })).statusCode).toBe(401);

    // Bad answers change nothing.
    const { mental_2: _left, ...partial } = answers();
    for (const [payload, reason] of [
      [{ answers: partial }, /1 of \d+ items not answered/],
      [{ answers: { ...answers(), nope: 3 } }, /no item 'nope'/],
      [{ answers: answers(9) }, /answers\.mental_1: not a value of the scale/],
      [{ answers: answers(), extra: 1 }, /extra/],
    ] as const) {
      const res = await ctx.request(trainee!.token, { method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(reason);
    }
    expect((await ctx.request(trainee!.token, { method: 'GET', url })).json<FollowupResponse>().answered_at).toBe(0);

    const answered = await ctx.request(trainee!.token, { method: 'POST', url, payload: { answers: answers(5) } });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<FollowupResponse>().answered_at).toBeGreaterThan(0);
    const again = await ctx.request(trainee!.token, { method: 'POST', url, payload: { answers: answers(3) } });
    expect(again.statusCode).toBe(409);

    const [row] = await ctx.database.query<{
      scores: Record<string, number>;
      changes: Record<string, number>;
      counted: boolean;
    }>(`SELECT scores, changes, counted FROM followups WHERE user_id = $1`, [trainee!.id]);
    // The one Progress counts of the trainee's follow-ups of the module.
    expect(row?.counted).toBe(true);
    // Every domain scored; the change in mental only, the one domain of the before set (0 %).
    expect(row?.scores).toEqual(domainScores(cafQuestionnaire, answers(5)));
    expect(row?.changes).toEqual({ mental: row?.scores.mental });
  });
});
