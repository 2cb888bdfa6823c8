import type { Socket } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { describeApi, type TestContext } from '#test/harness.ts';
import { connectRaw, listenOnLoopback, parseAnswer, requestHead, within, type RawConnection } from '#test/raw-http.ts';
import { DEADLINE_CHECK_MS } from './connections.ts';

const HEADERS_S = 1;
const BODY_S = 2;
const TIMED_OUT = { message: 'The request did not arrive in time. Send it again.' };
const login = JSON.stringify({ user_name: 'nobody@example.com', password: 'not-the-password' });

describeApi(
  "the deadlines of a request's head and body",
  (ctx) => {
    let port = 0;
    beforeAll(async () => {
      port = await listenOnLoopback(ctx.app);
    });

    it('answers 408 and closes the connection when a body is still trickling at its deadline', async () => {
      // Before the connection: the server counts from its own first sight of it, never earlier.
      const started = performance.now();
      const connection = await connectRaw(port);
      // Node emits 'request' once the head has arrived: from then on only the body's deadline applies
      // (on a starved machine the head's could otherwise pass before the server reads the bytes).
      const headArrived = new Promise((resolve) => ctx.app.server.once('request', resolve));
      connection.socket.write(
        requestHead('POST', '/api/login', { 'Content-Type': 'application/json', 'Content-Length': 500 }) + '{',
      );
      await headArrived;
      connection.trickle(200);
      const deadline = (HEADERS_S + BODY_S) * 1000;
      const answer = parseAnswer(await within(connection.closed, deadline + DEADLINE_CHECK_MS + 2000, 'the close'));
      const took = performance.now() - started;
      expect([answer.status, answer.headers.connection, JSON.parse(answer.body)]).toEqual([408, 'close', TIMED_OUT]);
      expect(took).toBeGreaterThanOrEqual(deadline - 50);
    });

    it('answers 408 and closes the connection when a head is still trickling at its deadline', async () => {
      const started = performance.now();
      const connection = await connectRaw(port);
      connection.socket.write('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      connection.trickle(200, 'a');
      const deadline = HEADERS_S * 1000;
      const answer = parseAnswer(await within(connection.closed, deadline + DEADLINE_CHECK_MS + 2000, 'the close'));
      const took = performance.now() - started;
      expect([answer.status, answer.headers.connection, JSON.parse(answer.body)]).toEqual([408, 'close', TIMED_OUT]);
      expect(took).toBeGreaterThanOrEqual(deadline - 50);
    });

    it('gives a body its own time after the head: one that ends past the head deadline but in time is answered', async () => {
      const connection = await connectRaw(port);
      const headArrived = new Promise((resolve) => ctx.app.server.once('request', resolve));
      connection.socket.write(
        requestHead('POST', '/api/login', { 'Content-Type': 'application/json', 'Content-Length': login.length }),
      );
      await headArrived;
      // The body's last byte leaves half a second past the head's deadline, well before the body's.
      const pieces = [login.slice(0, 10), login.slice(10, 20), login.slice(20)];
      for (const piece of pieces) {
        await new Promise((resolve) => setTimeout(resolve, (HEADERS_S * 1000 + 500) / pieces.length));
        connection.socket.write(piece);
      }
      const answered = new Promise<string>((resolve) =>
        connection.socket.on('data', () => {
          if (connection.received().includes('\r\n\r\n')) resolve(connection.received());
        }),
      );
      expect(parseAnswer(await within(answered, 5000, 'the answer')).status).toBe(401);
      connection.socket.destroy();
    });
  },
  { env: { HEADERS_TIMEOUT_S: String(HEADERS_S), BODY_TIMEOUT_S: String(BODY_S) } },
);

const PER_ADDRESS = 4;

/** Opens `count` connections and resolves once the server has taken each (its sockets, in order). */
async function openConnections(
  ctx: TestContext,
  port: number,
  count: number,
): Promise<{ clients: RawConnection[]; server: Socket[] }> {
  const server: Socket[] = [];
  const taken = new Promise<void>((resolve) => {
    const onConnection = (socket: Socket) => {
      server.push(socket);
      if (server.length < count) return;
      ctx.app.server.off('connection', onConnection);
      resolve();
    };
    ctx.app.server.on('connection', onConnection);
  });
  const clients = await Promise.all(Array.from({ length: count }, () => connectRaw(port)));
  await taken;
  return { clients, server };
}

/** A GET of health on the connection; its status. */
async function health(connection: RawConnection): Promise<number> {
  const answered = new Promise<string>((resolve) =>
    connection.socket.on('data', () => {
      if (connection.received().includes('\r\n\r\n')) resolve(connection.received());
    }),
  );
  connection.socket.write(requestHead('GET', '/api/health'));
  return parseAnswer(await within(answered, 5000, 'the answer')).status;
}

describeApi(
  'the open connections of one address',
  (ctx) => {
    let port = 0;
    beforeAll(async () => {
      port = await listenOnLoopback(ctx.app);
    });

    it('closes a connection beyond the limit at once, unanswered, and takes one again when another closes', async () => {
      const held = await openConnections(ctx, port, PER_ADDRESS);
      const beyond = await connectRaw(port);
      expect(await within(beyond.closed, 2000, 'the close of the connection beyond the limit')).toBe('');
      // Those it holds are served as before.
      expect(await health(held.clients[0] as RawConnection)).toBe(200);

      const closedOnServer = new Promise((resolve) => held.server[1]?.once('close', resolve));
      held.clients[1]?.socket.destroy();
      await closedOnServer;
      const again = await openConnections(ctx, port, 1);
      expect(await health(again.clients[0] as RawConnection)).toBe(200);
      for (const client of [...held.clients, ...again.clients]) client.socket.destroy();
    });
  },
  { env: { CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) } },
);

describeApi(
  "a trusted proxy's connections",
  (ctx) => {
    let port = 0;
    beforeAll(async () => {
      port = await listenOnLoopback(ctx.app);
    });

    it('are not counted: the proxy carries every client', async () => {
      const { clients } = await openConnections(ctx, port, PER_ADDRESS + 2);
      expect(await Promise.all(clients.map(health))).toEqual(clients.map(() => 200));
      for (const client of clients) client.socket.destroy();
    });
  },
  { env: { CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS), TRUST_PROXY: 'loopback' } },
);
