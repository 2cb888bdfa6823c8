import { describe, expect, it } from 'vitest';
import { REFRESH_AFTER_MS, onRenewalNeeded, refreshDue, renewSession, settleRenewal } from './session-renewal.ts';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.sig`;
const now = 1_800_000_000_000;
const issued = (msAgo: number) =>
  token({ user_id: 'u', user_role: 'admin', iat: (now - msAgo) / 1000, exp: (now - msAgo) / 1000 + 8 * 3600 });

describe('renewing a session', () => {
  it('is due for a valid token once it is REFRESH_AFTER_MS old, never for an expired or missing one', () => {
    expect(refreshDue(issued(REFRESH_AFTER_MS - 1000), now)).toBe(false);
    expect(refreshDue(issued(REFRESH_AFTER_MS), now)).toBe(true);
    expect(refreshDue(issued(9 * 3600 * 1000), now)).toBe(false);
    expect(refreshDue(null, now)).toBe(false);
  });

  it('asks once for every request waiting, and answers them all with the same outcome', async () => {
    const asked: string[] = [];
    const stop = onRenewalNeeded((reason) => asked.push(reason));
    const first = renewSession('expired');
    const second = renewSession('invalid');
    expect(asked).toEqual(['expired']);
    settleRenewal(true);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    stop();
  });

  it('answers no at once when no page can ask', async () => {
    expect(await renewSession('expired')).toBe(false);
  });
});
