/**
 * The users list's order by name (spec: "Rows are sorted by last_name"): registered
 * users by last name, then first name, then e-mail, case-insensitively, then id; then
 * pending invitees by e-mail (db/schema.ts, NAME_ORDER_SQL). Each test reads the same users through every
 * statement that pages in that order: the unfiltered pages (users_name_order_idx),
 * a search (user_search), a filter (user_search), a module's users
 * (assignment_search), the module report, and the orders by unit and by rank,
 * whose ties it breaks.
 */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { usersPageSchema } from '@airman/contracts/api.ts';
import { USER_PAGE_SIZE } from '@airman/contracts/constants.ts';
import { RANKS } from '@airman/contracts/ranks.ts';
import { assignments, users } from '#db/schema.ts';
import { adminToken, describeApi, type TestContext } from '#test/harness.ts';

const MODULE = 'ready_airman_training';

interface Person {
  id: string;
  first: string;
  last: string;
  email: string;
  unit: string;
  rank?: string;
  /** Invited, not registered: no name yet. */
  pending?: boolean;
}

/** A tag of the test's own, in every id, e-mail and unit it writes. */
const newTag = () => crypto.randomUUID().slice(0, 8);

/** The people as users, each assigned the module. */
async function insert(ctx: TestContext, people: Person[]): Promise<void> {
  const now = Date.now();
  await ctx.database.db.insert(users).values(
    people.map((p) => ({
      id: p.id,
      user_name: p.email,
      first_name: p.first,
      last_name: p.last,
      rank: p.rank ?? '',
      unit: p.unit,
      pending: p.pending ?? false,
      invite_code: p.pending ? `code-${p.id}` : null,
      active_at: p.pending ? 0 : now,
      created_at: now,
    })),
  );
  await ctx.database.db
    .insert(assignments)
    .values(people.map((p) => ({ user_id: p.id, module_id: MODULE, created_at: now })));
}

/** Every page of the list for `query`, in order: the ids, with each page's size and whether it had a cursor. */
async function walk(
  ctx: TestContext,
  token: string,
  query: Record<string, string>,
): Promise<{ ids: string[]; pages: { size: number; more: boolean }[] }> {
  const ids: string[] = [];
  const pages: { size: number; more: boolean }[] = [];
  let cursor: string | undefined;
  do {
    const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const res = await ctx.request(token, { method: 'GET', url: `/api/admin/users?${params}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = usersPageSchema.parse(res.json());
    ids.push(...page.users.map((u) => u.id));
    pages.push({ size: page.users.length, more: page.cursor !== undefined });
    cursor = page.cursor;
  } while (cursor && pages.length < 100);
  return { ids, pages };
}

/** The module report's e-mail column, in the file's order. */
async function reportEmails(ctx: TestContext, token: string): Promise<string[]> {
  const issued = await ctx.request(token, {
    method: 'POST',
    url: '/api/admin/reports/token',
    payload: { module: MODULE },
  });
  expect(issued.statusCode).toBe(200);
  const reportToken = issued.json<{ token: string }>().token;
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/users?csv=1&module=${MODULE}&token=${encodeURIComponent(reportToken)}`,
  });
  expect(res.statusCode).toBe(200);
  const lines = res.body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');
  expect(lines[0]?.split(',')[4]).toBe('Email');
  return lines.slice(1).map((l) => l.split(',')[4] ?? '');
}

/**
 * The same people in the order of every statement that lists by name: the unfiltered pages
 * (only these people kept: the list has others), a search, their unit, their module (by
 * search, and by unit alone), and the module report (by e-mail).
 */
async function everyNameOrder(ctx: TestContext, people: Person[], tag: string): Promise<Record<string, string[]>> {
  const token = await adminToken(ctx);
  const mine = new Set(people.map((p) => p.id));
  const unit = people[0]?.unit ?? '';
  const emailToId = new Map(people.map((p) => [p.email, p.id]));
  const ids = async (query: Record<string, string>) => (await walk(ctx, token, query)).ids.filter((id) => mine.has(id));
  return {
    unfiltered: await ids({}),
    search: await ids({ search: tag }),
    unit: await ids({ unit }),
    'module, searched': await ids({ module: MODULE, search: tag }),
    "module, the unit's": await ids({ module: MODULE, unit }),
    report: (await reportEmails(ctx, token)).flatMap((e) => emailToId.get(e) ?? []),
  };
}

/** The same order in every one of them. */
const inEveryOrder = (ids: string[]) => ({
  unfiltered: ids,
  search: ids,
  unit: ids,
  'module, searched': ids,
  "module, the unit's": ids,
  report: ids,
});

const byte = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
/** The name order as the spec's reader expects it (ASCII names: JavaScript lower-cases them as PostgreSQL does). */
const byName = (a: Person, b: Person) =>
  Number(a.pending ?? false) - Number(b.pending ?? false) ||
  (a.pending && b.pending ? byte(a.email, b.email) || byte(a.id, b.id) : 0) ||
  byte(a.last.toLowerCase(), b.last.toLowerCase()) ||
  byte(a.first.toLowerCase(), b.first.toLowerCase()) ||
  byte(a.email, b.email) ||
  byte(a.id, b.id);
const rankPlace = (p: Person) => {
  const i = RANKS.findIndex((r) => r.abbreviation === p.rank);
  return i === -1 ? RANKS.length + 1 : i + 1;
};

describeApi('GET admin/users: the order by name', (ctx) => {
  it('lists pending invitees after every registered user, by e-mail', async () => {
    const tag = newTag();
    const unit = `Pending ${tag}`;
    // Ids in the opposite order to the e-mails, so an order by id shows.
    const invitee = (n: number, name: string): Person => ({
      id: `${tag}-${n}`,
      first: '',
      last: '',
      email: `${name}.${tag}@example.com`,
      unit,
      pending: true,
    });
    const people = [
      invitee(1, 'zed'),
      invitee(2, 'mike'),
      invitee(3, 'bob'),
      invitee(4, 'amy'),
      { id: `${tag}-0`, first: 'Zoe', last: 'Zimmer', email: `zimmer.${tag}@example.com`, unit, rank: 'SrA' },
      { id: `${tag}-5`, first: 'Aaron', last: 'Abbott', email: `zzz.${tag}@example.com`, unit, rank: 'SrA' },
    ];
    await insert(ctx, people);
    const expected = [5, 0, 4, 3, 2, 1].map((n) => `${tag}-${n}`);
    expect(await everyNameOrder(ctx, people, tag)).toEqual(inEveryOrder(expected));
    // And as the pending filter lists them.
    const token = await adminToken(ctx);
    expect((await walk(ctx, token, { status: 'pending', search: tag })).ids).toEqual(expected.slice(2));
    // And the registered filter, the other part alone.
    expect((await walk(ctx, token, { status: 'registered', search: tag })).ids).toEqual(expected.slice(0, 2));
  });

  it('lists users of one last name by first name, then e-mail, whatever the case', async () => {
    const tag = newTag();
    const unit = `Anderson ${tag}`;
    const person = (n: number, first: string, last: string, email: string): Person => ({
      id: `${tag}-${n}`,
      first,
      last,
      email: `${email}.${tag}@example.com`,
      unit,
      rank: 'A1C',
    });
    const people = [
      person(1, 'William', 'Anderson', 'william'),
      person(2, 'Michael', 'Anderson', 'michael.b'),
      person(3, 'Robert', 'anderson', 'robert'),
      person(4, 'Joseph', 'Anderson', 'joseph'),
      person(5, 'michael', 'ANDERSON', 'michael.a'),
      // A shorter last name comes first whatever the first name, a longer one after.
      person(6, 'Zed', 'Ander', 'zed'),
      person(7, 'Aaron', 'Andersonville', 'aaron'),
    ];
    await insert(ctx, people);
    expect(await everyNameOrder(ctx, people, tag)).toEqual(
      inEveryOrder([6, 4, 5, 2, 3, 1, 7].map((n) => `${tag}-${n}`)),
    );
  });

  it('pages across page boundaries inside runs of one name, every user once and in order', async () => {
    const tag = newTag();
    const unit = `Pages ${tag}`;
    const lasts = ['Smith', 'smith', 'Smit', 'Jones'];
    const firsts = ['Ann', 'ann', 'Bo', 'Al', 'Cy'];
    // 160 users, 3 pages and more of them alone, mostly a handful of names each shared by
    // several; ids in no relation to the names or e-mails.
    const people = Array.from({ length: 160 }, (_, i): Person => {
      const pending = i % 9 === 0;
      return {
        id: `${tag}-${crypto.createHash('sha256').update(String(i)).digest('hex').slice(0, 12)}`,
        first: pending ? '' : (firsts[i % firsts.length] as string),
        last: pending ? '' : (lasts[i % lasts.length] as string),
        email: `u${(i * 37) % 160}.${tag}@example.com`,
        unit,
        pending,
      };
    });
    await insert(ctx, people);
    const expected = [...people].sort(byName).map((p) => p.id);
    expect(await everyNameOrder(ctx, people, tag)).toEqual(inEveryOrder(expected));
    // The unit's own pages: full pages while there are more, and nothing twice.
    const token = await adminToken(ctx);
    const { ids, pages } = await walk(ctx, token, { unit });
    expect(ids).toEqual(expected);
    expect(pages.map((p) => p.size)).toEqual([USER_PAGE_SIZE, USER_PAGE_SIZE, USER_PAGE_SIZE, 10]);
    expect(pages.map((p) => p.more)).toEqual([true, true, true, false]);
  });

  it('breaks the ties of the orders by unit and by rank by name', async () => {
    const tag = newTag();
    const units = [`b ${tag}`, `A ${tag}`];
    const ranks = ['SrA', 'AB', 'Capt'];
    const names: [string, string][] = [
      ['Baker', 'Zoe'],
      ['baker', 'adam'],
      ['Baker', 'Adam'],
      ['Ng', 'Li'],
      ['', ''],
    ];
    const people = Array.from({ length: 60 }, (_, i): Person => {
      const [last, first] = names[i % names.length] as [string, string];
      const pending = last === '';
      return {
        id: `${tag}-${String(59 - i).padStart(2, '0')}`,
        first,
        last,
        email: `e${(i * 7) % 60}.${tag}@example.com`,
        unit: units[i % units.length] as string,
        rank: pending ? '' : ranks[i % ranks.length],
        pending,
      };
    });
    await insert(ctx, people);
    const token = await adminToken(ctx);
    const byUnit = (a: Person, b: Person) => byte(a.unit.toLowerCase(), b.unit.toLowerCase()) || byName(a, b);
    const byRank = (a: Person, b: Person) => rankPlace(a) - rankPlace(b) || byName(a, b);
    const ordered = (order: (a: Person, b: Person) => number, keep: (p: Person) => boolean = () => true) =>
      people
        .filter(keep)
        .sort(order)
        .map((p) => p.id);
    const ids = async (query: Record<string, string>) => (await walk(ctx, token, query)).ids;
    expect({
      unit: await ids({ search: tag, sort: 'unit' }),
      rank: await ids({ search: tag, sort: 'rank' }),
      "a unit's, by rank": await ids({ unit: units[0] as string, sort: 'rank' }),
    }).toEqual({
      unit: ordered(byUnit),
      rank: ordered(byRank),
      "a unit's, by rank": ordered(byRank, (p) => p.unit === units[0]),
    });
  });
});
