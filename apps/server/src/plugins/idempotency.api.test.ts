import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminToken, describeApi } from '#test/harness.ts';
import { ANSWER_NOT_KEPT, IDEMPOTENCY_TTL_MS, parseIdempotencyKey } from './idempotency.ts';

describe('parseIdempotencyKey', () => {
  it('takes a Structured Field string or the same text bare, and nothing else', () => {
    expect(parseIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(parseIdempotencyKey('abc')).toBe('abc');
    expect(parseIdempotencyKey('"a\\"b"')).toBe('a"b');
    expect(parseIdempotencyKey('""')).toBeUndefined();
    expect(parseIdempotencyKey('é')).toBeUndefined();
    expect(parseIdempotencyKey('x'.repeat(256))).toBeUndefined();
  });
});

let clock = Date.now();

describeApi(
  'Idempotency-Key on writes',
  (ctx) => {
    let n = 0;
    const address = () => `idem-${n++}-${Date.now()}@example.com`;
    const invite = (token: string, key: string | undefined, emails: string[]) =>
      ctx.request(token, {
        method: 'PUT',
        url: '/api/admin/invite',
        headers: key === undefined ? {} : { 'idempotency-key': key },
        payload: { emails },
      });
    /** E-mails queued for an address (kept in its user's history once sent). */
    const emailsTo = async (email: string) =>
      (
        await ctx.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM email_log l JOIN users u ON u.id = l.user_id WHERE u.user_name = $1',
          [email],
        )
      )[0]?.n;

    it('answers a repeat with the first answer, doing nothing again', async () => {
      const token = await adminToken(ctx);
      const email = address();
      const first = await invite(token, '"repeat-1"', [email]);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ invited: [email], existing: [] });

      const repeat = await invite(token, '"repeat-1"', [email]);
      expect([repeat.statusCode, repeat.json()]).toEqual([200, first.json()]);
      expect(await emailsTo(email)).toBe(1);
    });

    it('refuses a repeat with a different body (422), changing nothing', async () => {
      const token = await adminToken(ctx);
      const [a, b] = [address(), address()];
      expect((await invite(token, 'other-body', [a])).statusCode).toBe(200);
      const other = await invite(token, 'other-body', [b]);
      expect([other.statusCode, other.json()]).toEqual([
        422,
        { message: 'This Idempotency-Key was used for a different request. Use a new key for a new request.' },
      ]);
      expect(await emailsTo(b)).toBe(0);
    });

    it("keeps each caller's keys apart", async () => {
      const admin = await adminToken(ctx);
      const other = (await ctx.createUser({ role: 'admin' })).token;
      const [a, b] = [address(), address()];
      expect((await invite(admin, 'shared', [a])).json()).toMatchObject({ invited: [a] });
      expect((await invite(other, 'shared', [b])).json()).toMatchObject({ invited: [b] });
    });

    it('answers 409 while the first request with the key is still running', async () => {
      const user = await ctx.createUser({ role: 'admin' });
      const email = address();
      // The first request's claim, as it stands while its handler runs.
      const first = await invite(user.token, 'running', [email]);
      expect(first.statusCode).toBe(200);
      await ctx.database.query(
        `UPDATE idempotency_keys SET status = 0, committed_at = 0, running_until = $3 WHERE caller = $1 AND key = $2`,
        [`user:${user.id}`, 'running', clock + 1_000],
      );
      const repeat = await invite(user.token, 'running', [email]);
      expect([repeat.statusCode, repeat.headers['retry-after']]).toEqual([409, '1']);
    });

    it('takes a key over once the lease of a first request whose process died has lapsed', async () => {
      const user = await ctx.createUser({ role: 'admin' });
      const email = address();
      const body = { emails: [email] };
      // Claimed by a process killed before it committed anything: its lease runs 5 s from its last renewal.
      await ctx.database.query(
        `INSERT INTO idempotency_keys (caller, key, fingerprint, created_at, running_until, claimed_by)
         VALUES ($1, 'died', $2, $3, $4, 'a-process-killed')`,
        [
          `user:${user.id}`,
          crypto
            .createHash('sha256')
            .update(`PUT /api/admin/invite\n${JSON.stringify(body)}`)
            .digest('hex'),
          clock,
          clock + 5_000,
        ],
      );
      const waiting = await invite(user.token, 'died', [email]);
      expect([waiting.statusCode, waiting.headers['retry-after']]).toEqual([409, '5']);
      clock += 5_001;
      const taken = await invite(user.token, 'died', [email]);
      expect([taken.statusCode, (taken.json() as { invited: string[] }).invited]).toEqual([200, [email]]);
    });

    it('treats a key as new once its 24 hours are over, and forgets it', async () => {
      const token = await adminToken(ctx);
      const email = address();
      expect((await invite(token, 'day-old', [email])).json()).toMatchObject({ invited: [email] });
      clock += IDEMPOTENCY_TTL_MS + 1;
      const later = await invite(token, 'day-old', [email]);
      // Carried out again: the address exists by now.
      expect(later.json()).toMatchObject({ invited: [], existing: [email] });
      const kept = await ctx.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM idempotency_keys WHERE created_at <= $1',
        [clock - IDEMPOTENCY_TTL_MS],
      );
      expect(kept[0]?.n).toBe(0);
    });

    it('refuses a key that is not printable ASCII of 1 to 255 characters (400)', async () => {
      const token = await adminToken(ctx);
      const email = address();
      const res = await invite(token, 'x'.repeat(256), [email]);
      expect(res.statusCode).toBe(400);
      expect(await emailsTo(email)).toBe(0);
    });

    it('carries out once a write whose answer holds an invite code, keeping its status only', async () => {
      const token = await adminToken(ctx);
      const email = address();
      expect((await invite(token, undefined, [email])).statusCode).toBe(200);
      const [pending] = await ctx.database.query<{ id: string; invite_code: string }>(
        'SELECT id, invite_code FROM users WHERE user_name = $1',
        [email],
      );
      const rename = () =>
        ctx.request(token, {
          method: 'POST',
          url: `/api/admin/users/${pending?.id}`,
          headers: { 'idempotency-key': 'rename-pending' },
          payload: { first_name: 'Pat' },
        });
      const first = await rename();
      expect([first.statusCode, first.json<{ invite_code: string }>().invite_code]).toEqual([
        200,
        pending?.invite_code,
      ]);
      const kept = await ctx.database.query<{ status: number; content_type: string; body: string }>(
        "SELECT status, content_type, body FROM idempotency_keys WHERE key = 'rename-pending'",
      );
      expect(kept).toEqual([{ status: 200, content_type: '', body: '' }]);
      const repeat = await rename();
      expect([repeat.statusCode, repeat.json()]).toEqual([409, { message: ANSWER_NOT_KEPT }]);
    });

    it('ignores the key of a sign-in, whose answer is a credential', async () => {
      const login = () =>
        ctx.request(undefined, {
          method: 'POST',
          url: '/api/login',
          headers: { 'idempotency-key': 'sign-in' },
          payload: { user_name: 'admin@example.com', password: 'Correct-Horse-9' },
        });
      expect((await login()).statusCode).toBe(200);
      expect((await login()).statusCode).toBe(200);
      const stored = await ctx.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'sign-in'",
      );
      expect(stored[0]?.n).toBe(0);
    });
  },
  { now: () => clock },
);
