import { beforeAll, expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { connectRaw, listenOnLoopback, parseAnswer, requestHead, within } from '../../test/raw-http.ts';
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
      const connection = await connectRaw(port);
      const started = performance.now();
      connection.socket.write(
        requestHead('POST', '/api/login', { 'Content-Type': 'application/json', 'Content-Length': 500 }) + '{',
      );
      connection.trickle(200);
      const deadline = (HEADERS_S + BODY_S) * 1000;
      const answer = parseAnswer(await within(connection.closed, deadline + DEADLINE_CHECK_MS + 2000, 'the close'));
      const took = performance.now() - started;
      expect([answer.status, answer.headers.connection, JSON.parse(answer.body)]).toEqual([408, 'close', TIMED_OUT]);
      expect(took).toBeGreaterThanOrEqual(deadline - 50);
    });

    it('answers 408 and closes the connection when a head is still trickling at its deadline', async () => {
      const connection = await connectRaw(port);
      const started = performance.now();
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
      connection.socket.write(
        requestHead('POST', '/api/login', { 'Content-Type': 'application/json', 'Content-Length': login.length }),
      );
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
