import { expect, it } from 'vitest';
import { usersPageSchema, type UsersPage } from '@airman/contracts/api.ts';
import { USER_PAGE_SIZE } from '@airman/contracts/constants.ts';
import type { User } from '@airman/contracts/user.ts';
import { assignments, users } from '#db/schema.ts';
import { adminToken, describeApi, type TestContext } from '#test/harness.ts';

async function totalUsers(ctx: TestContext): Promise<number> {
  const [row] = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return row?.n ?? 0;
}

/** The order the page promises: registered users by last name, first name, e-mail (then pending invitees by e-mail), lower-cased and compared byte-wise (collate "C"), then id. */
function byListOrder(a: User, b: User): number {
  const byte = (x: string, y: string) => Buffer.compare(Buffer.from(x.toLowerCase()), Buffer.from(y.toLowerCase()));
  return (
    // Registered users first, pending invitees after them by e-mail.
    Number(a.pending) - Number(b.pending) ||
    (a.pending && b.pending ? byte(a.user_name, b.user_name) : 0) ||
    byte(a.last_name, b.last_name) ||
    byte(a.first_name, b.first_name) ||
    byte(a.user_name, b.user_name) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

const SPEC_USER_FIELDS = [
  'active_at',
  'assignments',
  'first_name',
  'id',
  'invite_code',
  'last_invite_at',
  'last_login_at',
  'last_name',
  'modules',
  'pending',
  'rank',
  'role',
  'sex',
  'unit',
  'user_name',
];

// Equal last names in different cases, non-ASCII, an apostrophe and an empty one,
// so page boundaries fall inside runs of equal sort keys.
const LAST_NAMES = ['Zulu', 'alpha', 'Bravo', 'bravo', "O'Neil", 'Émile', 'émile', ''];

describeApi('GET admin/users: paging', (ctx) => {
  it('pages through 300 users in name order with no duplicates or gaps, pending invitees included', async () => {
    const now = Date.now();
    // One multi-row insert (createUser would sign each one in).
    await ctx.database.db.insert(users).values(
      Array.from({ length: 300 }, (_, i) => ({
        id: `p${String(i).padStart(4, '0')}`,
        user_name: `pager${i}@example.com`,
        first_name: `First${i}`,
        last_name: LAST_NAMES[i % LAST_NAMES.length] as string,
        pending: i % 10 === 0,
        invite_code: i % 10 === 0 ? `code-${i}` : null,
        active_at: i % 10 === 0 ? 0 : now,
        created_at: now,
      })),
    );
    await ctx.database.db.insert(assignments).values(
      Array.from({ length: 30 }, (_, i) => ({
        user_id: `p${String(i * 10 + 1).padStart(4, '0')}`,
        module_id: 'ready_airman_training',
        created_at: now,
        due_at: now + i,
      })),
    );
    const total = await totalUsers(ctx);
    const token = await adminToken(ctx);

    const seen: User[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await ctx.request(token, {
        method: 'GET',
        url: `/api/admin/users${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(res.statusCode).toBe(200);
      const page = usersPageSchema.parse(res.json());
      expect(page.count).toBe(total);
      pages++;
      if (page.cursor) expect(page.users).toHaveLength(USER_PAGE_SIZE);
      seen.push(...page.users);
      cursor = page.cursor;
    } while (cursor && pages < 20);

    expect(pages).toBe(Math.ceil(total / USER_PAGE_SIZE));
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((u) => u.id)).size).toBe(total);
    expect(seen.map((u) => u.id)).toEqual([...seen].sort(byListOrder).map((u) => u.id));

    // Every field of spec §3, assignments loaded, the invite code shown to the admin.
    const pending = seen.find((u) => u.id === 'p0010');
    expect(Object.keys(pending ?? {}).sort()).toEqual(SPEC_USER_FIELDS);
    expect(pending).toMatchObject({ pending: true, invite_code: 'code-10', active_at: 0 });
    const assigned = seen.find((u) => u.id === 'p0021');
    expect(assigned?.modules).toEqual(['ready_airman_training']);
    expect(assigned?.assignments).toEqual([
      {
        key: 'ready_airman_training',
        created_at: now,
        started_at: 0,
        completed_at: 0,
        revoked_at: 0,
        due_at: now + 2,
        game_status: 0,
        score: null,
      },
    ]);
  });

  it('pages through names that JavaScript and PostgreSQL lower-case differently', async () => {
    // 'Σ' at a word's end lower-cases to 'ς' in JavaScript, 'σ' in PostgreSQL;
    // 'İ' to 'i̇' and 'i'. The cursor must carry the database's own sort key.
    const now = Date.now();
    await ctx.database.db.insert(users).values(
      Array.from({ length: 130 }, (_, i) => ({
        id: `g${String(i).padStart(4, '0')}`,
        user_name: `greek${i}@example.com`,
        last_name: i % 2 === 0 ? 'ΟΔΥΣΣΕΥΣ' : 'İNCE',
        active_at: now,
        created_at: now,
      })),
    );
    const token = await adminToken(ctx);
    const total = await totalUsers(ctx);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = (
        await ctx.request(token, {
          method: 'GET',
          url: `/api/admin/users${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        })
      ).json<UsersPage>();
      seen.push(...page.users.map((u) => u.id));
      cursor = page.cursor;
      pages++;
    } while (cursor && pages < 50);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('keeps the count exact as users come and go', async () => {
    const token = await adminToken(ctx);
    const count = async () =>
      (await ctx.request(token, { method: 'GET', url: '/api/admin/users' })).json<UsersPage>().count;
    const before = await count();
    expect(before).toBe(await totalUsers(ctx));
    const user = await ctx.createUser();
    expect(await count()).toBe(before + 1);
    await ctx.request(token, { method: 'DELETE', url: `/api/admin/users/${user.id}` });
    expect(await count()).toBe(before);
  });
});

describeApi('GET admin/users: search', (ctx) => {
  const search = async (token: string, q: string, cursor?: string) => {
    const res = await ctx.request(token, {
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(q)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json<UsersPage>();
  };
  const ids = (page: UsersPage) => page.users.map((u) => u.id).sort();

  it('finds first name, last name and e-mail substrings, case-insensitively', async () => {
    const now = Date.now();
    const people = [
      { id: 's1', first_name: 'Marguerite', last_name: 'Okonkwo', user_name: 'mo@first.example.com' },
      { id: 's2', first_name: 'Theo', last_name: 'MARGULIES', user_name: 't.m@second.example.com' },
      { id: 's3', first_name: 'Ann', last_name: 'Lee', user_name: 'margin.call@third.example.com' },
      { id: 's4', first_name: 'Bo', last_name: 'Ng', user_name: 'bo@fourth.example.com' },
    ];
    await ctx.database.db.insert(users).values(people.map((p) => ({ ...p, active_at: now, created_at: now })));
    const token = await adminToken(ctx);
    expect(ids(await search(token, 'MARG'))).toEqual(['s1', 's2', 's3']);
    expect((await search(token, 'marg')).count).toBe(3);
    expect(ids(await search(token, 'okonk'))).toEqual(['s1']);
    expect(ids(await search(token, 'second.example'))).toEqual(['s2']);
    expect(ids(await search(token, '  theo  '))).toEqual(['s2']);
    // Shorter than a trigram still works.
    expect(ids(await search(token, 'ng'))).toEqual(['s4']);
    expect(await search(token, 'no-such-person')).toEqual({ count: 0, users: [] });
  });

  it('takes % _ and \\ literally', async () => {
    const now = Date.now();
    const names = {
      w1: 'Under_Score',
      w2: 'UnderXScore',
      w3: '100%Sure',
      w4: '100xSure',
      w5: 'Back\\Slash',
      w6: 'BackSlash',
    };
    await ctx.database.db.insert(users).values(
      Object.entries(names).map(([id, last_name]) => ({
        id,
        last_name,
        first_name: 'Wild',
        user_name: `${id}@wild.example.com`,
        active_at: now,
        created_at: now,
      })),
    );
    const token = await adminToken(ctx);
    expect(ids(await search(token, 'r_s'))).toEqual(['w1']);
    expect(ids(await search(token, '0%s'))).toEqual(['w3']);
    expect(ids(await search(token, '%'))).toEqual(['w3']);
    expect(ids(await search(token, 'k\\s'))).toEqual(['w5']);
    expect(ids(await search(token, '_'))).toEqual(['w1']);
  });

  it('pages through many matches with a count of all of them', async () => {
    const now = Date.now();
    await ctx.database.db.insert(users).values(
      Array.from({ length: 120 }, (_, i) => ({
        id: `m${String(i).padStart(3, '0')}`,
        first_name: 'Many',
        last_name: `Matchington${i % 7}`,
        user_name: `many${i}@example.com`,
        active_at: now,
        created_at: now,
      })),
    );
    const token = await adminToken(ctx);
    const seen: User[] = [];
    let cursor: string | undefined;
    do {
      const page = await search(token, 'matchington', cursor);
      expect(page.count).toBe(120);
      seen.push(...page.users);
      cursor = page.cursor;
    } while (cursor && seen.length < 500);
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((u) => u.id)).size).toBe(120);
    expect(seen.map((u) => u.id)).toEqual([...seen].sort(byListOrder).map((u) => u.id));
  });

  it('shows changes written past this server (another process) at the next request', async () => {
    const token = await adminToken(ctx);
    const write = (text: string) => ctx.database.query(text);
    await write(`INSERT INTO users (id, user_name, first_name, last_name, active_at, created_at) VALUES
      ('x1', 'x1@example.com', 'Xanthe', 'Quillfeather', 1, 1), ('x2', 'x2@example.com', 'Xavier', 'Quillfeather', 1, 1)`);
    expect(ids(await search(token, 'quillf'))).toEqual(['x1', 'x2']);
    await write(
      `INSERT INTO users (id, user_name, first_name, last_name, active_at, created_at) VALUES ('x3', 'x3@example.com', 'Xia', 'Quillfeather', 1, 1)`,
    );
    expect(ids(await search(token, 'quillf'))).toEqual(['x1', 'x2', 'x3']);
    await write(`UPDATE users SET last_name = 'Other' WHERE id = 'x1'`);
    expect(ids(await search(token, 'quillf'))).toEqual(['x2', 'x3']);
    await write(`DELETE FROM users WHERE id = 'x2'`);
    expect(await search(token, 'quillf')).toMatchObject({ count: 1, users: [{ id: 'x3' }] });
    await write(`UPDATE users SET unit = 'Changed unit' WHERE id = 'x3'`);
    expect((await search(token, 'quillf')).users).toMatchObject([{ id: 'x3', unit: 'Changed unit' }]);
  });
});

describeApi('GET admin/users: access and bad input', (ctx) => {
  it('gives a non-admin an empty list and an anonymous caller a 401', async () => {
    const user = await ctx.createUser();
    const res = await ctx.request(user.token, { method: 'GET', url: '/api/admin/users?search=admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 0, users: [] });
    const anonymous = await ctx.request(undefined, { method: 'GET', url: '/api/admin/users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: expect.any(String) });
    expect((await ctx.request('not.a.token', { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  // On PostgreSQL an admin's page checks the account in its own statement (features/admin-users/list-users.ts):
  // every way a session ends must end it there too, on the first page, the next and a search's.
  it("refuses an admin's token once the account is deactivated, demoted, deleted or signed out", async () => {
    // A cursor before every user: its page has rows, like the first.
    const cursor = Buffer.from(JSON.stringify(['', ''])).toString('base64url');
    const ends: [string, string][] = [
      ['deactivated', 'UPDATE users SET active_at = 0 WHERE id = $1'],
      ['demoted', "UPDATE users SET role = 'user' WHERE id = $1"],
      ['signed out', 'UPDATE users SET token_version = token_version + 1 WHERE id = $1'],
      ['pending again', 'UPDATE users SET pending = true WHERE id = $1'],
      ['deleted', 'DELETE FROM users WHERE id = $1'],
    ];
    for (const [how, change] of ends) {
      const admin = await ctx.createUser({ role: 'admin' });
      for (const url of [
        '/api/admin/users',
        `/api/admin/users?cursor=${cursor}`,
        '/api/admin/users?search=example.com',
      ]) {
        const before = await ctx.request(admin.token, { method: 'GET', url });
        expect({ how, url, status: before.statusCode, users: before.json<UsersPage>().users.length > 0 }).toEqual({
          how,
          url,
          status: 200,
          users: true,
        });
      }
      await ctx.database.query(change, [admin.id]);
      for (const url of [
        '/api/admin/users',
        `/api/admin/users?cursor=${cursor}`,
        '/api/admin/users?search=example.com',
        '/api/admin/users?cursor=nonsense',
      ]) {
        const res = await ctx.request(admin.token, { method: 'GET', url });
        expect({ how, url, status: res.statusCode, body: res.json() }).toEqual({
          how,
          url,
          status: 401,
          body: expect.objectContaining({ code: 'token_invalid' }),
        });
      }
    }
  });

  it('answers a page past the end with the count alone', async () => {
    const token = await adminToken(ctx);
    const past = Buffer.from(JSON.stringify(['\uffff', '\uffff'])).toString('base64url');
    const res = await ctx.request(token, { method: 'GET', url: `/api/admin/users?cursor=${past}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: await totalUsers(ctx), users: [] });
  });

  it('refuses malformed cursors and parameters with a 400 and a message', async () => {
    const token = await adminToken(ctx);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const bad = [
      'cursor=nonsense',
      `cursor=${b64({ a: 1 })}`,
      `cursor=${b64([1, 2])}`,
      `cursor=${b64(['only-one'])}`,
      `cursor=${'x'.repeat(600)}`,
      `search=${'x'.repeat(300)}`,
      'csv=2',
    ];
    for (const query of bad) {
      const res = await ctx.request(token, { method: 'GET', url: `/api/admin/users?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toEqual(expect.any(String));
    }
  });
});
