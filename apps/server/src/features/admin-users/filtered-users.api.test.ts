import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { usersPageSchema, type UsersPage } from '@airman/contracts/api.ts';
import { RANKS } from '@airman/contracts/ranks.ts';
import { describeApi, TEST_PASSWORD, type TestContext } from '#test/harness.ts';

const DAY = 86_400_000;
const RANK_CYCLE = ['SrA', 'AB', 'Capt', 'Civ', '', 'MSgt'];
const LAST = ['Young', 'adams', 'Baker', 'baker', 'Clark', 'Zimmer', 'evans'];

interface Row {
  id: string;
  last: string;
  unit: string;
  rank: string;
  role: 'admin' | 'user';
  pending: boolean;
  active: boolean;
  lastLogin: number;
  /** Its ready_airman_training assignment's status, if it has one. */
  assignment?: 'not_started' | 'in_progress' | 'complete' | 'failed' | 'quit' | 'past_due';
}

/** 130 users of their own (found by the tag in their e-mail), in two units, every kind of account and assignment. */
async function seedUsers(ctx: TestContext): Promise<{ tag: string; rows: Row[] }> {
  const tag = crypto.randomUUID().slice(0, 8);
  const now = Date.now();
  const statuses = ['not_started', 'in_progress', 'complete', 'failed', 'quit', 'past_due'] as const;
  const rows: Row[] = Array.from({ length: 130 }, (_, i) => {
    const pending = i % 7 === 0;
    return {
      id: `${tag}-${String(i).padStart(3, '0')}`,
      last: LAST[i % LAST.length]!,
      unit: i % 3 === 0 ? `B ${tag}` : `a ${tag}`,
      rank: pending ? '' : RANK_CYCLE[i % RANK_CYCLE.length]!,
      role: i % 10 === 0 ? 'admin' : 'user',
      pending,
      active: !pending && i % 5 !== 0,
      lastLogin: pending || i % 3 === 1 ? 0 : now - (i % 11) * DAY,
      ...(i % 2 === 0 ? { assignment: statuses[(i / 2) % 6] } : {}),
    };
  });
  for (const r of rows) {
    await ctx.database.query(
      `INSERT INTO users (id, user_name, first_name, last_name, rank, unit, role, pending, active_at, last_login_at, created_at)
       VALUES ($1, $2, 'F', $3, $4, $5, $6, $7, $8, $9, $10)`,
      [r.id, `${r.id}@example.com`, r.last, r.rank, r.unit, r.role, r.pending, r.active ? now : 0, r.lastLogin, now],
    );
    if (!r.assignment) continue;
    const a = {
      not_started: [0, 0, now + DAY, 0],
      in_progress: [now - DAY, 0, now + DAY, 0],
      complete: [now - DAY, now, now - DAY, 1],
      failed: [now - DAY, 0, 0, 2],
      quit: [now - DAY, 0, 0, 4],
      past_due: [now - 2 * DAY, 0, now - DAY, 0],
    }[r.assignment];
    await ctx.database.query(
      `INSERT INTO assignments (user_id, module_id, created_at, started_at, completed_at, due_at, game_status) VALUES ($1, 'ready_airman_training', $2, $3, $4, $5, $6)`,
      [r.id, now, ...a],
    );
  }
  return { tag, rows };
}

const byte = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const rankIndex = (r: Row) =>
  r.rank === '' ? RANKS.length + 1 : RANKS.findIndex((k) => k.abbreviation === r.rank) + 1;
// The name order: registered users by last name, first name ('F' for all), e-mail
// (`${id}@example.com`); then pending invitees by e-mail; then id.
const byName = (a: Row, b: Row) =>
  Number(a.pending) - Number(b.pending) ||
  (a.pending ? 0 : byte(a.last.toLowerCase(), b.last.toLowerCase())) ||
  byte(`${a.id}@example.com`, `${b.id}@example.com`) ||
  byte(a.id, b.id);
const ORDERS: Record<string, (a: Row, b: Row) => number> = {
  name: byName,
  unit: (a, b) => byte(a.unit.toLowerCase(), b.unit.toLowerCase()) || byName(a, b),
  rank: (a, b) => rankIndex(a) - rankIndex(b) || byName(a, b),
  last_login: (a, b) => b.lastLogin - a.lastLogin || byte(a.id, b.id),
};

describeApi('GET admin/users: filters and sorting', (ctx) => {
  async function walk(query: Record<string, string>): Promise<{ ids: string[]; counts: number[] }> {
    const res0 = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
    });
    const token = res0.json<{ auth: string }>().auth;
    const ids: string[] = [];
    const counts: number[] = [];
    let cursor: string | undefined;
    do {
      const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
      const res = await ctx.request(token, { method: 'GET', url: `/api/admin/users?${params}` });
      expect(res.statusCode, res.body).toBe(200);
      const page: UsersPage = usersPageSchema.parse(res.json());
      ids.push(...page.users.map((u) => u.id));
      counts.push(page.count);
      cursor = page.cursor;
    } while (cursor);
    return { ids, counts };
  }

  it('pages through each order with no duplicates or gaps, counting the filtered list', async () => {
    const { tag, rows } = await seedUsers(ctx);
    for (const sort of Object.keys(ORDERS)) {
      const { ids, counts } = await walk({ search: tag, sort });
      expect(ids, sort).toEqual([...rows].sort(ORDERS[sort]).map((r) => r.id));
      expect(new Set(counts), sort).toEqual(new Set([130]));
    }
  });

  it('narrows to a unit, role, account status, module and assignment status, each and together', async () => {
    const { tag, rows } = await seedUsers(ctx);
    const cases: [Record<string, string>, (r: Row) => boolean][] = [
      [{ unit: `B ${tag}` }, (r) => r.unit === `B ${tag}`],
      [{ search: tag, role: 'admin' }, (r) => r.role === 'admin'],
      [{ search: tag, status: 'pending' }, (r) => r.pending],
      [{ search: tag, status: 'registered' }, (r) => !r.pending],
      [{ search: tag, status: 'active' }, (r) => r.active],
      [{ search: tag, status: 'inactive' }, (r) => !r.active && !r.pending],
      [{ search: tag, module: 'ready_airman_training' }, (r) => r.assignment !== undefined],
      ...(['not_started', 'in_progress', 'complete', 'failed', 'quit', 'past_due'] as const).map(
        (s): [Record<string, string>, (r: Row) => boolean] => [
          { search: tag, module: 'ready_airman_training', assignment_status: s },
          (r) => r.assignment === s,
        ],
      ),
      [
        {
          unit: `a ${tag}`,
          status: 'active',
          module: 'ready_airman_training',
          assignment_status: 'past_due',
          sort: 'rank',
        },
        (r) => r.unit === `a ${tag}` && r.active && r.assignment === 'past_due',
      ],
      // Counted from the progress counts: a module with a unit and an assignment status only.
      [
        { unit: `a ${tag}`, module: 'ready_airman_training' },
        (r) => r.unit === `a ${tag}` && r.assignment !== undefined,
      ],
      [
        { unit: `B ${tag}`, module: 'ready_airman_training', assignment_status: 'failed' },
        (r) => r.unit === `B ${tag}` && r.assignment === 'failed',
      ],
      [
        { unit: `a ${tag}`, module: 'ready_airman_training', assignment_status: 'past_due', sort: 'unit' },
        (r) => r.unit === `a ${tag}` && r.assignment === 'past_due',
      ],
    ];
    for (const [query, keep] of cases) {
      const expected = rows
        .filter(keep)
        .sort(ORDERS[query.sort ?? 'name'])
        .map((r) => r.id);
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
      const { ids, counts } = await walk(query);
      expect(ids, JSON.stringify(query)).toEqual(expected);
      expect(counts[0], JSON.stringify(query)).toBe(expected.length);
    }
  });

  it("keeps a module's pages right as users are renamed or moved and assignments are added, removed or change status", async () => {
    const { tag, rows } = await seedUsers(ctx);
    const res0 = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
    });
    const token = res0.json<{ auth: string }>().auth;
    const send = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
      const res = await ctx.request(token, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(200);
    };
    const pick = (unit: string, assignment: Row['assignment']) =>
      rows.find((r) => r.unit === `${unit} ${tag}` && r.assignment === assignment && !r.pending)!;
    const statuses = ['not_started', 'in_progress', 'complete', 'failed', 'quit', 'past_due'] as const;

    // Renamed: from the middle of the order to its start.
    const renamed = pick('a', 'complete');
    await send('POST', `/api/admin/users/${renamed.id}`, { last_name: 'Aaronson' });
    renamed.last = 'Aaronson';
    // Moved to the other unit.
    const moved = pick('a', 'quit');
    await send('POST', `/api/admin/users/${moved.id}`, { unit: `B ${tag}` });
    moved.unit = `B ${tag}`;
    // Assigned the module (not started), and unassigned it.
    const assigned = rows.find((r) => r.unit === `a ${tag}` && r.assignment === undefined && !r.pending)!;
    await send('POST', `/api/admin/users/${assigned.id}/assign`, { module: 'ready_airman_training' });
    assigned.assignment = 'not_started';
    const unassigned = pick('a', 'in_progress');
    await send('DELETE', `/api/admin/users/${unassigned.id}/assign/ready_airman_training`);
    delete unassigned.assignment;
    // Due yesterday: past due.
    const overdue = pick('B', 'not_started');
    await send('POST', `/api/admin/users/${overdue.id}`, {
      assignments: [{ key: 'ready_airman_training', due_at: Date.now() - DAY }],
    });
    overdue.assignment = 'past_due';
    // A run finished late (as the game's routes write it): complete.
    const finished = pick('a', 'past_due');
    await ctx.database.query(
      `UPDATE assignments SET game_status = 1, completed_at = $2 WHERE user_id = $1 AND module_id = 'ready_airman_training'`,
      [finished.id, Date.now()],
    );
    finished.assignment = 'complete';

    const cases: [Record<string, string>, (r: Row) => boolean][] = [
      [{ search: tag, module: 'ready_airman_training' }, (r) => r.assignment !== undefined],
      ...['a', 'B'].flatMap((unit) =>
        statuses.map((s): [Record<string, string>, (r: Row) => boolean] => [
          { unit: `${unit} ${tag}`, module: 'ready_airman_training', assignment_status: s },
          (r) => r.unit === `${unit} ${tag}` && r.assignment === s,
        ]),
      ),
    ];
    for (const [query, keep] of cases) {
      const expected = rows
        .filter(keep)
        .sort(ORDERS.name)
        .map((r) => r.id);
      const { ids, counts } = await walk(query);
      expect(ids, JSON.stringify(query)).toEqual(expected);
      expect(counts[0], JSON.stringify(query)).toBe(expected.length);
    }
    expect((await walk({ search: tag, module: 'ready_airman_training' })).ids[0]).toBe(renamed.id);
  });

  it('refuses an assignment status without a module, unknown values and a cursor of another order', async () => {
    const res0 = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
    });
    const token = res0.json<{ auth: string }>().auth;
    const get = (q: string) => ctx.request(token, { method: 'GET', url: `/api/admin/users?${q}` });
    for (const [q, message] of [
      ['assignment_status=quit', 'assignment_status: needs module'],
      ['status=asleep', 'status: Invalid option: expected one of "registered"|"active"|"inactive"|"pending"'],
      ['sort=age', 'sort: Invalid option: expected one of "name"|"unit"|"rank"|"last_login"'],
    ] as const) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    const { tag } = await seedUsers(ctx);
    const first = (await get(`search=${tag}&sort=unit`)).json<UsersPage>();
    const wrong = await get(`search=${tag}&sort=rank&cursor=${encodeURIComponent(first.cursor ?? '')}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe('cursor: invalid cursor');
  });

  it('records the last sign-in and shows it on the user', async () => {
    const user = await ctx.createUser();
    const res = await ctx.request(user.token, { method: 'GET', url: '/api/session' });
    const signedIn = res.json<{ last_login_at: number }>().last_login_at;
    expect(signedIn).toBeGreaterThan(Date.now() - 60_000);
  });
});
