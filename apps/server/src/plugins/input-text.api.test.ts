import fc from 'fast-check';
import { expect, it } from 'vitest';
import { FORBIDDEN_TEXT_MESSAGE } from '@airman/contracts/text.ts';
import { describeApi, type TestContext, type TestUser } from '#test/harness.ts';
import type { RouteAccess } from './auth.ts';

const FORBIDDEN = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'];

/** A string holding one forbidden character between printable ASCII (which cannot pair with it). */
const badText = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...FORBIDDEN), fc.string({ maxLength: 6 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);

/** Puts `bad` somewhere inside a JSON value: as a value or as a key, at any depth reached by `steps`. */
function plant(value: unknown, bad: string, steps: number[], asKey: boolean): unknown {
  if (steps.length === 0 || value === null || typeof value !== 'object')
    return asKey ? { [bad]: value ?? 1 } : { field: bad, inner: value };
  const [step, ...rest] = steps as [number, ...number[]];
  if (Array.isArray(value)) {
    if (value.length === 0) return [bad];
    const copy = [...value];
    copy[step % copy.length] = plant(copy[step % copy.length], bad, rest, asKey);
    return copy;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return asKey ? { [bad]: 1 } : { name: bad };
  const key = keys[step % keys.length] as string;
  return { ...value, [key]: plant((value as Record<string, unknown>)[key], bad, rest, asKey) };
}

const poisonedBody = fc
  .tuple(fc.jsonValue({ maxDepth: 3 }), badText, fc.array(fc.nat(5), { maxLength: 4 }), fc.boolean())
  .map(([value, bad, steps, asKey]) => plant(value, bad, steps, asKey));

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';

/** The query dump() reads every table with, per database: its tables do not change. */
const dumpQueries = new WeakMap<TestContext['database'], Promise<string>>();

async function dumpQuery(ctx: TestContext): Promise<string> {
  const tables = await ctx.database.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  return tables
    .map(
      ({ name }, i) =>
        `SELECT ${i} AS i, '${name}: ' || coalesce((SELECT string_agg(r, E'\\n' ORDER BY r COLLATE "C") FROM (SELECT row_to_json(t)::text AS r FROM "${name}" t) rows), '') AS part`,
    )
    .join(' UNION ALL ')
    .concat(' ORDER BY i');
}

/** Every table's rows, as one comparable text, read in one query (a third of the CPU of one a table). */
async function dump(ctx: TestContext): Promise<string> {
  let query = dumpQueries.get(ctx.database);
  if (!query) dumpQueries.set(ctx.database, (query = dumpQuery(ctx)));
  const rows = await ctx.database.query<{ part: string }>(await query);
  return rows.map((r) => r.part).join('\n');
}

function path(route: RouteAccess, param: string): string {
  return route.url.replace(/:[a-z_]+/gi, param);
}

describeApi('no field takes text that cannot be stored', (ctx) => {
  let admin: TestUser;
  // Routes an admin may call, but logging out (it would end the admin's session for the rest of the run).
  const routes = () => ctx.app.routeAccess().filter((r) => r.method !== 'HEAD' && !r.url.includes('logout'));

  it('refuses NUL and unpaired surrogates in any body, naming the field, and changes nothing', async () => {
    admin = await ctx.createUser({ role: 'admin' });
    const before = await dump(ctx);
    const wrong: string[] = [];
    for (const route of routes().filter((r) => hasBody(r.method))) {
      await fc.assert(
        fc.asyncProperty(poisonedBody, async (body) => {
          const res = await ctx.request(admin.token, {
            method: route.method as 'POST',
            url: path(route, 'x'),
            payload: body as object,
          });
          const message = (res.json() as { message?: string }).message ?? '';
          // A body with a '__proto__' key (or constructor.prototype) is refused by the JSON parser first.
          const prototypeKey =
            /"__proto__"|"prototype"/.test(JSON.stringify(body)) && message.startsWith('Body is not valid JSON');
          if (res.statusCode !== 400 || !(message.endsWith(`: ${FORBIDDEN_TEXT_MESSAGE}`) || prototypeKey)) {
            wrong.push(`${route.method} ${route.url} ${JSON.stringify(body)} → ${res.statusCode} ${message}`);
          }
        }),
        { numRuns: 25 },
      );
    }
    expect(wrong).toEqual([]);
    expect(await dump(ctx)).toBe(before);
  });

  it('refuses them in path parameters and the query', async () => {
    const wrong: string[] = [];
    for (const route of routes()) {
      for (const url of [`${path(route, 'x')}?q=a%00b`, ...(route.url.includes(':') ? [path(route, 'a%00b')] : [])]) {
        const res = await ctx.request(admin.token, {
          method: route.method as 'GET',
          url,
          payload: hasBody(route.method) ? {} : undefined,
        });
        if (res.statusCode !== 400) wrong.push(`${route.method} ${url} → ${res.statusCode}`);
      }
      if (route.url.includes(':')) {
        // An unpaired surrogate has no UTF-8 form: its WTF-8 bytes cannot be decoded at all.
        const res = await ctx.request(admin.token, {
          method: route.method as 'GET',
          url: path(route, '%ED%A0%80'),
          payload: hasBody(route.method) ? {} : undefined,
        });
        if (res.statusCode !== 400) wrong.push(`${route.method} ${path(route, '%ED%A0%80')} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers any JSON with a 4xx or a success, never a 5xx, and a refused request changes nothing', async () => {
    const wrong: string[] = [];
    // The rows after a refused request, which the next request starts from (the next is sent at
    // once); after a success, read again.
    let unchanged: string | undefined;
    for (const route of routes()) {
      await fc.assert(
        fc.asyncProperty(
          fc.jsonValue({ maxDepth: 4 }),
          fc.constantFrom('x', '00000000-0000-4000-8000-000000000000', '%20', '..'),
          async (body, param) => {
            const before = unchanged ?? (await dump(ctx));
            unchanged = undefined;
            const res = await ctx.request(admin.token, {
              method: route.method as 'POST',
              url: path(route, param),
              ...(hasBody(route.method)
                ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
                : {}),
            });
            if (res.statusCode >= 500)
              wrong.push(`${route.method} ${route.url} ${JSON.stringify(body)} → ${res.statusCode}`);
            if (res.statusCode >= 400) {
              const after = await dump(ctx);
              if (after !== before) wrong.push(`${route.method} ${route.url} ${JSON.stringify(body)} changed data`);
              unchanged = after;
            }
          },
        ),
        { numRuns: 8 },
      );
    }
    expect(wrong).toEqual([]);
    // Eight requests and up to sixteen reads of every table per route: about 800 requests, which on
    // a busy machine take longer than the project's 30 s.
  }, 120_000);

  it('refuses bodies over the limit and survives deep nesting', async () => {
    const huge = await ctx.request(admin.token, {
      method: 'PUT',
      url: '/api/admin/invite',
      payload: { emails: ['a'.repeat(2 * 1024 * 1024)] },
    });
    expect(huge.statusCode).toBe(413);
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const nested = await ctx.request(admin.token, {
      method: 'PUT',
      url: '/api/admin/invite',
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.statusCode).toBe(400);
    const ok = await ctx.request(admin.token, { method: 'GET', url: '/api/session' });
    expect(ok.statusCode).toBe(200);
  });
});
