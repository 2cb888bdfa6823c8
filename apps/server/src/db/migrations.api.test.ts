/**
 * Data migrations (the UPDATEs in drizzle/*.sql that fill new columns from
 * existing rows), run again on rows written as they were before the migration;
 * and what the migrations tell the planner.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { describeApi } from '#test/harness.ts';
import { deviceTrustEmail, inviteEmail, passwordResetEmail, reminderEmail } from '#mail/templates.ts';
import { SECRET_MARK } from '#mail/outbox.ts';
import { assignments, gameRuns, users } from './schema.ts';

/** The statements of a migration file, as drizzle splits them. */
function statements(file: string): string[] {
  return fs
    .readFileSync(new URL(`../../drizzle/${file}`, import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

describeApi('data migrations', (ctx) => {
  it('0032 deletes the Idempotency-Key rows that hold a credential, and only those', async () => {
    const kept = (key: string, caller: string, answer: unknown) =>
      ctx.database.query(
        `INSERT INTO idempotency_keys (caller, key, fingerprint, created_at, status, content_type, body)
         VALUES ($1, $2, 'f', $3, 200, 'application/json; charset=utf-8', $4)`,
        [caller, key, Date.now(), JSON.stringify(answer)],
      );
    const user = 'user:m-idempotency';
    await kept('m-password', user, { id: 'u', user_name: 'a@example.com', invite_code: null, auth: 'eyJ.a.b' });
    await kept('m-report', user, { token: 'r-token' });
    await kept('m-pending', user, { id: 'p', assignments: [], invite_code: 'Xy12' });
    await kept('m-trust', 'address:9f86d0', { auth: 'eyJ.c.d' });
    await kept('m-register', 'address:9f86d0', {});
    // Not a credential: a field of another name, a string that spells one, an invite code of none.
    await kept('m-invite', user, { invited: ['b@example.com'], existing: [], queued: [] });
    await kept('m-module', user, { id: 'm', game_title: 'say "auth":"x" and "token":"y"', token_cost: 2 });
    await kept('m-profile', user, { id: 'u', user_name: 'a@example.com', invite_code: null });
    await kept('m-run', user, { run_id: 'r', daily_time_tokens: 12 });
    const [purge] = statements('0032_idempotency_no_credentials.sql');
    await ctx.database.query(purge ?? '');
    const left = await ctx.database.query<{ key: string }>(
      "SELECT key FROM idempotency_keys WHERE key LIKE 'm-%' ORDER BY key",
    );
    expect(left.map((row) => row.key)).toEqual(['m-invite', 'm-module', 'm-profile', 'm-run']);
  });

  it('0041 takes the secret out of every queued e-mail text, and clears it from those given up', async () => {
    const publicUrl = 'https://airman.test';
    const now = Date.now();
    const secret = (n: number) => `m-secret-${n}-${'x'.repeat(32)}`;
    const emails = {
      resetQueued: passwordResetEmail(publicUrl, secret(1)),
      trustQueued: deviceTrustEmail(publicUrl, secret(2), { at: now, ip: '192.0.2.1', browser: 'Firefox on Linux' }),
      inviteGivenUp: inviteEmail(publicUrl, secret(3), { inviter: '', expiresAt: now, days: 14 }, []),
      reminder: reminderEmail(
        publicUrl,
        { firstName: 'Pat', module: 'Ready Airman', due_at: now, status: 'Not started' },
        3,
      ),
    };
    for (const [id, email] of Object.entries(emails)) {
      await ctx.database.query(
        `INSERT INTO email_outbox (id, to_address, subject, text_body, html_body, next_attempt_at, created_at, given_up_at)
         VALUES ($1, 'm@example.com', $2, $3, $4, $5, $5, $6)`,
        [`m-${id}`, email.subject, email.text, email.html, now, id.endsWith('GivenUp') ? now : 0],
      );
    }
    for (const statement of statements('0041_outbox_secrets.sql').filter((s) => s.includes('UPDATE'))) {
      await ctx.database.query(statement);
    }
    const rows = await ctx.database.query<{
      id: string;
      text_body: string;
      html_body: string;
      secret: string | null;
      send_before: string;
    }>("SELECT id, text_body, html_body, secret, send_before::text FROM email_outbox WHERE id LIKE 'm-%' ORDER BY id");
    const put = (text: string, value: string | null) => (value === null ? text : text.replaceAll(SECRET_MARK, value));
    expect(
      rows.map((r) => {
        const original = emails[r.id.slice(2) as keyof typeof emails];
        return {
          id: r.id,
          secret: r.secret,
          send_before: Number(r.send_before) === 0 ? 0 : Number(r.send_before) - now,
          // Queued: sent as it was. Reminders hold none. Given up: the mark where the code was.
          text: put(r.text_body, r.secret) === original.text,
          html: put(r.html_body, r.secret) === original.html,
          marked: r.text_body.includes(SECRET_MARK),
          holds: [1, 2, 3].filter((n) => r.text_body.includes(secret(n)) || r.html_body.includes(secret(n))),
        };
      }),
    ).toEqual([
      { id: 'm-inviteGivenUp', secret: null, send_before: 0, text: false, html: false, marked: true, holds: [] },
      { id: 'm-reminder', secret: null, send_before: 0, text: true, html: true, marked: false, holds: [] },
      {
        id: 'm-resetQueued',
        secret: secret(1),
        send_before: 30 * 60 * 1000,
        text: true,
        html: true,
        marked: true,
        holds: [],
      },
      {
        id: 'm-trustQueued',
        secret: secret(2),
        send_before: 15 * 60 * 1000,
        text: true,
        html: true,
        marked: true,
        holds: [],
      },
    ]);
    await ctx.database.query("DELETE FROM email_outbox WHERE id LIKE 'm-%'");
  });

  it('0012 gives each started assignment the results of its latest finished run', async () => {
    const now = Date.now();
    const module = READY_AIRMAN_MODULE_ID;
    await ctx.database.db
      .insert(users)
      .values(['m-played', 'm-reassigned'].map((id) => ({ id, user_name: `${id}@example.com`, created_at: now })));
    await ctx.database.db.insert(assignments).values([
      { user_id: 'm-played', module_id: module, created_at: now, started_at: now },
      // Assigned again after a run, not started since: that run is not this assignment's.
      { user_id: 'm-reassigned', module_id: module, created_at: now },
    ]);
    const run = { module_id: module, seed: 1, module_snapshot: readyAirmanModule, started_at: now };
    await ctx.database.db.insert(gameRuns).values([
      {
        ...run,
        id: 'm-old',
        user_id: 'm-played',
        status: 'failed',
        final_gauges: { mental: 1 },
        objectives_completed: [],
        finished_at: now - 2000,
      },
      {
        ...run,
        id: 'm-latest',
        user_id: 'm-played',
        status: 'complete',
        final_gauges: { mental: 2 },
        objectives_completed: ['Pass the PT test'],
        answers_before: { mental_1: 1 },
        answers_after: { mental_1: 5 },
        finished_at: now - 1000,
      },
      { ...run, id: 'm-open', user_id: 'm-played', status: 'in_progress' },
      {
        ...run,
        id: 'm-before',
        user_id: 'm-reassigned',
        status: 'complete',
        final_gauges: { mental: 3 },
        objectives_completed: [],
        finished_at: now - 5000,
      },
    ]);
    const backfill = statements('0012_assignment_run_results.sql').filter((s) => s.includes('UPDATE'));
    expect(backfill).toHaveLength(1);
    await ctx.database.query(backfill[0] ?? '');
    const rows = await ctx.database.query<{
      user_id: string;
      run_final_gauges: unknown;
      run_objectives_completed: unknown;
      run_answers_before: unknown;
      run_answers_after: unknown;
    }>(
      `SELECT user_id, run_final_gauges, run_objectives_completed, run_answers_before, run_answers_after FROM assignments WHERE user_id LIKE 'm-%' ORDER BY user_id`,
    );
    expect(rows).toEqual([
      {
        user_id: 'm-played',
        run_final_gauges: { mental: 2 },
        run_objectives_completed: ['Pass the PT test'],
        run_answers_before: { mental_1: 1 },
        run_answers_after: { mental_1: 5 },
      },
      {
        user_id: 'm-reassigned',
        run_final_gauges: null,
        run_objectives_completed: null,
        run_answers_before: null,
        run_answers_after: null,
      },
    ]);
  });

  it('0023 gives every user the name order key, and their assignments in assignment_search follow', async () => {
    const now = Date.now();
    const people = [
      { id: 'o-pending', user_name: 'o-pending@example.com', first_name: '', last_name: '', pending: true },
      { id: 'o-anna', user_name: 'o-anna@example.com', first_name: 'Anna', last_name: "O'Brien" },
      { id: 'o-zed', user_name: 'o-zed@example.com', first_name: 'ZED', last_name: 'Ander' },
    ];
    await ctx.database.db.insert(users).values(people.map((p) => ({ ...p, created_at: now })));
    await ctx.database.db
      .insert(assignments)
      .values(people.map((p) => ({ user_id: p.id, module_id: READY_AIRMAN_MODULE_ID, created_at: now })));
    // The keys as they were before 0023: the last name alone (the trigger of 0020 copies them on).
    await ctx.database.query(`UPDATE user_search SET sort_key = lower(last_name) WHERE id LIKE 'o-%'`);
    const keys = () =>
      ctx.database.query<{ id: string; user_search: string; assignment_search: string }>(
        `SELECT s.id, s.sort_key AS user_search, x.sort_key AS assignment_search
         FROM user_search s JOIN assignment_search x ON x.user_id = s.id WHERE s.id LIKE 'o-%' ORDER BY s.id`,
      );
    expect((await keys()).map((k) => k.assignment_search)).toEqual(["o'brien", '', 'ander']);
    const backfill = statements('0023_users_name_order.sql').filter((s) => s.includes('UPDATE "user_search" SET'));
    expect(backfill).toHaveLength(1);
    await ctx.database.query(backfill[0] ?? '');
    const key = (last: string, first: string, email: string) => `${last}\u0001${first}\u0001${email}`;
    const expected = [
      key("o'brien", 'anna', 'o-anna@example.com'),
      key('', '', 'o-pending@example.com'),
      key('ander', 'zed', 'o-zed@example.com'),
    ];
    expect(await keys()).toEqual(
      ['o-anna', 'o-pending', 'o-zed'].map((id, i) => ({
        id,
        user_search: expected[i],
        assignment_search: expected[i],
      })),
    );
  });

  it('0013: ANALYZE gathers no statistics on the columns that are only ever sent', async () => {
    const now = Date.now();
    const module = READY_AIRMAN_MODULE_ID;
    await ctx.database.db.insert(users).values({
      id: 's-user',
      user_name: 's-user@example.com',
      password_hash: 'x',
      last_name: 'Stat',
      created_at: now,
    });
    await ctx.database.db.insert(assignments).values({
      user_id: 's-user',
      module_id: module,
      created_at: now,
      run_final_gauges: { mental: 1 },
      run_objectives_completed: [],
      run_answers_before: {},
      run_answers_after: {},
    });
    await ctx.database.db.insert(gameRuns).values({
      id: 's-run',
      user_id: 's-user',
      module_id: module,
      seed: 1,
      module_snapshot: readyAirmanModule,
      status: 'complete',
      final_gauges: { mental: 1 },
      objectives_completed: [],
      answers_before: {},
      answers_after: {},
      started_at: now,
      finished_at: now,
    });
    await ctx.database.query('ANALYZE users, assignments, game_runs');
    const analyzed = await ctx.database.query<{ column: string }>(
      `SELECT tablename || '.' || attname AS column FROM pg_stats WHERE tablename IN ('users', 'assignments', 'game_runs') ORDER BY 1`,
    );
    const columns = analyzed.map((r) => r.column);
    const payload = [
      'users.listing',
      'users.password_hash',
      'assignments.run_final_gauges',
      'assignments.run_objectives_completed',
      'assignments.run_answers_before',
      'assignments.run_answers_after',
      'game_runs.module_snapshot',
      'game_runs.log',
      'game_runs.final_gauges',
      'game_runs.objectives_completed',
      'game_runs.answers_before',
      'game_runs.answers_after',
    ];
    // The columns searched, joined and sorted on still have theirs.
    expect({
      payload: columns.filter((c) => payload.includes(c)),
      others: ['users.last_name', 'assignments.module_id', 'game_runs.user_id'].filter((c) => columns.includes(c)),
    }).toEqual({
      payload: [],
      others: ['users.last_name', 'assignments.module_id', 'game_runs.user_id'],
    });
  });
});
