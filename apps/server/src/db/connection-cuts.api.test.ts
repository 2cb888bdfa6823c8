/**
 * PostgreSQL's connections cut abruptly under load (a network blip, a failover,
 * a proxy restart): the server sits behind a loopback TCP relay whose sockets
 * the test resets, with writes and reads in flight. The process must live on,
 * the requests that lost their connection answer 503 with Retry-After, and the
 * pool reconnects by itself.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seed } from '../seed/seed.ts';
import { TEST_JWT_SECRET, TEST_PASSWORD } from '../../test/harness.ts';
import { freePort } from '../../test/free-port.ts';
import { openDatabase, type Database } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * A relay from a loopback port to PostgreSQL whose open sockets can be reset (RST) at once, or
 * each connection at the moment the app sends a given statement, or once the server has answered it.
 */
function relay(port: number, target: URL) {
  const sockets = new Set<net.Socket>();
  let tripwire: Buffer | undefined;
  let loseReplyTo: Buffer | undefined;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    const reset = () => {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    };
    let replyLost = false;
    client.on('data', (chunk: Buffer) => {
      if (tripwire && chunk.includes(tripwire)) return reset();
      if (loseReplyTo && chunk.includes(loseReplyTo)) replyLost = true;
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('data', (chunk: Buffer) => {
      if (replyLost) return reset();
      if (!client.write(chunk)) upstream.pause();
    });
    upstream.on('drain', () => client.resume());
    client.on('drain', () => upstream.resume());
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  return {
    /** From now on, a connection is reset when the app sends this text (a statement), before it arrives. */
    cutOn(text: string | undefined) {
      tripwire = text === undefined ? undefined : Buffer.from(text);
    },
    /** From now on, a connection is reset when the server answers this text: it was carried out, its answer is lost. */
    loseReplyTo(text: string | undefined) {
      loseReplyTo = text === undefined ? undefined : Buffer.from(text);
    },
    open: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    /** Resets every relayed socket; returns how many there were. The relay keeps accepting new ones. */
    cut(): number {
      const n = sockets.size;
      for (const s of sockets) s.resetAndDestroy();
      return n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// The embedded database runs inside this process: it has no connection that could be cut.
describe.skipIf(!url)('PostgreSQL connections cut under load [postgres only: PGlite has no connection]', () => {
  const name = `test_${Date.now()}_${crypto.randomBytes(4).toString('hex')}`;
  let app: FastifyInstance;
  let database: Database;
  let link: ReturnType<typeof relay>;
  let token = '';
  const crashes: unknown[] = [];
  const onCrash = (err: unknown) => crashes.push(err);

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
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
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await app?.close();
    await database?.close();
    await link?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  let invites = 0;
  /** A write in a transaction: one new address invited. */
  const invite = (emails = [`cut-${invites++}@example.com`], headers: Record<string, string> = {}) =>
    app.inject({
      method: 'PUT',
      url: '/api/admin/invite',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: { emails },
    });
  const read = () => app.inject({ method: 'GET', url: '/api/modules', headers: { authorization: `Bearer ${token}` } });

  it('lives on: cut requests answer 503 with Retry-After and the pool recovers within 2 s', async () => {
    const answers: LightMyRequestResponse[] = [];
    let running = true;
    const worker = async (call: () => Promise<LightMyRequestResponse>) => {
      while (running) answers.push(await call());
    };
    const workers = [...Array.from({ length: 4 }, () => worker(() => invite())), worker(read)];

    const recoveries: number[] = [];
    for (let round = 0; round < 5; round++) {
      // Let the load reach the database, then reset every connection at once.
      const before = answers.length;
      while (answers.length < before + 10) await new Promise((resolve) => setImmediate(resolve));
      expect(link.cut()).toBeGreaterThan(0);
      const cutAt = performance.now();
      // A new write after the cut is served by a new connection.
      let after = await invite();
      while (after.statusCode !== 200 && performance.now() - cutAt < 2000) after = await invite();
      expect(after.statusCode).toBe(200);
      recoveries.push(performance.now() - cutAt);
    }
    running = false;
    await Promise.all(workers);

    expect(crashes).toEqual([]);
    const failed = answers.filter((a) => a.statusCode !== 200);
    expect(failed.length).toBeGreaterThan(0);
    for (const a of failed) expect([a.statusCode, a.headers['retry-after']]).toEqual([503, '5']);
    expect(Math.max(...recoveries), `recovery times ${recoveries.map(Math.round).join(', ')} ms`).toBeLessThan(2000);
  });

  it('gives back the connection of a transaction whose BEGIN is cut, so the pool never runs dry', async () => {
    // More cut transactions than the pool has connections (10): each one kept would be lost for good.
    link.cutOn('begin');
    try {
      for (let i = 0; i < 12; i++) {
        const cut = await invite();
        expect([cut.statusCode, cut.headers['retry-after']]).toEqual([503, '5']);
      }
    } finally {
      link.cutOn(undefined);
    }
    const started = performance.now();
    expect((await invite()).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(crashes).toEqual([]);
  });

  it('answers the retry of a write that committed although its answer was lost with that answer', async () => {
    const email = 'lost-answer@example.com';
    const key = { 'idempotency-key': '"lost-answer"' };
    // The COMMIT reaches PostgreSQL and is carried out; its reply does not come back.
    link.loseReplyTo('commit\0');
    let lost;
    try {
      lost = await invite([email], key);
    } finally {
      link.loseReplyTo(undefined);
    }
    expect([lost.statusCode, lost.headers['retry-after']]).toEqual([503, '5']);
    const retry = await invite([email], key);
    expect([retry.statusCode, retry.json()]).toEqual([
      200,
      { invited: [email], existing: [], not_emailed: [], refused: [], queued: [email] },
    ]);
    expect(crashes).toEqual([]);
  });
});
