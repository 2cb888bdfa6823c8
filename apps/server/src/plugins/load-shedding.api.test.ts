import { expect, it } from 'vitest';
import { describeApi, TEST_PASSWORD } from '#test/harness.ts';

/** Keeps the event loop busy for `ms`, as a burst of CPU-bound work would. */
function block(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

describeApi(
  'load shedding',
  (ctx) => {
    it('answers 503 with Retry-After while the event loop lags, still says alive, and serves again once it has caught up', async () => {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
      });
      const auth = login.json<{ auth: string }>().auth;
      const session = async () => (await ctx.request(auth, { method: 'GET', url: '/api/session' })).statusCode;
      // Served once the start's own work (the database's) has passed.
      await expect.poll(session, { timeout: 10_000, interval: 100 }).toBe(200);

      // CPU-bound work hogging the event loop for a while: 150 ms of every 160.
      const hog = setInterval(() => block(150), 160);
      try {
        let busy: Awaited<ReturnType<typeof ctx.request>> | undefined;
        await expect
          .poll(async () => (busy = await ctx.request(auth, { method: 'GET', url: '/api/session' })).statusCode, {
            timeout: 10_000,
            interval: 50,
          })
          .toBe(503);
        expect(busy?.headers['retry-after']).toBe('5');
        expect(busy?.json()).toEqual({ message: 'The service is busy. Try again in a few seconds.' });
        // Alive all the same: liveness is never shed.
        expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        clearInterval(hog);
      }
      await expect.poll(session, { timeout: 10_000, interval: 100 }).toBe(200);
    });
  },
  { loadShedding: { maxEventLoopDelayMs: 50, sampleIntervalMs: 200 } },
);
