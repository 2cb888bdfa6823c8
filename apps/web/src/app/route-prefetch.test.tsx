import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { loader as adminLoader } from './routes/admin.tsx';
import { loader as trainingListLoader } from './routes/game.loader.ts';
import { makeModule, makeUser } from '#testing/fixtures.ts';
import { makeRecord } from '#testing/record.ts';
import { recordRequests } from '#testing/requests.ts';
import { server } from '#testing/server.ts';
import { getJson, prefetchJson } from '#lib/api-client.ts';
import { queryClient } from '#lib/query-client.ts';
import { sessionWillShow } from '#lib/route-prefetch.ts';
import { TOKEN_STORAGE_KEY, writeToken } from '#lib/token-store.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenOf = (role: string, exp = Date.now() / 1000 + 3600) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ user_id: 'u1', user_role: role, exp })}.signature`;
/** A loader's arguments at `url` (the loaders read its search parameters only). */
const at = (url: string) => ({ url: new URL(url, window.location.href) });

/** The n-th answer of a call: a list of n modules. */
const answer = (n: number) => Array.from({ length: n }, (_, i) => makeModule({ id: `m${i}` }));

afterEach(() => {
  queryClient.clear();
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
});

describe('what a page asks for beside its code', () => {
  it('is asked for a valid token only, and for the administration pages an administrator’s', () => {
    expect(sessionWillShow(false)).toBe(false);
    localStorage.setItem(TOKEN_STORAGE_KEY, tokenOf('user', Date.now() / 1000 - 1));
    expect(sessionWillShow(false)).toBe(false);
    writeToken(tokenOf('user'));
    expect([sessionWillShow(false), sessionWillShow(true)]).toEqual([true, false]);
    for (const role of ['admin', 'unit_admin']) {
      writeToken(tokenOf(role));
      expect(sessionWillShow(true), role).toBe(true);
    }
  });

  it("hands an answer asked for ahead to the page's first call of that path, once", async () => {
    writeToken(tokenOf('user'));
    let answered = 0;
    server.use(http.get('/api/modules', () => HttpResponse.json(answer(++answered))));
    prefetchJson('modules');
    prefetchJson('modules');
    expect(await getJson('modules')).toEqual(answer(1));
    expect(await getJson('modules')).toEqual(answer(2));
    expect(answered).toBe(2);
  });

  it("asks again when the answer ahead was another session's", async () => {
    writeToken(tokenOf('user'));
    let answered = 0;
    server.use(http.get('/api/modules', () => HttpResponse.json(answer(++answered))));
    prefetchJson('modules');
    writeToken(tokenOf('admin'));
    expect(await getJson('modules')).toEqual(answer(2));
  });

  it("asks for the trainee's list, record and game bundle as /'s code loads", async () => {
    writeToken(tokenOf('user'));
    const sent = recordRequests();
    server.use(
      http.get('/api/game/assignments', () => HttpResponse.json([])),
      http.get('/api/self/record', () => HttpResponse.json(makeRecord([]))),
    );
    expect(trainingListLoader()).toBeNull();
    await expect.poll(() => sent.map((r) => r.path).sort()).toEqual(['/api/game/assignments', '/api/self/record']);
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="fetch"]');
    expect(preload?.getAttribute('href')).toBe('/game/game.js');
    expect(preload?.crossOrigin).toBe('anonymous');
    // The game's own first calls take those answers.
    expect(await getJson('self/record')).toEqual(makeRecord([]));
    expect(sent).toHaveLength(2);
  });

  it("asks for the users list of the link's filters, the modules and the units, for an administrator only", async () => {
    const sent = recordRequests();
    server.use(
      http.get('/api/admin/users', () => HttpResponse.json({ count: 1, users: [makeUser()] })),
      http.get('/api/modules', () => HttpResponse.json([])),
      http.get('/api/admin/units', () => HttpResponse.json({ units: [] })),
    );
    writeToken(tokenOf('user'));
    expect(adminLoader(at('/admin?role=user'))).toBeNull();
    writeToken(tokenOf('admin'));
    expect(adminLoader(at('/admin?role=user&status=bogus'))).toBeNull();
    await expect
      .poll(() => sent.map((r) => r.path).sort())
      .toEqual(['/api/admin/units', '/api/admin/users?role=user', '/api/modules']);
  });
});
