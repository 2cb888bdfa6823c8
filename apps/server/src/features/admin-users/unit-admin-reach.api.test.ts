/**
 * What a unit administrator reaches beyond the users list (docs/security.md, "Roles"): the training
 * record and its CSV, the reminder to overdue trainees and whom it reaches, and the xAPI export, each
 * of the trainees of its units and of the units under them only.
 */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import type { OverdueTraineesResponse } from '@airman/contracts/progress.ts';
import type { NudgeResponse, TrainingRecord } from '@airman/contracts/record.ts';
import { adminToken, describeApi, type TestContext, type TestUser } from '#test/harness.ts';

const DAY = 86_400_000;

interface Wing {
  /** A unit administrator of `top`. */
  unitAdmin: TestUser;
  /** Trainees of `top`, of `top/Det 2` and of another wing. */
  top: TestUser;
  det: TestUser;
  other: TestUser;
  /** An administrator of the other kind in `top`: in its units, but no trainee. */
  peer: TestUser;
  topUnit: string;
}

/** A wing of its own (its name unique to the test), each trainee with Ready Airman Training a day overdue. */
async function wing(ctx: TestContext): Promise<Wing> {
  const topUnit = `${crypto.randomUUID().slice(0, 8)} ISRW`;
  const unitAdmin = await ctx.createUser({ role: 'unit_admin' });
  await ctx.database.query('INSERT INTO admin_units (user_id, unit) VALUES ($1, $2)', [unitAdmin.id, topUnit]);
  const top = await ctx.createUser();
  const det = await ctx.createUser();
  const other = await ctx.createUser();
  const peer = await ctx.createUser({ role: 'unit_admin' });
  const units: [TestUser, string][] = [
    [top, topUnit],
    [det, `${topUnit}/Det 2`],
    [other, `x${topUnit}`],
    [peer, topUnit],
  ];
  for (const [user, unit] of units) {
    await ctx.database.query('UPDATE users SET unit = $2 WHERE id = $1', [user.id, unit]);
    await ctx.database.query(
      'INSERT INTO assignments (user_id, module_id, created_at, due_at) VALUES ($1, $2, $3, $4)',
      [user.id, READY_AIRMAN_MODULE_ID, Date.now() - 2 * DAY, Date.now() - DAY],
    );
  }
  return { unitAdmin, top, det, other, peer, topUnit };
}

describeApi('a unit administrator beyond the users list', (ctx) => {
  const get = (token: string, url: string) => ctx.request(token, { method: 'GET', url });

  it("reads and downloads the training record of its units' trainees only, audited", async () => {
    const w = await wing(ctx);
    const record = await get(w.unitAdmin.token, `/api/admin/users/${w.det.id}/record`);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json<TrainingRecord>().assignments.map((a) => a.module)).toEqual([READY_AIRMAN_MODULE_ID]);
    const csv = await get(w.unitAdmin.token, `/api/admin/users/${w.top.id}/record.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Past Due');
    // Another wing's trainee, and an administrator in its own unit: as if they did not exist.
    for (const user of [w.other, w.peer]) {
      expect((await get(w.unitAdmin.token, `/api/admin/users/${user.id}/record`)).statusCode).toBe(404);
      expect((await get(w.unitAdmin.token, `/api/admin/users/${user.id}/record.csv`)).statusCode).toBe(404);
    }
    const downloads = await ctx.database.query<{ actor_id: string; target_id: string }>(
      `SELECT actor_id, target_id FROM audit_log WHERE action = 'record.download' AND actor_id = $1`,
      [w.unitAdmin.id],
    );
    expect(downloads).toEqual([{ actor_id: w.unitAdmin.id, target_id: w.top.id }]);
  });

  it('lists and reminds the overdue trainees of its units only, refusing a reminder that names another whole', async () => {
    const w = await wing(ctx);
    const listed = await get(
      w.unitAdmin.token,
      `/api/admin/progress/overdue-trainees?module=${READY_AIRMAN_MODULE_ID}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const mine = [w.top.id, w.det.id].sort();
    expect(listed.json<OverdueTraineesResponse>().user_ids).toEqual(mine);
    // A full administrator's list, filtered by the unit, has them too (the filter takes in Det 2), and the peer.
    const admin = await adminToken(ctx);
    const byUnit = await get(admin, `/api/admin/progress/overdue-trainees?unit=${encodeURIComponent(w.topUnit)}`);
    expect(byUnit.json<OverdueTraineesResponse>().user_ids).toEqual([...mine, w.peer.id].sort());

    const nudge = (user_ids: string[]) =>
      ctx.request(w.unitAdmin.token, { method: 'POST', url: '/api/admin/reminders/nudge', payload: { user_ids } });
    const nudged = async () =>
      (
        await ctx.database.query<{ user_id: string }>('SELECT user_id FROM nudges WHERE user_id = ANY($1::text[])', [
          [w.top.id, w.det.id, w.other.id, w.peer.id],
        ])
      ).map((r) => r.user_id);
    for (const outsider of [w.other, w.peer]) {
      const refused = await nudge([...mine, outsider.id]);
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json<{ message: string }>().message).toContain(outsider.id);
    }
    expect(await nudged()).toEqual([]);
    const sent = await nudge(mine);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<NudgeResponse>()).toMatchObject({ sent: 2, skipped: 0 });
    expect((await nudged()).sort()).toEqual(mine);
    const entries = await ctx.database.query<{ after: { sent: number } }>(
      `SELECT after FROM audit_log WHERE action = 'reminder.nudge' AND actor_id = $1`,
      [w.unitAdmin.id],
    );
    expect(entries.map((e) => e.after.sent)).toEqual([2]);
  });

  it("exports the xAPI statements of its units' trainees' runs only", async () => {
    const w = await wing(ctx);
    for (const user of [w.det, w.other]) {
      const run = await ctx.request(user.token, {
        method: 'POST',
        url: '/api/game/runs',
        payload: { module: READY_AIRMAN_MODULE_ID },
      });
      expect(run.statusCode, run.body).toBe(200);
    }
    const today = new Date().toISOString().slice(0, 10);
    const actors = async (token: string) => {
      const res = await get(token, `/api/admin/reports/xapi?from=${today}`);
      expect(res.statusCode, res.body).toBe(200);
      return new Set(
        res.body
          .split('\n')
          .filter(Boolean)
          .map((line) => (JSON.parse(line) as { actor: { account: { name: string } } }).actor.account.name),
      );
    };
    const theirs = await actors(w.unitAdmin.token);
    expect(theirs.has(w.det.id)).toBe(true);
    expect(theirs.has(w.other.id)).toBe(false);
    expect([...theirs].every((id) => id === w.det.id || id === w.top.id)).toBe(true);
    const everyone = await actors(await adminToken(ctx));
    expect(everyone.has(w.det.id) && everyone.has(w.other.id)).toBe(true);
    const [entry] = await ctx.database.query<{ after: { units?: string[] } }>(
      `SELECT after FROM audit_log WHERE action = 'report.xapi' AND actor_id = $1`,
      [w.unitAdmin.id],
    );
    expect(entry?.after.units).toEqual([w.topUnit]);
  });
});
