/**
 * A server on a PostgreSQL database reached through a loopback TCP relay that a
 * test can cut: the database out of reach, or connections reset under load (a
 * network blip, a failover, a proxy restart).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { seed } from '../src/seed/seed.ts';
import { freePort } from './free-port.ts';
import { TEST_JWT_SECRET, TEST_PASSWORD } from './harness.ts';

export type PgRelay = ReturnType<typeof pgRelay>;

/**
 * A relay from a loopback port to PostgreSQL. Its sockets can be reset at once (`cut`), each
 * connection at the moment the app sends a given statement (`cutOn`) or once the server has
 * answered one (`loseReplyTo`); `stop` drops every connection and refuses new ones until `open`.
 */
export function pgRelay(port: number, target: URL) {
  const sockets = new Set<net.Socket>();
  let tripwires: Buffer[] = [];
  let loseReplyTo: Buffer | undefined;
  let server: net.Server | undefined;
  const connect = (client: net.Socket) => {
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
      if (tripwires.some((t) => chunk.includes(t))) return reset();
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
  };
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    open: () =>
      new Promise<void>((resolve) => {
        server = net.createServer(connect);
        server.listen(port, '127.0.0.1', resolve);
      }),
    /** Every connection dropped, new ones refused: the database is out of reach until `open`. */
    stop: () =>
      new Promise<void>((resolve) => {
        dropAll();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
    /** Resets every relayed socket; returns how many there were. The relay keeps accepting new ones. */
    cut(): number {
      const n = sockets.size;
      for (const s of sockets) s.resetAndDestroy();
      return n;
    },
    /** From now on, a connection is reset when the app sends one of these texts (a statement), before it arrives. */
    cutOn(...texts: string[]) {
      tripwires = texts.map((text) => Buffer.from(text));
    },
    /** From now on, a connection is reset when the server answers this text: it was carried out, its answer is lost. */
    loseReplyTo(text: string | undefined) {
      loseReplyTo = text === undefined ? undefined : Buffer.from(text);
    },
  };
}

export interface AppBehindRelay {
  app: FastifyInstance;
  database: Database;
  link: PgRelay;
  /** The seeded administrator's token. */
  token: string;
  close(): Promise<void>;
}

/**
 * A fresh database on the PostgreSQL server at `url`, seeded, and the app on it through a relay.
 * `close` stops the app and the relay and drops the database.
 */
export async function appBehindRelay(url: string): Promise<AppBehindRelay> {
  const name = `test_${Date.now()}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const target = new URL(url);
  const port = await freePort();
  const link = pgRelay(port, target);
  await link.open();
  const through = new URL(target);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  through.pathname = `/${name}`;
  const database = await openDatabase({ url: through.toString() });
  await seed(database.db, {
    adminEmail: 'admin@example.com',
    adminPassword: TEST_PASSWORD,
    announce: () => undefined,
    log: { info: () => undefined } as never,
  });
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-')) });
  const app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, unkeyedWrite: 'fail' });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
  });
  const token = (login.json() as { auth: string }).auth;
  return {
    app,
    database,
    link,
    token,
    close: async () => {
      await app.close();
      await database.close();
      await link.stop();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
