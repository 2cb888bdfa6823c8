import http from 'node:http';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Module } from '@airman/contracts/module.ts';
import { assignments, reportTokens, users } from '#db/schema.ts';
import { adminToken, describeApi, type TestContext } from '#test/harness.ts';
import { smallModule } from '#test/game-fixtures.ts';

async function reportToken(ctx: TestContext, admin: string, module = 'ready_airman_training'): Promise<string> {
  const res = await ctx.request(admin, { method: 'POST', url: '/api/admin/reports/token', payload: { module } });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

/** A small module of its own (no questionnaire), created through the API. */
async function createModule(ctx: TestContext, admin: string, title: string): Promise<Module> {
  const res = await ctx.request(admin, { method: 'POST', url: '/api/modules', payload: smallModule(title) });
  expect(res.statusCode).toBe(201);
  return res.json<Module>();
}

/**
 * `count` active users with ids and e-mails `{prefix}{g}`, all assigned the module, written
 * in two statements. The names are SQL expressions over g, the series number.
 */
async function insertAssignedUsers(
  ctx: TestContext,
  moduleId: string,
  prefix: string,
  count: number,
  names: { firstName: string; lastName: string },
): Promise<void> {
  const now = Date.now();
  await ctx.database.query(
    `INSERT INTO users (id, user_name, first_name, last_name, active_at, created_at)
     SELECT $1 || lpad(g::text, 5, '0'), $1 || g || '@example.com', ${names.firstName}, ${names.lastName}, $2::bigint, $2::bigint
     FROM generate_series(1, $3::int) AS g`,
    [prefix, now, count],
  );
  await ctx.database.query(
    `INSERT INTO assignments (user_id, module_id, created_at) SELECT id, $1, $2::bigint FROM users WHERE id LIKE $3`,
    [moduleId, now, `${prefix}%`],
  );
}

const csvUrl = (token: string, module = 'ready_airman_training') =>
  `/api/admin/users?csv=1&module=${encodeURIComponent(module)}&token=${encodeURIComponent(token)}`;
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

describeApi('module report', (ctx) => {
  it('streams one row per assigned user, pending invitees included, escaped against formulas', async () => {
    const admin = await adminToken(ctx);
    const now = Date.now();
    await ctx.database.db.insert(users).values([
      {
        id: 'r1',
        user_name: 'evil@example.com',
        first_name: 'Eve',
        last_name: '=cmd()',
        rank: 'SrA',
        unit: '655 ISRW',
        active_at: now,
        created_at: now,
      },
      { id: 'r2', user_name: 'pending@example.com', pending: true, invite_code: 'code-r2', created_at: now },
      {
        id: 'r3',
        user_name: 'other@example.com',
        first_name: 'Not',
        last_name: 'Assigned',
        active_at: now,
        created_at: now,
      },
    ]);
    await ctx.database.db.insert(assignments).values([
      {
        user_id: 'r1',
        module_id: 'ready_airman_training',
        created_at: now,
        started_at: now,
        completed_at: now,
        game_status: 1,
        // The latest finished run's results, as finishing a run writes them (game API tests).
        run_final_gauges: { mental: 70, physical: 61, social: 55, spiritual: 80 },
        run_objectives_completed: ['Pass the PT test', 'Complete readiness training'],
        run_score_points: 640,
        run_stars: 2,
        run_module_version: 4,
        run_answers_before: { mental_1: 2, mental_2: 2, mental_3: 4, mental_4: 2 },
        run_answers_after: { mental_1: 4, mental_2: 4, mental_3: 2, mental_4: 4 },
      },
      { user_id: 'r2', module_id: 'ready_airman_training', created_at: now },
    ]);
    const res = await ctx.app.inject({ method: 'GET', url: csvUrl(await reportToken(ctx, admin)) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Ready Airman Training ${date}.csv"; filename*=UTF-8''Ready%20Airman%20Training%20${date}.csv`,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^Rank,Unit,Last Name,First Name,Email,Status,Added,Started,Due,Completed,Late,Expires,Final mental,Final physical,Final social,Final spiritual,Objectives Completed,Score,Stars,Module Version,Mental Before,Mental After,Mental Change,.*,mental_1 Before,mental_1 After,/,
    );
    expect(lines.some((l) => l.includes('other@example.com'))).toBe(false);
    const iso = new Date(now).toISOString().slice(0, 10);
    // In the users list's order: registered users by last name, then the pending invitee.
    expect(lines[1]).toContain(
      `SrA,655 ISRW,'=cmd(),Eve,evil@example.com,Complete,${iso},${iso},,${iso},No,,70,61,55,80,Pass the PT test; Complete readiness training,640,2,4,25,75,50,`,
    );
    expect(lines[1]).toContain(',2,4,2,4,4,2,2,4,');
    expect(lines[2]).toMatch(/^\*,\*,,,pending@example\.com,Not Started,/);
    expect(lines[2]).toContain(`,${iso},,,,,,,,,,`);
  });

  it('has a column per gauge of the module and no questionnaire for other modules; a non-ASCII title gets filename*', async () => {
    const admin = await adminToken(ctx);
    const m = await createModule(ctx, admin, 'Übung “A” 1');
    const user = await ctx.createUser({ lastName: '+SUM(A1)' });
    const assigned = await ctx.request(admin, {
      method: 'POST',
      url: `/api/admin/users/${user.id}/assign`,
      payload: { module: m.id },
    });
    expect(assigned.statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: csvUrl(await reportToken(ctx, admin, m.id), m.id) });
    expect(res.statusCode).toBe(200);
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_bung _A_ 1 ${date}.csv"; filename*=UTF-8''%C3%9Cbung%20%E2%80%9CA%E2%80%9D%201%20${date}.csv`,
    );
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Rank,Unit,Last Name,First Name,Email,Status,Added,Started,Due,Completed,Late,Expires,Final focus,Final morale,Objectives Completed,Score,Stars,Module Version',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^A1C,655 ISRW,'\\+SUM\\(A1\\),Test,${user.email},Not Started,`));
  });

  it('pages through thousands of users in the users list order, ties on last and first name included', async () => {
    const admin = await adminToken(ctx);
    const m = await createModule(ctx, admin, 'Many');
    // 2,500 users, most sharing a last name, so page boundaries fall inside runs of ties.
    await insertAssignedUsers(ctx, m.id, 'bulk', 2500, {
      firstName: `'F'`,
      lastName: `CASE WHEN g % 5 = 0 THEN 'Zed' ELSE 'Same' END`,
    });
    const res = await ctx.app.inject({ method: 'GET', url: csvUrl(await reportToken(ctx, admin, m.id), m.id) });
    const emails = csvLines(res.body)
      .slice(1)
      .map((l) => l.split(',')[4]);
    expect(emails).toHaveLength(2500);
    expect(new Set(emails).size).toBe(2500);
    // Last name, first name (the same), then e-mail byte by byte: bulk10@ before bulk1@.
    const expected = Array.from({ length: 2500 }, (_, i) => i + 1)
      .sort(
        (a, b) =>
          Number(a % 5 === 0) - Number(b % 5 === 0) ||
          Buffer.compare(Buffer.from(`bulk${a}@example.com`), Buffer.from(`bulk${b}@example.com`)),
      )
      .map((g) => `bulk${g}@example.com`);
    expect(emails).toEqual(expected);
  });

  it('shows each user as they are now: registration and later edits reach the report', async () => {
    const admin = await adminToken(ctx);
    const m = await createModule(ctx, admin, 'Now');
    const now = Date.now();
    await ctx.database.db.insert(users).values({
      id: 'now1',
      user_name: 'invitee@example.com',
      pending: true,
      invite_code: 'code-now1',
      created_at: now,
    });
    await ctx.database.db.insert(assignments).values({ user_id: 'now1', module_id: m.id, created_at: now });
    const line = async () =>
      csvLines(
        (await ctx.app.inject({ method: 'GET', url: csvUrl(await reportToken(ctx, admin, m.id), m.id) })).body,
      )[1];
    expect(await line()).toMatch(/^\*,\*,,,invitee@example\.com,/);
    await ctx.database.db
      .update(users)
      .set({
        pending: false,
        invite_code: null,
        first_name: 'Ann',
        last_name: 'Lee',
        rank: 'SrA',
        unit: '655 ISRW',
        active_at: now,
      })
      .where(eq(users.id, 'now1'));
    expect(await line()).toMatch(/^SrA,655 ISRW,Lee,Ann,invitee@example\.com,/);
    await ctx.database.db.update(users).set({ rank: 'SSgt', unit: '70 ISRW' }).where(eq(users.id, 'now1'));
    expect(await line()).toMatch(/^SSgt,70 ISRW,Lee,Ann,invitee@example\.com,/);
  });

  it('keeps nothing open once a client leaves mid-download', async () => {
    const admin = await adminToken(ctx);
    const m = await createModule(ctx, admin, 'Left');
    // ~20 MB of rows, far more than loopback sockets hold (up to ~10 MB here), so the
    // server waits on a client that does not read.
    await insertAssignedUsers(ctx, m.id, 'left', 5000, { firstName: `repeat('F', 4000)`, lastName: `'Left'` });
    // The report's transaction, by the last statement it ran (the mail queue has short transactions of its own).
    const openTransactions = async () =>
      (
        await ctx.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND query LIKE 'FETCH % FROM batches'`,
        )
      )[0]?.n;
    // Up to 12 s: on a busy machine the server may take seconds to fill the socket's buffers.
    // The value seen, not a new reading: between two the server may be fetching its next batch.
    const waitFor = async (what: () => Promise<unknown>, expected: unknown) => {
      let seen = await what();
      for (let i = 0; i < 240 && seen !== expected; i++) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await what();
      }
      return seen;
    };
    const usersListAnswers = async () =>
      (await ctx.request(admin, { method: 'GET', url: '/api/admin/users' })).statusCode;

    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const request = http.get(`${address}${csvUrl(await reportToken(ctx, admin, m.id), m.id)}`);
    try {
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      expect(response.statusCode).toBe(200);
      // Not read: the download is under way and waits on the client.
      if (ctx.database.kind === 'postgres') expect(await waitFor(openTransactions, 1)).toBe(1);
      expect(await usersListAnswers()).toBe(200);
    } finally {
      // The client leaves (also when the above failed: the app could not close while it stayed).
      request.destroy();
    }
    if (ctx.database.kind === 'postgres') expect(await waitFor(openTransactions, 0)).toBe(0);
    expect(await usersListAnswers()).toBe(200);
    // Writing 20 MB of users through the read model's triggers takes the embedded database 5 s on
    // an idle machine, and several times that beside the e2e suite.
  }, 90_000);

  it('is compressed for a client that accepts brotli', async () => {
    const admin = await adminToken(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: csvUrl(await reportToken(ctx, admin)),
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(csvLines(text)[0]).toMatch(/^Rank,Unit,Last Name,/);
  });

  it('accepts a token once, for its module only, within 60 s, and never the access token', async () => {
    const admin = await adminToken(ctx);
    const other = await createModule(ctx, admin, 'Other');
    const token = await reportToken(ctx, admin);
    const wrongModule = await ctx.app.inject({ method: 'GET', url: csvUrl(token, other.id) });
    expect(wrongModule.statusCode).toBe(401);
    expect(wrongModule.json<{ message: string }>().message).toMatch(/expired or was already used/);
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(token, 'nope') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(token) })).statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'GET', url: csvUrl(token) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toHaveProperty('message');
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(admin) })).statusCode).toBe(401);

    const expired = await reportToken(ctx, admin);
    await ctx.database.db
      .update(reportTokens)
      .set({ expires_at: Date.now() - 1 })
      .where(eq(reportTokens.used_at, 0));
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(expired) })).statusCode).toBe(401);
  });

  it("writes its dates as YYYY-MM-DD in the admin's time zone, the due date as picked", async () => {
    const admin = await adminToken(ctx);
    const m = await createModule(ctx, admin, 'Dated');
    const evening = Date.parse('2026-12-16T03:30:00Z'); // 20:30 on the 15th in Denver
    const user = await ctx.createUser();
    await ctx.database.db.insert(assignments).values({
      user_id: user.id,
      module_id: m.id,
      created_at: evening,
      started_at: evening,
      completed_at: evening,
      game_status: 1,
      due_at: Date.parse('2026-12-15T23:00:00Z'), // 12/15 picked
    });
    const dates = async (tz?: string) => {
      const zone = tz ? `&tz=${encodeURIComponent(tz)}` : '';
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${csvUrl(await reportToken(ctx, admin, m.id), m.id)}${zone}`,
      });
      expect(res.statusCode).toBe(200);
      return csvLines(res.body)[1]?.split(',').slice(6, 10);
    };
    expect(await dates('America/Denver')).toEqual(['2026-12-15', '2026-12-15', '2026-12-15', '2026-12-15']);
    expect(await dates('Asia/Tokyo')).toEqual(['2026-12-16', '2026-12-16', '2026-12-15', '2026-12-16']);
    expect(await dates()).toEqual(['2026-12-16', '2026-12-16', '2026-12-15', '2026-12-16']);
  });

  it("names the file after the day in the admin's time zone", async () => {
    const admin = await adminToken(ctx);
    // 25 hours apart: whatever the time, their days differ.
    const day = async (tz: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${csvUrl(await reportToken(ctx, admin))}&tz=${encodeURIComponent(tz)}`,
      });
      expect(res.statusCode).toBe(200);
      return (
        /filename="Ready Airman Training (\d{4}-\d{2}-\d{2})\.csv"/.exec(
          String(res.headers['content-disposition']),
        )?.[1] ?? ''
      );
    };
    const west = await day('Pacific/Pago_Pago');
    const east = await day('Pacific/Kiritimati');
    expect(west).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(east > west).toBe(true);
  });

  it('stores tokens hashed, valid for 60 seconds', async () => {
    const admin = await adminToken(ctx);
    const before = Date.now();
    const token = await reportToken(ctx, admin);
    const rows = await ctx.database.db.select().from(reportTokens).where(eq(reportTokens.used_at, 0));
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    const row = rows.find((r) => r.expires_at >= before + 60_000);
    expect(row?.expires_at).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('refuses the token of an admin who has since been demoted or deactivated', async () => {
    const other = await ctx.createUser({ role: 'admin' });
    const demoted = await reportToken(ctx, other.token);
    await ctx.database.db.update(users).set({ role: 'user' }).where(eq(users.id, other.id));
    const res = await ctx.app.inject({ method: 'GET', url: csvUrl(demoted) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toHaveProperty('message');

    const another = await ctx.createUser({ role: 'admin' });
    const deactivated = await reportToken(ctx, another.token);
    await ctx.database.db.update(users).set({ active_at: 0 }).where(eq(users.id, another.id));
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(deactivated) })).statusCode).toBe(403);
  });

  it('answers bad input with a 4xx message', async () => {
    const admin = await adminToken(ctx);
    const token = await reportToken(ctx, admin);
    const badZones = ['Mars/Olympus', '', 'a'.repeat(101), 'UTC&tz=UTC'].map(
      (tz) => `${csvUrl(token)}&tz=${encodeURIComponent(tz)}`,
    );
    for (const url of [
      '/api/admin/users?csv=1&module=ready_airman_training',
      '/api/admin/users?csv=1&token=x',
      '/api/admin/users?csv=2&module=ready_airman_training&token=x',
      ...badZones,
      `${csvUrl(token)}&tz=UTC&tz=UTC`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toHaveProperty('message');
    }
    const bodies: [unknown, number][] = [
      [{}, 400],
      [{ module: '' }, 400],
      [{ module: 1 }, 400],
      [{ module: 'ready_airman_training', extra: 1 }, 400],
      [{ module: 'nope' }, 404],
    ];
    for (const [payload, status] of bodies) {
      const res = await ctx.request(admin, {
        method: 'POST',
        url: '/api/admin/reports/token',
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toHaveProperty('message');
    }
    const none = await ctx.request(admin, { method: 'POST', url: '/api/admin/reports/token' });
    expect(none.statusCode).toBe(400);
    // The bad requests above did not burn the good token.
    expect((await ctx.app.inject({ method: 'GET', url: csvUrl(token) })).statusCode).toBe(200);
  });

  it('gives report tokens to admins only', async () => {
    const user = await ctx.createUser();
    const admin = await adminToken(ctx);
    const call = {
      method: 'POST' as const,
      url: '/api/admin/reports/token',
      payload: { module: 'ready_airman_training' },
    };
    const anonymous = await ctx.request(undefined, call);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toHaveProperty('message');
    const asUser = await ctx.request(user.token, call);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toHaveProperty('message');
    expect((await ctx.request(admin, call)).statusCode).toBe(200);
  });
});
