import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { ANONYMOUS_BURST, ANONYMOUS_IN_FLIGHT, ANONYMOUS_LIMITS } from './anonymous-gate.ts';

describeApi('the share anonymous calls get', (ctx) => {
  it('refuses a flood of made-up invite codes with 429 and Retry-After before any database work, whatever the addresses', async () => {
    const body = { rank: 'AB', unit: 'U', first_name: 'F', last_name: 'L', password: 'Made-Up-Passw0rd!' };
    const flood = await Promise.all(
      Array.from({ length: ANONYMOUS_BURST + 10 }, (_, i) =>
        ctx.app.inject({ method: 'POST', url: `/api/register/made-up-${i}`, remoteAddress: `192.0.2.${i + 1}`, payload: body }),
      ),
    );
    const statuses = flood.map((r) => r.statusCode);
    // At once: only the places in flight are checked; the rest wait a second for their 429.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ANONYMOUS_IN_FLIGHT);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const refused = flood.find((r) => r.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(refused?.json()).toEqual({ message: 'The server is busy. Try again in a moment.' });
    // Sign-in is not gated.
    const user = await ctx.createUser();
    expect(user.token).not.toBe('');
  });
}, { anonymousLimits: ANONYMOUS_LIMITS });
