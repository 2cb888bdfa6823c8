import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import type { Module } from '@airman/contracts/module.ts';
import type { ProgressResponse } from '@airman/contracts/progress.ts';
import type { CertificateVerification, NudgeResponse, TrainingRecord } from '@airman/contracts/record.ts';
import type { UsersPage } from '@airman/contracts/api.ts';
import { plan } from '@airman/engine/play.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';
import { assignments, auditLog, certificates, emailLog, users } from '#db/schema.ts';
import { cafQuestionnaire } from '#seed/caf-questionnaire.ts';
import { adminToken, describeApi, type TestContext, type TestUser } from '#test/harness.ts';
import { renewLapsed } from './renewals.ts';
import { addCalendarMonths } from './certificates.ts';

const DAY = 86_400_000;
const every = (value: number): Record<string, number> =>
  Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, value]));
const winningLine = (seed: number): GameCommand[] => plan(readyAirmanModule, seed).line;

/** A copy of Ready Airman Training that recertifies every `months` months (none: once). */
async function createModule(ctx: TestContext, admin: string, months?: number | null): Promise<string> {
  const res = await ctx.request(admin, {
    method: 'POST',
    url: '/api/modules',
    payload: {
      ...readyAirmanModule,
      id: '',
      game_title: `Resilience ${crypto.randomUUID().slice(0, 6)}`,
      ...(months !== undefined && { recertify_months: months }),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Module>().id;
}

async function assign(ctx: TestContext, user: TestUser, module: string, dueAt = 0): Promise<void> {
  await ctx.database.db
    .insert(assignments)
    .values({ user_id: user.id, module_id: module, created_at: Date.now() - 10 * DAY, due_at: dueAt });
}

/** Plays a winning run of the module to the end: the assignment is completed. */
async function complete(ctx: TestContext, user: TestUser, module: string): Promise<void> {
  const started = await ctx.request(user.token, { method: 'POST', url: '/api/game/runs', payload: { module } });
  expect(started.statusCode, started.body).toBe(200);
  const run = started.json<{ run_id: string; seed: number; questionnaire: { before: boolean; after: boolean } }>();
  const res = await ctx.request(user.token, {
    method: 'POST',
    url: `/api/game/runs/${run.run_id}/finish`,
    payload: {
      log: winningLine(run.seed),
      answers: {
        ...(run.questionnaire.before && { before: every(3) }),
        ...(run.questionnaire.after && { after: every(4) }),
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ outcome: string }>().outcome).toBe('complete');
}

const recordOf = async (ctx: TestContext, user: TestUser) => {
  const res = await ctx.request(user.token, { method: 'GET', url: '/api/self/record' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TrainingRecord>();
};

const verify = (ctx: TestContext, code: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/certificates/${encodeURIComponent(code)}` });

const assignmentRow = async (ctx: TestContext, user: TestUser, module: string) =>
  (
    await ctx.database.db
      .select()
      .from(assignments)
      .where(and(eq(assignments.user_id, user.id), eq(assignments.module_id, module)))
  )[0]!;

/** Its tests make lapsed completions due again themselves (renewLapsed), when they choose. */
function trainingRecord(ctx: TestContext): void {
  it('keeps recertify_months with the module and its versions, refusing anything but 1-60 or nothing', async () => {
    const admin = await adminToken(ctx);
    const id = await createModule(ctx, admin, 12);
    const got = await ctx.request(admin, { method: 'GET', url: `/api/modules/${id}` });
    expect(got.json<Module>().recertify_months).toBe(12);
    for (const bad of [0, 61, 1.5, '12']) {
      const res = await ctx.request(admin, {
        method: 'PUT',
        url: `/api/modules/${id}`,
        payload: { ...got.json<Module>(), recertify_months: bad },
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('Recertify every (months)');
    }
    const once = await ctx.request(admin, {
      method: 'PUT',
      url: `/api/modules/${id}`,
      payload: { ...got.json<Module>(), recertify_months: null },
    });
    expect(once.statusCode).toBe(200);
    const versions = await ctx.request(admin, { method: 'GET', url: `/api/modules/${id}/versions/1` });
    expect(versions.json<{ module: Module }>().module.recertify_months).toBe(12);
  });

  it('records a late completion with its runs, best result, renewal and certificate', async () => {
    const admin = await adminToken(ctx);
    const module = await createModule(ctx, admin, 12);
    const user = await ctx.createUser();
    const dueAt = Date.now() - 2 * DAY;
    await assign(ctx, user, module, dueAt);
    const before = Date.now();
    await complete(ctx, user, module);
    const { assignments: list } = await recordOf(ctx, user);
    expect(list).toHaveLength(1);
    const a = list[0]!;
    expect(a).toMatchObject({ module, status: 'complete', due_at: dueAt, late: true });
    expect(a.completed_at).toBeGreaterThanOrEqual(before);
    expect(a.renews_at).toBe(addCalendarMonths(a.completed_at, 12));
    expect(a.certificate?.expires_at).toBe(a.renews_at);
    expect(a.certificate?.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a.runs).toHaveLength(1);
    expect(a.runs[0]).toMatchObject({ status: 'complete' });
    expect(a.best).toEqual({ score: a.runs[0]!.score, stars: a.runs[0]!.stars });

    // The administrator reads the same record; another trainee cannot.
    const adminView = await ctx.request(admin, { method: 'GET', url: `/api/admin/users/${user.id}/record` });
    expect(adminView.json()).toEqual({ assignments: list });
    const other = await ctx.createUser();
    const refused = await ctx.request(other.token, { method: 'GET', url: `/api/admin/users/${user.id}/record` });
    expect(refused.statusCode).toBe(403);
    const missing = await ctx.request(admin, { method: 'GET', url: '/api/admin/users/nobody/record' });
    expect(missing.statusCode).toBe(404);

    // A completion on time is not late; a module that does not recertify has no renewal.
    const once = await createModule(ctx, admin);
    await assign(ctx, user, once, Date.now() + 5 * DAY);
    await complete(ctx, user, once);
    const onTime = (await recordOf(ctx, user)).assignments.find((x) => x.module === once)!;
    expect(onTime).toMatchObject({ late: false, renews_at: 0, certificate: { expires_at: 0 } });
  });

  it('gives the certificate as a one-page PDF to its owner only, and lets anyone check it', async () => {
    const admin = await adminToken(ctx);
    const module = await createModule(ctx, admin, 6);
    const user = await ctx.createUser();
    await ctx.database.db
      .update(users)
      .set({ rank: 'SSgt', first_name: 'Jane', last_name: 'Doe' })
      .where(eq(users.id, user.id));
    await assign(ctx, user, module);
    await complete(ctx, user, module);
    const a = (await recordOf(ctx, user)).assignments[0]!;
    const code = a.certificate!.code;

    const pdf = await ctx.request(user.token, { method: 'GET', url: `/api/self/certificates/${code}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload.toString('latin1');
    expect(bytes.startsWith('%PDF-1.7')).toBe(true);
    expect(bytes.match(/\/Type \/Page\b/g)).toHaveLength(1);
    const other = await ctx.createUser();
    expect((await ctx.request(other.token, { method: 'GET', url: `/api/self/certificates/${code}` })).statusCode).toBe(
      404,
    );
    expect((await ctx.request(undefined, { method: 'GET', url: `/api/self/certificates/${code}` })).statusCode).toBe(
      401,
    );

    const checked = await verify(ctx, code);
    expect(checked.statusCode).toBe(200);
    const title = (await ctx.request(admin, { method: 'GET', url: `/api/modules/${module}` })).json<Module>()
      .game_title;
    expect(checked.json()).toEqual({
      valid: true,
      name: 'SSgt Jane Doe',
      module: title,
      completed_at: a.completed_at,
      expires_at: a.renews_at,
    });
    expect((await verify(ctx, 'A'.repeat(24))).statusCode).toBe(404);
    expect((await verify(ctx, 'not a code!')).statusCode).toBe(400);

    // Renamed module, deleted holder: the certificate reads as it was issued.
    await ctx.request(admin, {
      method: 'PUT',
      url: `/api/modules/${module}`,
      payload: {
        ...(await ctx.request(admin, { method: 'GET', url: `/api/modules/${module}` })).json<Module>(),
        game_title: 'Renamed',
      },
    });
    const deleted = await ctx.request(admin, { method: 'DELETE', url: `/api/admin/users/${user.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await verify(ctx, code)).json()).toMatchObject({ valid: true, name: 'SSgt Jane Doe', module: title });

    // Past its expiry it says so.
    await ctx.database.db
      .update(certificates)
      .set({ expires_at: Date.now() - 1000 })
      .where(eq(certificates.code, code));
    expect((await verify(ctx, code)).json<CertificateVerification>()).toMatchObject({
      valid: false,
      reason: 'expired',
    });
  });

  it('makes a lapsed completion due again, keeping it on the record, and counts it on Progress and the users list', async () => {
    const admin = await adminToken(ctx);
    const module = await createModule(ctx, admin, 12);
    const user = await ctx.createUser();
    await assign(ctx, user, module);
    await complete(ctx, user, module);
    const first = (await recordOf(ctx, user)).assignments[0]!;
    const progress = async (query = '') => {
      const res = await ctx.request(admin, { method: 'GET', url: `/api/admin/progress?module=${module}${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ProgressResponse>().modules[0]!;
    };
    expect(await progress()).toMatchObject({ assigned: 1, complete: 1, current: 1, current_share: 1 });
    const completions = async () =>
      (await ctx.request(admin, { method: 'GET', url: `/api/admin/progress?module=${module}` }))
        .json<ProgressResponse>()
        .weeks.reduce((n, w) => n + w.completions, 0);
    expect(await completions()).toBe(1);
    const due = async () =>
      (
        await ctx.request(admin, { method: 'GET', url: `/api/admin/users?recert=due&module=${module}` })
      ).json<UsersPage>();
    expect((await due()).count).toBe(0);

    // The completion lapses: before the scheduler's pass it is no longer current, and shown as due.
    const lapsedAt = Date.now() - 60_000;
    await ctx.database.db
      .update(assignments)
      .set({ renews_at: lapsedAt })
      .where(and(eq(assignments.user_id, user.id), eq(assignments.module_id, module)));
    expect(await progress()).toMatchObject({ assigned: 1, current: 0, current_share: 0 });
    const shown = (await recordOf(ctx, user)).assignments[0]!;
    expect(shown).toMatchObject({ status: 'past_due', due_at: lapsedAt, completed_at: first.completed_at });

    // The app's scheduler may have renewed it first (its first beat comes a second after start):
    // either way it is renewed once.
    await renewLapsed(ctx.database);
    expect(await assignmentRow(ctx, user, module)).toMatchObject({
      completed_at: 0,
      started_at: 0,
      due_at: lapsedAt,
      renews_at: lapsedAt,
    });
    expect((await recordOf(ctx, user)).assignments[0]).toEqual(shown);
    expect(await progress()).toMatchObject({ assigned: 1, complete: 0, past_due: 1, current: 0 });
    // The completion happened: it stays counted on its day.
    expect(await completions()).toBe(1);
    expect(await progress('&recert=due')).toMatchObject({ assigned: 1, past_due: 1, current: 0 });
    // Narrowed by the trainee's unit (a sub-unit's parent) and rank, the same one.
    expect(await progress('&recert=due&unit=655%20isrw&rank=A1C')).toMatchObject({ assigned: 1, past_due: 1 });
    const page = await due();
    expect(page.count).toBe(1);
    expect(page.users.map((u) => u.id)).toEqual([user.id]);
    const renewedAudit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'assignment.renew'));
    expect(renewedAudit.some((e) => e.target_id === module && e.actor_name === 'server')).toBe(true);

    // Completing again: a new certificate and renewal; the earlier run stays on the record.
    await complete(ctx, user, module);
    const again = (await recordOf(ctx, user)).assignments[0]!;
    expect(again.status).toBe('complete');
    expect(again.runs).toHaveLength(2);
    expect(again.certificate?.code).not.toBe(first.certificate?.code);
    expect(again.renews_at).toBeGreaterThan(Date.now());
    expect((await verify(ctx, first.certificate!.code)).statusCode).toBe(200);
    expect((await due()).count).toBe(0);
    expect(await progress()).toMatchObject({ complete: 1, current: 1 });
    expect(await completions()).toBe(2);
  });

  it('ends the renewals of a module that stops recertifying: completions held are for good, renewed ones stay due', async () => {
    const admin = await adminToken(ctx);
    const module = await createModule(ctx, admin, 12);
    const [held, lapsed, renewed, later] = await Promise.all([1, 2, 3, 4].map(() => ctx.createUser()));
    for (const user of [held!, lapsed!, renewed!]) {
      await assign(ctx, user, module);
      await complete(ctx, user, module);
    }
    const lapse = (user: TestUser, at: number) =>
      ctx.database.db
        .update(assignments)
        .set({ renews_at: at })
        .where(and(eq(assignments.user_id, user.id), eq(assignments.module_id, module)));
    const setMonths = async (months: number | null) => {
      const got = await ctx.request(admin, { method: 'GET', url: `/api/modules/${module}` });
      const res = await ctx.request(admin, {
        method: 'PUT',
        url: `/api/modules/${module}`,
        payload: { ...got.json<Module>(), recertify_months: months },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const progress = async () =>
      (
        await ctx.request(admin, { method: 'GET', url: `/api/admin/progress?module=${module}` })
      ).json<ProgressResponse>().modules[0]!;
    // One renewed (due again), one lapsed and waiting for the scheduler's pass, one current. This
    // suite's scheduler does not check on its own: the lapsed one waits as set.
    const renewedAt = Date.now() - 120_000;
    await lapse(renewed!, renewedAt);
    await renewLapsed(ctx.database);
    await lapse(lapsed!, Date.now() - 60_000);
    const heldBefore = (await recordOf(ctx, held!)).assignments[0]!;
    const lapsedBefore = (await recordOf(ctx, lapsed!)).assignments[0]!;
    expect(lapsedBefore.status).toBe('past_due');
    expect(await progress()).toMatchObject({ assigned: 3, current: 1 });

    await setMonths(null);
    for (const [user, before] of [
      [held!, heldBefore],
      [lapsed!, lapsedBefore],
    ] as const) {
      const a = (await recordOf(ctx, user)).assignments[0]!;
      expect(a).toMatchObject({ status: 'complete', completed_at: before.completed_at, renews_at: 0 });
      expect(a.certificate).toEqual({ code: before.certificate!.code, expires_at: 0 });
      expect((await verify(ctx, a.certificate!.code)).json()).toMatchObject({ valid: true, expires_at: 0 });
    }
    const stillDue = (await recordOf(ctx, renewed!)).assignments[0]!;
    expect(stillDue).toMatchObject({ status: 'past_due', due_at: renewedAt, renews_at: renewedAt });
    expect(await progress()).toMatchObject({ assigned: 3, complete: 2, past_due: 1, current: 2 });
    expect(await renewLapsed(ctx.database)).toBe(0);
    const ended = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assignment.renewal_end'), eq(auditLog.target_id, module)));
    expect(ended.map((e) => e.after)).toEqual([{ ended: 2 }]);

    // Its next completion is for good; a period given again applies to completions from then on.
    await complete(ctx, renewed!, module);
    expect((await recordOf(ctx, renewed!)).assignments[0]).toMatchObject({ status: 'complete', renews_at: 0 });
    await setMonths(6);
    expect((await assignmentRow(ctx, held!, module)).renews_at).toBe(0);
    await assign(ctx, later!, module);
    await complete(ctx, later!, module);
    const six = (await recordOf(ctx, later!)).assignments[0]!;
    expect(six.renews_at).toBe(addCalendarMonths(six.completed_at, 6));

    // Restoring a version that did not recertify (2: the save above) ends the renewals the same way.
    const v2 = await ctx.request(admin, { method: 'GET', url: `/api/modules/${module}/versions/2` });
    expect(v2.json<{ module: Module }>().module.recertify_months ?? null).toBeNull();
    const restored = await ctx.request(admin, { method: 'POST', url: `/api/modules/${module}/versions/2/restore` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await recordOf(ctx, later!)).assignments[0]).toMatchObject({
      renews_at: 0,
      certificate: { code: six.certificate!.code, expires_at: 0 },
    });
  });

  it('narrows the completions and the questionnaire means to the assignments due for recertification', async () => {
    const admin = await adminToken(ctx);
    const user = await ctx.createUser();
    await assign(ctx, user, READY_AIRMAN_MODULE_ID);
    await complete(ctx, user, READY_AIRMAN_MODULE_ID);
    const narrowed = async () => {
      const res = await ctx.request(admin, {
        method: 'GET',
        url: `/api/admin/progress?module=${READY_AIRMAN_MODULE_ID}&recert=due&unit=655%20isrw&rank=A1C`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<ProgressResponse>();
      return {
        assigned: body.modules[0]!.assigned,
        completions: body.weeks.reduce((n, w) => n + w.completions, 0),
        answered: body.questionnaires[0]!.domains.map((d) => [d.before.n, d.after.n]),
        means: body.questionnaires[0]!.domains.map((d) => [d.before.mean, d.after.mean]),
      };
    };
    // Nothing of this module is due for recertification: nothing is counted, its answers neither.
    const none = await narrowed();
    expect(none).toMatchObject({ assigned: 0, completions: 0 });
    expect(none.answered.flat().every((n) => n === 0)).toBe(true);

    await ctx.database.db
      .update(assignments)
      .set({ renews_at: Date.now() - 60_000 })
      .where(and(eq(assignments.user_id, user.id), eq(assignments.module_id, READY_AIRMAN_MODULE_ID)));
    const due = await narrowed();
    expect(due).toMatchObject({ assigned: 1, completions: 1 });
    expect(due.answered.every(([before, after]) => before === 1 && after === 1)).toBe(true);
    // Every answer 3 (the middle of 1–5, reverse-scored or not) before: 50 in each domain; 4 after.
    expect(due.means.every(([before, after]) => before === 50 && after !== null)).toBe(true);
  });

  it('downloads a trainee record as CSV for administrators, audited', async () => {
    const admin = await adminToken(ctx);
    const module = await createModule(ctx, admin);
    const user = await ctx.createUser();
    await assign(ctx, user, module, Date.now() - DAY);
    await complete(ctx, user, module);
    const res = await ctx.request(admin, { method: 'GET', url: `/api/admin/users/${user.id}/record.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Module,Status,Assigned,Due,Completed,Late,Best score,Best stars,Expires,Certificate');
    expect(lines[1]).toMatch(
      // A code that begins with "-" (one in 64) is written after a "'", as every cell a spreadsheet would read as a formula.
      /^Resilience \w+,Complete,\d{4}-\d\d-\d\d,\d{4}-\d\d-\d\d,\d{4}-\d\d-\d\d,Yes,\d+,[123],,(?:[\w][\w-]{23}|'-[\w-]{23})$/,
    );
    expect(lines[3]).toBe('Module,Run,Started,Finished,Outcome,Score,Stars');
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'record.download'));
    expect(entries.some((e) => e.target_id === user.id)).toBe(true);
    const trainee = await ctx.request(user.token, { method: 'GET', url: `/api/admin/users/${user.id}/record.csv` });
    expect(trainee.statusCode).toBe(403);
  });
}
describeApi('the training record', trainingRecord, { scheduledChecks: false });

describeApi('reminding overdue trainees', (ctx) => {
  const nudge = (token: string, payload: Record<string, unknown>) =>
    ctx.request(token, { method: 'POST', url: '/api/admin/reminders/nudge', payload });
  const nudges = async (user: TestUser) =>
    (await ctx.database.db.select().from(emailLog).where(eq(emailLog.user_id, user.id))).filter(
      (e) => e.kind === 'nudge',
    );

  it('e-mails each overdue trainee once a day at most, skipping the others with counts, audited', async () => {
    const admin = await adminToken(ctx);
    const overdue = await ctx.createUser();
    const notDue = await ctx.createUser();
    const inactive = await ctx.createUser({ active: false });
    const pending = await ctx.createUser({ pending: true });
    for (const u of [overdue, inactive, pending]) await assign(ctx, u, READY_AIRMAN_MODULE_ID, Date.now() - DAY);
    await assign(ctx, notDue, READY_AIRMAN_MODULE_ID, Date.now() + DAY);
    const ids = [overdue.id, notDue.id, inactive.id, pending.id, 'nobody'];
    const note = 'Finish it <b>today</b> & tell me';

    // Two administrators at once: one e-mail.
    const [one, two] = await Promise.all([
      nudge(admin, { user_ids: ids, note }),
      nudge(admin, { user_ids: ids, note }),
    ]);
    const answers = [one.json<NudgeResponse>(), two.json<NudgeResponse>()];
    expect(answers.map((a) => a.sent).sort()).toEqual([0, 1]);
    const sent = answers.find((a) => a.sent === 1)!;
    expect(sent).toEqual({
      sent: 1,
      skipped: 4,
      skipped_by: { unknown: 1, inactive: 1, pending: 1, not_overdue: 1, recently_reminded: 0 },
    });
    expect(answers.find((a) => a.sent === 0)!.skipped_by.recently_reminded).toBe(1);
    expect(await nudges(overdue)).toHaveLength(1);
    for (const u of [notDue, inactive, pending]) expect(await nudges(u)).toEqual([]);
    const [mail] = await ctx.database.query<{ text_body: string; html_body: string; subject: string }>(
      'SELECT o.text_body, o.html_body, o.subject FROM email_outbox o JOIN email_log l ON l.id = o.id WHERE l.user_id = $1 AND l.kind = $2',
      [overdue.id, 'nudge'],
    );
    expect(mail?.subject).toBe('Reminder: Ready Airman Training is past due');
    expect(mail?.text_body).toContain(`Their note: ${note}`);
    expect(mail?.html_body).toContain('Finish it &lt;b&gt;today&lt;/b&gt; &amp; tell me');

    const again = await nudge(admin, { user_ids: [overdue.id] });
    expect(again.json<NudgeResponse>()).toMatchObject({ sent: 0, skipped: 1, skipped_by: { recently_reminded: 1 } });
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'reminder.nudge'));
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => e.after?.['sent']).sort()).toEqual([0, 0, 1]);
  });

  it('narrows to a module, and refuses bad input and non-administrators, changing nothing', async () => {
    const admin = await adminToken(ctx);
    const user = await ctx.createUser();
    await assign(ctx, user, READY_AIRMAN_MODULE_ID, Date.now() - DAY);
    const other = await createModule(ctx, admin);
    expect((await nudge(admin, { user_ids: [user.id], module: other })).json<NudgeResponse>()).toMatchObject({
      sent: 0,
      skipped_by: { not_overdue: 1 },
    });
    expect((await nudge(admin, { user_ids: [user.id], module: 'nope' })).statusCode).toBe(404);
    for (const bad of [
      {},
      { user_ids: [] },
      { user_ids: [user.id], note: 'x'.repeat(501) },
      { user_ids: [user.id], extra: 1 },
    ])
      expect((await nudge(admin, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await nudge(user.token, { user_ids: [user.id] })).statusCode).toBe(403);
    expect(await nudges(user)).toEqual([]);
    expect(
      (await nudge(admin, { user_ids: [user.id], module: READY_AIRMAN_MODULE_ID })).json<NudgeResponse>().sent,
    ).toBe(1);
  });
});
