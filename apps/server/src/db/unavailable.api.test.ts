/**
 * PostgreSQL out of reach: the server is put behind a loopback TCP relay that
 * the test cuts (every connection dropped, new ones refused) and restores.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '#test/harness.ts';
import { appBehindRelay, type AppBehindRelay } from '#test/pg-relay.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the database out of reach [postgres]', () => {
  let behind: AppBehindRelay;
  let app: FastifyInstance;
  let token = '';

  beforeAll(async () => {
    behind = await appBehindRelay(url as string);
    ({ app, token } = behind);
  });

  afterAll(() => behind?.close());

  const modules = () =>
    app.inject({ method: 'GET', url: '/api/modules', headers: { authorization: `Bearer ${token}` } });

  it('answers 503 with Retry-After while PostgreSQL cannot be reached, then recovers by itself losing nothing', async () => {
    const before = await modules();
    expect(before.statusCode).toBe(200);

    await behind.link.stop();
    const down = await Promise.all([
      modules(),
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
      }),
      app.inject({
        method: 'PUT',
        url: '/api/admin/invite',
        headers: { authorization: `Bearer ${token}` },
        payload: { emails: ['new@example.com'] },
      }),
    ]);
    expect(down.map((r) => [r.statusCode, r.headers['retry-after']])).toEqual([
      [503, '5'],
      [503, '5'],
      [503, '5'],
    ]);
    expect(down[0]?.json()).toEqual({ message: 'The service is briefly unavailable. Try again in a few seconds.' });
    // Alive, but not ready: a load balancer sends its requests elsewhere.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const notReady = await app.inject({ method: 'GET', url: '/api/ready' });
    expect([notReady.statusCode, notReady.json()]).toEqual([503, { ok: false, database: false, migrations: false }]);

    await behind.link.open();
    const after = await modules();
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(before.body);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
