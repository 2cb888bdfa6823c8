/**
 * The unit filter of the audit log and of the module report takes in every unit under the unit, as on
 * Users and Progress; a unit administrator's audit log and report hold its trainees only, filtered or not.
 */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { READY_AIRMAN_MODULE_ID } from '@airman/contracts/constants.ts';
import type { AuditPage } from '@airman/contracts/audit.ts';
import { adminToken, describeApi, type TestContext, type TestUser } from '#test/harness.ts';

interface Wing {
  topUnit: string;
  /** Trainees of the wing, of its Det 2, of a wing whose name starts the same, and one with no unit. */
  top: TestUser;
  det: TestUser;
  other: TestUser;
  none: TestUser;
  /** A unit administrator of the wing, and an administrator of the same kind in it. */
  unitAdmin: TestUser;
  peer: TestUser;
}

/** A wing of its own; each of its people renamed by an administrator (an audit entry about each). */
async function wing(ctx: TestContext, admin: string): Promise<Wing> {
  const topUnit = `${crypto.randomUUID().slice(0, 8)} ISRW`;
  const [top, det, other, none] = [
    await ctx.createUser(),
    await ctx.createUser(),
    await ctx.createUser(),
    await ctx.createUser(),
  ];
  const unitAdmin = await ctx.createUser({ role: 'unit_admin' });
  const peer = await ctx.createUser({ role: 'unit_admin' });
  for (const user of [unitAdmin, peer])
    await ctx.database.query('INSERT INTO admin_units (user_id, unit) VALUES ($1, $2)', [user.id, topUnit]);
  const units: [TestUser, string][] = [
    [top, topUnit],
    [det, `${topUnit.toLowerCase()} / Det 2`],
    [other, `${topUnit}X`],
    [none, ''],
    [peer, topUnit],
  ];
  for (const [user, unit] of units) {
    await ctx.database.query('UPDATE users SET unit = $2 WHERE id = $1', [user.id, unit]);
    const renamed = await ctx.request(admin, {
      method: 'POST',
      url: `/api/admin/users/${user.id}`,
      payload: { first_name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  }
  return { topUnit, top, det, other, none, unitAdmin, peer };
}

describeApi('the audit log and the module report by unit', (ctx) => {
  /** The users the renames of the test were about, as the log's page answers them. */
  async function renamed(token: string, w: Wing, search = ''): Promise<string[]> {
    const res = await ctx.request(token, { method: 'GET', url: `/api/admin/audit?action=user.profile${search}` });
    expect(res.statusCode, res.body).toBe(200);
    const ids = new Set([w.top.id, w.det.id, w.other.id, w.none.id, w.peer.id]);
    return res
      .json<AuditPage>()
      .entries.map((e) => e.target_id)
      .filter((id) => ids.has(id))
      .sort();
  }

  it('filters the log by a unit and every unit under it, and holds a unit administrator to its trainees', async () => {
    const admin = await adminToken(ctx);
    const w = await wing(ctx, admin);
    const unit = `&unit=${encodeURIComponent(w.topUnit)}`;
    // An administrator: every entry, or those about the people of the unit (an administrator among them).
    expect(await renamed(admin, w)).toEqual([w.top.id, w.det.id, w.other.id, w.none.id, w.peer.id].sort());
    expect(await renamed(admin, w, unit)).toEqual([w.top.id, w.det.id, w.peer.id].sort());
    expect(await renamed(admin, w, `&unit=${encodeURIComponent(`${w.topUnit}/det 2`)}`)).toEqual([w.det.id]);
    // A unit administrator: the trainees of its units, filtered or not; another unit gives nothing.
    expect(await renamed(w.unitAdmin.token, w)).toEqual([w.top.id, w.det.id].sort());
    expect(await renamed(w.unitAdmin.token, w, `${unit}/Det 2`)).toEqual([w.det.id]);
    expect(await renamed(w.unitAdmin.token, w, `&unit=${encodeURIComponent(`${w.topUnit}X`)}`)).toEqual([]);

    // The CSV holds what the pages hold, and its download is audited with the filter.
    const csv = await ctx.request(w.unitAdmin.token, {
      method: 'GET',
      url: `/api/admin/audit?action=user.profile${unit}&csv=1`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(w.top.id);
    expect(csv.body).toContain(w.det.id);
    for (const outsider of [w.other, w.none, w.peer]) expect(csv.body).not.toContain(outsider.id);
    const [download] = await ctx.database.query<{ after: Record<string, string> }>(
      `SELECT after FROM audit_log WHERE action = 'audit.download' AND actor_id = $1`,
      [w.unitAdmin.id],
    );
    expect(download?.after).toEqual({ action: 'user.profile', unit: w.topUnit });
  });

  it('downloads the module report of a unit and every unit under it, within a unit administrator’s units', async () => {
    const admin = await adminToken(ctx);
    const w = await wing(ctx, admin);
    for (const user of [w.top, w.det, w.other, w.none, w.peer])
      await ctx.database.query('INSERT INTO assignments (user_id, module_id, created_at) VALUES ($1, $2, $3)', [
        user.id,
        READY_AIRMAN_MODULE_ID,
        Date.now(),
      ]);
    const report = async (token: string, unit?: string) => {
      const minted = await ctx.request(token, {
        method: 'POST',
        url: '/api/admin/reports/token',
        payload: { module: READY_AIRMAN_MODULE_ID },
      });
      expect(minted.statusCode, minted.body).toBe(200);
      const search = new URLSearchParams({
        csv: '1',
        module: READY_AIRMAN_MODULE_ID,
        token: minted.json<{ token: string }>().token,
        ...(unit !== undefined && { unit }),
      });
      const res = await ctx.request(undefined, { method: 'GET', url: `/api/admin/users?${search}` });
      expect(res.statusCode, res.body).toBe(200);
      return [w.top, w.det, w.other, w.none, w.peer].filter((u) => res.body.includes(u.email)).map((u) => u.id);
    };
    expect(await report(admin, w.topUnit)).toEqual([w.top.id, w.det.id, w.peer.id]);
    expect(await report(admin, `${w.topUnit}/DET 2`)).toEqual([w.det.id]);
    expect(await report(admin, '')).toEqual([w.none.id]);
    expect(await report(w.unitAdmin.token)).toEqual([w.top.id, w.det.id]);
    expect(await report(w.unitAdmin.token, `${w.topUnit}/Det 2`)).toEqual([w.det.id]);
    expect(await report(w.unitAdmin.token, `${w.topUnit}X`)).toEqual([]);
    const [entry] = await ctx.database.query<{ after: Record<string, string> }>(
      `SELECT after FROM audit_log WHERE action = 'report.download' AND actor_id = $1 ORDER BY at, id LIMIT 1 OFFSET 1`,
      [w.unitAdmin.id],
    );
    expect(entry?.after).toEqual({ module: READY_AIRMAN_MODULE_ID, unit: `${w.topUnit}/Det 2` });
  });
});
