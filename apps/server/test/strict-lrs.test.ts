import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStrictLrs, type StrictLrs } from './strict-lrs.ts';

const KEY = 'key';
const SECRET = 'secret';
const AUTH = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;

let lrs: StrictLrs;
let server: http.Server;
let base: string;

beforeAll(async () => {
  lrs = createStrictLrs({ key: KEY, secret: SECRET });
  server = http.createServer(lrs.handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/xAPI`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function statement(id = crypto.randomUUID(), raw = 5) {
  return {
    id,
    actor: { objectType: 'Agent', account: { homePage: 'https://train.example.mil', name: 'u-1' } },
    verb: { id: 'http://adlnet.gov/expapi/verbs/passed', display: { 'en-US': 'passed' } },
    object: { objectType: 'Activity', id: 'https://train.example.mil/xapi/modules/m-1' },
    result: { score: { raw, min: 0, max: 10, scaled: raw / 10 } },
    timestamp: '2026-03-01T10:00:00.000Z',
  };
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; version: string | null; json: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'X-Experience-API-Version': '1.0.3',
      Authorization: AUTH,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    version: res.headers.get('x-experience-api-version'),
    json: text ? JSON.parse(text) : null,
  };
}

const message = (json: unknown) => (json as { message: string }).message;
const held = (id: string) => lrs.statements().filter((s) => s.id === id).length;

describe('the strict LRS', () => {
  it('wants X-Experience-API-Version 1.0.x and its credentials', async () => {
    const s = statement();
    const noVersion = await call('POST', '/statements', s, { 'X-Experience-API-Version': '' });
    expect([noVersion.status, message(noVersion.json)]).toEqual([400, 'X-Experience-API-Version must be 1.0.x']);
    expect((await call('POST', '/statements', s, { 'X-Experience-API-Version': '2.0.0' })).status).toBe(400);
    const wrongKey = await call('POST', '/statements', s, {
      Authorization: `Basic ${Buffer.from('key:wrong').toString('base64')}`,
    });
    expect([wrongKey.status, wrongKey.version]).toEqual([401, '1.0.3']);
    expect(held(s.id)).toBe(0);
    expect((await call('GET', '/about')).json).toEqual({ version: ['1.0.3'] });
  });

  it('stores a statement PUT under its id once, and answers 409 to another under that id', async () => {
    const s = statement();
    expect((await call('PUT', `/statements?statementId=${s.id}`, s)).status).toBe(204);
    expect((await call('PUT', `/statements?statementId=${s.id}`, s)).status).toBe(204);
    expect(held(s.id)).toBe(1);
    const other = await call('PUT', `/statements?statementId=${s.id}`, statement(s.id, 6));
    expect([other.status, message(other.json)]).toEqual([409, `Statement ${s.id} is held with other content`]);
    const got = await call('GET', `/statements?statementId=${s.id}`);
    expect(got.json).toMatchObject({ ...s, version: '1.0.3', authority: { account: { name: KEY } } });
    expect((await call('PUT', `/statements?statementId=${crypto.randomUUID()}`, s)).status).toBe(400);
    expect((await call('PUT', '/statements?statementId=nope', s)).status).toBe(400);
    expect((await call('PUT', `/statements?statementId=${s.id}`, [s])).status).toBe(400);
  });

  it('stores a batch whole or not at all', async () => {
    const [a, b, c] = [statement(), statement(), statement()];
    const ok = await call('POST', '/statements', [a, b]);
    expect([ok.status, ok.json]).toEqual([200, [a.id, b.id]]);
    // The same batch again: taken, nothing stored twice.
    expect((await call('POST', '/statements', [a, b])).status).toBe(200);
    expect([held(a.id), held(b.id)]).toEqual([1, 1]);

    const invalid = { ...statement(), result: { score: { raw: 11, min: 0, max: 10 } } };
    const refused = await call('POST', '/statements', [c, invalid]);
    expect([refused.status, message(refused.json)]).toEqual([
      400,
      'Invalid statement: statements[1].result.score.raw: must not be above max',
    ]);
    const conflict = await call('POST', '/statements', [c, statement(a.id, 9)]);
    expect(conflict.status).toBe(409);
    const twice = await call('POST', '/statements', [c, c]);
    expect([twice.status, message(twice.json)]).toEqual([400, 'The same statement id twice in one request']);
    expect(held(c.id)).toBe(0);
    expect((await call('POST', '/statements', '{"id":')).status).toBe(400);
    expect((await call('POST', '/statements', c, { 'Content-Type': 'text/plain' })).status).toBe(400);
    expect((await call('POST', `/statements?statementId=${c.id}`, c)).status).toBe(400);

    const { id: _id, ...withoutId } = statement();
    const given = await call('POST', '/statements', withoutId);
    expect(given.status).toBe(200);
    const [newId] = given.json as string[];
    expect(held(newId ?? '')).toBe(1);
  });

  it('lists what it stores, newest first, a page at a time', async () => {
    const mine = [statement(), statement(), statement()];
    for (const s of mine) expect((await call('POST', '/statements', s)).status).toBe(200);
    const total = lrs.statements().length;
    const seen: string[] = [];
    let path: string | undefined = '/statements?limit=2';
    while (path) {
      const page = (await call('GET', path)).json as { statements: { id: string }[]; more: string };
      expect(page.statements.length).toBeLessThanOrEqual(2);
      seen.push(...page.statements.map((s) => s.id));
      path = page.more ? page.more.replace('/xAPI', '') : undefined;
    }
    expect(seen.length).toBe(total);
    expect(seen.slice(0, 3)).toEqual(mine.map((s) => s.id).reverse());
    expect((await call('GET', `/statements?statementId=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call('GET', '/statements?limit=-1')).status).toBe(400);
    expect((await call('DELETE', '/statements')).status).toBe(405);
  });
});
