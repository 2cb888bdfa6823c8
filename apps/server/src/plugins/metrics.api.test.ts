import { expect, it } from 'vitest';
import { describeApi, TEST_PASSWORD } from '#test/harness.ts';

const METRICS_TOKEN = 'metrics-token-0123456789';

describeApi(
  'GET /metrics with METRICS_TOKEN set',
  (ctx) => {
    it('answers only the scraper with the token, and says how requests, the pool, the outbox and the event loop do', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/metrics',
            headers: { authorization: 'Bearer wrong-token-0123456789' },
          })
        ).statusCode,
      ).toBe(401);
      // A user's own token is no way in either.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
      });
      const auth = login.json<{ auth: string }>().auth;
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${auth}` } }))
          .statusCode,
      ).toBe(401);

      await ctx.request(auth, { method: 'GET', url: '/api/session' });
      await ctx.request(auth, { method: 'GET', url: '/api/admin/users/no-such-user' });
      // An e-mail waiting: a reinvite whose mail server is out of reach stays queued.
      await ctx.database.query(
        `INSERT INTO email_outbox (id, to_address, subject, text_body, html_body, next_attempt_at, created_at) VALUES ('m1', 'a@example.com', 's', 't', 'h', $1, $2)`,
        [Date.now() + 3_600_000, Date.now() - 120_000],
      );
      // Two statements waiting for an LRS out of reach, one it refused for good (not counted).
      await ctx.database.query(
        `INSERT INTO xapi_outbox (id, run_id, statement, next_attempt_at, created_at, given_up_at)
         VALUES ('x1', 'r', '{}', $1, $2, 0), ('x2', 'r', '{}', $1, $1, 0), ('x3', 'r', '{}', $1, $3, $1)`,
        [Date.now() + 3_600_000, Date.now() - 300_000, Date.now() - 900_000],
      );
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/session",status_code="200"\} 1\n/,
      );
      // By route pattern, never by URL: one series for every user id.
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/admin\/users\/:id",status_code="404"\} 1\n/,
      );
      expect(text).not.toContain('no-such-user');
      expect(text).toMatch(/\nairman_outbox_depth 1\n/);
      const age = Number(/\nairman_outbox_oldest_age_seconds ([\d.]+)\n/.exec(text)?.[1]);
      expect(age).toBeGreaterThanOrEqual(120);
      expect(age).toBeLessThan(600);
      expect(text).toMatch(/\nairman_xapi_queue_depth 2\n/);
      const xapiAge = Number(/\nairman_xapi_queue_oldest_age_seconds ([\d.]+)\n/.exec(text)?.[1]);
      expect(xapiAge).toBeGreaterThanOrEqual(300);
      expect(xapiAge).toBeLessThan(900);
      expect(text).toMatch(/\nnodejs_eventloop_lag_p99_seconds [\d.e-]+\n/);
      if (ctx.database.kind === 'postgres') expect(text).toMatch(/airman_db_pool_connections\{state="waiting"\} 0\n/);
      await ctx.database.query(`DELETE FROM email_outbox WHERE id = 'm1'`);
      await ctx.database.query(`DELETE FROM xapi_outbox WHERE run_id = 'r'`);
    });
  },
  { env: { METRICS_TOKEN } },
);

describeApi('GET /metrics without METRICS_TOKEN', (ctx) => {
  it('does not exist', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
