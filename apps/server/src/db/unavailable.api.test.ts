/**
 * PostgreSQL out of reach: the server is put behind a loopback TCP relay that
 * the test cuts (every connection dropped, new ones refused) and restores.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seed } from '../seed/seed.ts';
import { TEST_JWT_SECRET, TEST_PASSWORD } from '../../test/harness.ts';
import { freePort } from '../../test/free-port.ts';
import { openDatabase, type Database } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

/** A relay from a loopback port to the PostgreSQL server that can be cut and restored. */
function relay(port: number, target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  return { open, cut };
}

describe.skipIf(!url)('the database out of reach [postgres]', () => {
  const name = `test_${Date.now()}_${crypto.randomBytes(4).toString('hex')}`;
  let app: FastifyInstance;
  let database: Database;
  let link: ReturnType<typeof relay>;
  let token = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const port = await freePort();
    const target = new URL(url as string);
    link = relay(port, target);
    await link.open();
    const through = new URL(target);
    through.hostname = '127.0.0.1';
    through.port = String(port);
    through.pathname = `/${name}`;
    database = await openDatabase({ url: through.toString() });
    await seed(database.db, {
      adminEmail: 'admin@example.com',
      adminPassword: TEST_PASSWORD,
      announce: () => undefined,
      log: { info: () => undefined } as never,
    });
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-')) });
    app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
    });
    token = (login.json() as { auth: string }).auth;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  const modules = () =>
    app.inject({ method: 'GET', url: '/api/modules', headers: { authorization: `Bearer ${token}` } });

  it('answers 503 with Retry-After while PostgreSQL cannot be reached, then recovers by itself losing nothing', async () => {
    const before = await modules();
    expect(before.statusCode).toBe(200);

    await link.cut();
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

    await link.open();
    const after = await modules();
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(before.body);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
