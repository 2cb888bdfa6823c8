import { beforeAll, expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';
import { connectRaw, listenOnLoopback, requestHead } from '#test/raw-http.ts';
import { ANONYMOUS_IN_FLIGHT, ANONYMOUS_LIMITS } from './anonymous-gate.ts';

const BURST = 5;
const body = { rank: 'AB', unit: 'U', first_name: 'F', last_name: 'L', password: 'Made-Up-Passw0rd!' };

// The gate's mechanism with a burst and no refill to speak of, so that a slow machine cannot refill it mid-test.
describeApi(
  'the share anonymous calls get',
  (ctx) => {
    const register = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/register/made-up-${i}`,
        remoteAddress: `192.0.2.${i + 1}`,
        payload: body,
      });

    it('checks a burst of made-up invite codes, then answers 429 with Retry-After after a second, whatever the addresses', async () => {
      for (let i = 0; i < BURST; i++) expect((await register(i)).statusCode).toBe(401);
      const started = performance.now();
      const refused = await Promise.all([
        register(BURST),
        register(BURST + 1),
        ctx.app.inject({
          method: 'POST',
          url: '/api/password/reset',
          payload: { token: 'made-up', password: body.password },
        }),
      ]);
      expect(refused.map((r) => [r.statusCode, r.headers['retry-after'], r.json()])).toEqual(
        Array.from({ length: 3 }, () => [429, '1', { message: 'The server is busy. Try again in a moment.' }]),
      );
      // Answered after the second they are asked to wait, not at once.
      expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    });

    it('does not gate sign-in', async () => {
      const user = await ctx.createUser();
      expect(user.token).not.toBe('');
    });
  },
  { anonymousLimits: { inFlight: 4, perSecond: 1 / 3600, burst: BURST } },
);

describeApi(
  'slow bodies and the share anonymous calls get',
  (ctx) => {
    let port = 0;
    beforeAll(async () => {
      port = await listenOnLoopback(ctx.app);
    });

    it('keeps no place for a body that has not arrived: with more slow bodies than places, the next call is answered', async () => {
      const slowCount = ANONYMOUS_IN_FLIGHT + 2;
      // Node emits 'request' once a request's head has arrived, before its body.
      const headsArrived = new Promise<void>((resolve) => {
        let seen = 0;
        const onRequest = () => {
          if (++seen < slowCount) return;
          ctx.app.server.off('request', onRequest);
          resolve();
        };
        ctx.app.server.on('request', onRequest);
      });
      const slow = await Promise.all(
        Array.from({ length: slowCount }, async (_, i) => {
          const connection = await connectRaw(port);
          const url = i % 2 === 0 ? '/api/password/forgot' : `/api/register/made-up-${i}`;
          connection.socket.write(
            requestHead('POST', url, { 'Content-Type': 'application/json', 'Content-Length': 500 }) + '{',
          );
          connection.trickle(1000);
          return connection;
        }),
      );
      await headsArrived;
      // The hooks those requests run before their bodies have run by the next turn of the loop.
      await new Promise((resolve) => setImmediate(resolve));

      const answer = await fetch(`http://127.0.0.1:${port}/api/password/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_name: 'nobody@example.com' }),
      });
      expect(answer.status).toBe(200);
      for (const connection of slow) connection.socket.destroy();
    });
  },
  { anonymousLimits: ANONYMOUS_LIMITS },
);
