/**
 * PostgreSQL's connections cut abruptly under load (a network blip, a failover,
 * a proxy restart): the server sits behind a loopback TCP relay whose sockets
 * the test resets, with writes and reads in flight. The process must live on,
 * the requests that lost their connection answer 503 with Retry-After, and the
 * pool reconnects by itself.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GAME_RECORD } from '@airman/contracts/module.ts';
import { HTTP_TIMEOUT_MS } from '@airman/contracts/constants.ts';
import { appBehindRelay, type AppBehindRelay, type PgRelay } from '#test/pg-relay.ts';

const url = process.env.TEST_DATABASE_URL;

// The embedded database runs inside this process: it has no connection that could be cut.
describe.skipIf(!url)('PostgreSQL connections cut under load [postgres only: PGlite has no connection]', () => {
  let behind: AppBehindRelay;
  let app: FastifyInstance;
  let link: PgRelay;
  let token = '';
  const crashes: unknown[] = [];
  const onCrash = (err: unknown) => crashes.push(err);

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    behind = await appBehindRelay(url as string);
    ({ app, link, token } = behind);
  });

  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await behind?.close();
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

  // The 2 s recovery target is timed by the chaos run (scripts/chaos, recover_p99_ms) on a machine
  // doing nothing else; here, at the lowest CPU priority beside the e2e suite, the pool must
  // recover within the web client's timeout.
  it('lives on: cut requests answer 503 with Retry-After and the pool recovers', async () => {
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
      while (after.statusCode !== 200 && performance.now() - cutAt < HTTP_TIMEOUT_MS) after = await invite();
      expect(after.statusCode).toBe(200);
      recoveries.push(performance.now() - cutAt);
    }
    running = false;
    await Promise.all(workers);

    expect(crashes).toEqual([]);
    const failed = answers.filter((a) => a.statusCode !== 200);
    expect(failed.length).toBeGreaterThan(0);
    for (const a of failed) expect([a.statusCode, a.headers['retry-after']]).toEqual([503, '5']);
    expect(Math.max(...recoveries), `recovery times ${recoveries.map(Math.round).join(', ')} ms`).toBeLessThan(
      HTTP_TIMEOUT_MS,
    );
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
      link.cutOn();
    }
    const started = performance.now();
    expect((await invite()).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(HTTP_TIMEOUT_MS);
    expect(crashes).toEqual([]);
  });

  /** The number of stored modules with this title. */
  const modulesTitled = async (title: string) =>
    (
      await behind.database.query<{ n: number }>('SELECT count(*)::int AS n FROM modules WHERE game_title = $1', [
        title,
      ])
    )[0]?.n;
  /** A write of one statement: a new module. */
  const createModule = (title: string, key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/modules',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: { ...DEFAULT_GAME_RECORD, id: '', game_title: title },
    });
  /** Sends a request again while the server asks to wait (409 with Retry-After), as the web client does, for 2 s. */
  const retried = async (send: () => Promise<LightMyRequestResponse>) => {
    const started = performance.now();
    let answer = await send();
    while (answer.statusCode === 409 && answer.headers['retry-after'] && performance.now() - started < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await send();
    }
    return answer;
  };

  it('answers a write whose COMMIT reply was lost as done, once, when the COMMIT landed', async () => {
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
    // Looked up on another connection: it landed, so the invite is answered as it was done.
    expect(lost.statusCode).toBe(200);
    expect(lost.json()).toMatchObject({ invited: [email], existing: [] });
    const retry = await invite([email], key);
    expect([retry.statusCode, retry.json()]).toEqual([200, lost.json()]);
    expect(crashes).toEqual([]);
  });

  it('does a one-statement write once when its reply is lost and it is sent again', async () => {
    const title = 'Cut single-statement write';
    // The INSERT is carried out; its reply does not come back.
    link.loseReplyTo('insert into "modules"');
    let lost;
    try {
      lost = await createModule(title, '"one-statement"');
    } finally {
      link.loseReplyTo(undefined);
    }
    expect([lost.statusCode, lost.headers['retry-after']]).toEqual([503, '5']);
    const retry = await retried(() => createModule(title, '"one-statement"'));
    expect(retry.statusCode).toBe(201);
    expect(await modulesTitled(title)).toBe(1);
    expect(crashes).toEqual([]);
  });

  it('lets a write be sent again at once when the reply to its claim of the key was lost', async () => {
    const title = 'Cut claim';
    // The key's claim is stored; its reply does not come back, so the request fails before its write.
    link.loseReplyTo('INSERT INTO idempotency_keys');
    let lost;
    try {
      lost = await createModule(title, '"lost-claim"');
    } finally {
      link.loseReplyTo(undefined);
    }
    expect([lost.statusCode, lost.headers['retry-after']]).toEqual([503, '5']);
    const retry = await retried(() => createModule(title, '"lost-claim"'));
    expect(retry.statusCode).toBe(201);
    expect(await modulesTitled(title)).toBe(1);
    expect(crashes).toEqual([]);
  });

  it("lets a write's key go once the database is back, when the cut that failed the write also failed its release", async () => {
    const email = 'released-key@example.com';
    const key = { 'idempotency-key': '"released-key"' };
    // The write's transaction is cut at BEGIN (nothing done), and so is the statement that lets its key go.
    link.cutOn('begin', 'WITH gone AS (DELETE FROM idempotency_keys');
    let cut;
    try {
      cut = await invite([email], key);
    } finally {
      link.cutOn();
    }
    expect([cut.statusCode, cut.headers['retry-after']]).toEqual([503, '5']);
    // The client retries as told while the first request's key is held; it is let go within 2 s.
    const retry = await retried(() => invite([email], key));
    expect([retry.statusCode, (retry.json() as { invited: string[] }).invited]).toEqual([200, [email]]);
    expect(crashes).toEqual([]);
  });
});
