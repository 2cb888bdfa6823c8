/**
 * A write route that takes an Idempotency-Key makes its writes in its keyedTransaction: one
 * that answers 2xx without having opened it is caught, with a key or without (so any test that
 * calls it fails), by a 500 in the tests' setting and an error in the log in production's.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '#test/databases.ts';
import { transaction, type Database, type Db } from '#db/database.ts';
import {
  answerWithoutWrite,
  keyedTransaction,
  registerIdempotency,
  UNKEYED_WRITE,
  type UnkeyedWrite,
} from './idempotency.ts';

/** The row a write makes: one more in a table of the test's own. */
const write = (tx: Db) => tx.execute(sql`INSERT INTO keyed_test_writes DEFAULT VALUES`);

async function appWith(database: Database, unkeyedWrite: UnkeyedWrite, logged: string[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } });
  registerIdempotency(app, database, { unkeyedWrite });
  const config = { idempotency: 'replay' as const };
  app.post('/keyed', { config }, async (request) => {
    await keyedTransaction(request, database.db, write);
    return { done: true };
  });
  // The mistake: a write of its own, outside the route's keyedTransaction.
  app.post('/forgetful', { config }, async () => {
    await transaction(database.db, write);
    return { done: true };
  });
  app.post('/dry-run', { config }, async (request) => {
    answerWithoutWrite(request);
    return { done: true };
  });
  app.post('/ignoring', { config: { idempotency: 'ignore' } }, async () => {
    await transaction(database.db, write);
    return { done: true };
  });
  await app.ready();
  return app;
}

for (const target of databaseTargets) {
  describe(`a keyed write route without its keyedTransaction [${target.name}]`, () => {
    let database: Database;
    let dispose: () => Promise<void>;
    const logged: string[] = [];
    let strict: FastifyInstance;
    let lenient: FastifyInstance;

    beforeAll(async () => {
      ({ database, dispose } = await target.open());
      await database.query('CREATE TABLE keyed_test_writes (id serial PRIMARY KEY)');
      strict = await appWith(database, 'fail', logged);
      lenient = await appWith(database, 'log', logged);
    });

    afterAll(async () => {
      await strict?.close();
      await lenient?.close();
      await dispose?.();
    });

    const post = (app: FastifyInstance, url: string, key?: string) =>
      app.inject({ method: 'POST', url, headers: key ? { 'idempotency-key': key } : {} });

    it('fails the request in the tests’ setting, sent with a key or without', async () => {
      for (const key of [undefined, `forgetful-${Date.now()}`]) {
        const res = await post(strict, '/forgetful', key);
        expect([res.statusCode, res.json()]).toEqual([500, { message: UNKEYED_WRITE }]);
      }
    });

    it('logs an error and sends the answer in production’s', async () => {
      logged.length = 0;
      const res = await post(lenient, '/forgetful');
      expect([res.statusCode, res.json()]).toEqual([200, { done: true }]);
      expect(logged.map((line) => (JSON.parse(line) as { msg: string; route: string }).msg)).toEqual([UNKEYED_WRITE]);
      expect(logged[0]).toContain('POST /forgetful');
    });

    it('lets a route that opens its keyedTransaction, says it writes nothing, or ignores the key answer', async () => {
      logged.length = 0;
      for (const url of ['/keyed', '/dry-run', '/ignoring']) {
        for (const key of [undefined, `${url}-${Date.now()}`]) {
          const res = await post(strict, url, key);
          expect([url, res.statusCode]).toEqual([url, 200]);
        }
      }
      expect(logged).toEqual([]);
    });

    it('marks the key committed in the keyedTransaction, with the write', async () => {
      const key = `marked-${Date.now()}`;
      expect((await post(strict, '/keyed', key)).statusCode).toBe(200);
      const [row] = await database.query<{ committed_at: number; status: number }>(
        'SELECT committed_at, status FROM idempotency_keys WHERE key = $1',
        [key],
      );
      expect(row?.committed_at).toBeGreaterThan(0);
      expect(row?.status).toBe(200);
    });
  });
}
