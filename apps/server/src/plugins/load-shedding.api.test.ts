import { expect, it } from 'vitest';
import { describeApi, TEST_PASSWORD } from '../../test/harness.ts';

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
      const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { user_name: 'admin@example.com', password: TEST_PASSWORD } });
      const auth = login.json<{ auth: string }>().auth;
      expect((await ctx.request(auth, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);

      block(300);
      // The next sample sees the lag.
      await new Promise((resolve) => setTimeout(resolve, 60));
      const [busy, health] = await Promise.all([ctx.request(auth, { method: 'GET', url: '/api/session' }), ctx.app.inject({ method: 'GET', url: '/api/health' })]);
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toEqual({ message: 'The service is busy. Try again in a few seconds.' });
      expect(health.statusCode).toBe(200);

      await expect.poll(async () => (await ctx.request(auth, { method: 'GET', url: '/api/session' })).statusCode, { timeout: 5000, interval: 100 }).toBe(200);
    });
  },
  { loadShedding: { maxEventLoopDelayMs: 100, sampleIntervalMs: 50 } },
);
