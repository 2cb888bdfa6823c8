import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';

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
