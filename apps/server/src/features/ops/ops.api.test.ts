import { expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';

describeApi('GET health and ready', (ctx) => {
  it('says alive without a token, and which database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: ctx.database.kind });
  });

  it('is ready with the database reachable and every migration applied, and answers 503 while one is missing', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { ok: true, database: true, migrations: true }]);

    // The newest migration not applied (a database an older build migrated).
    const [newest] = await ctx.database.query<{ id: number; hash: string; created_at: string }>(
      'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING id, hash, created_at',
    );
    try {
      const behind = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect([behind.statusCode, behind.json()]).toEqual([503, { ok: false, database: true, migrations: false }]);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.database.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [
        newest?.id,
        newest?.hash,
        newest?.created_at,
      ]);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
