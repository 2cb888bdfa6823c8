import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi, TEST_PASSWORD } from '#test/harness.ts';
import { users } from '../db/schema.ts';
import { loggerOptions } from './logging.ts';

const log: string[] = [];
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));

const WRONG_PASSWORD = 'Wrong-Password-7!';
const NEW_PASSWORD = 'Brand-New-Password-8!';
const RESET_TOKEN = 'reset-token-that-is-long-enough-0123456789';

describeApi(
  'what the log never holds',
  (ctx) => {
    it('keeps passwords, hashes, invite codes and tokens out of the log on every failure path', async () => {
      log.length = 0;
      const admin = await ctx.createUser({ role: 'admin' });
      const trainee = await ctx.createUser();
      // A write that fails inside the database, with the secrets among its statement's values.
      await ctx.database.query(`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.first_name = 'Boom' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
      await ctx.database.query(
        `CREATE TRIGGER refuse_boom BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION refuse_boom()`,
      );
      try {
        const invited = await ctx.request(admin.token, {
          method: 'PUT',
          url: '/api/admin/invite',
          payload: { emails: ['logged@example.com'] },
        });
        expect(invited.statusCode).toBe(200);
        const [row] = await ctx.database.db
          .select({ code: users.invite_code })
          .from(users)
          .where(eq(users.user_name, 'logged@example.com'));
        const code = row?.code as string;
        const report = await ctx.request(admin.token, {
          method: 'POST',
          url: '/api/admin/reports/token',
          payload: { module: 'ready_airman_training' },
        });
        const reportToken = (report.json() as { token: string }).token;
        const [hashRow] = await ctx.database.db
          .select({ hash: users.password_hash })
          .from(users)
          .where(eq(users.id, trainee.id));

        const answers = await Promise.all([
          ctx.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { user_name: trainee.email, password: WRONG_PASSWORD },
          }),
          ctx.request(trainee.token, { method: 'GET', url: '/api/modules' }),
          ctx.app.inject({ method: 'GET', url: `/api/invite/${code}` }),
          ctx.app.inject({ method: 'GET', url: `/register/${code}` }),
          ctx.app.inject({
            method: 'POST',
            url: `/api/register/${code}`,
            payload: { rank: 'A1C', unit: 'U', first_name: 'Boom', last_name: 'L', password: NEW_PASSWORD },
          }),
          ctx.app.inject({
            method: 'POST',
            url: '/api/password/reset',
            payload: { token: RESET_TOKEN, password: NEW_PASSWORD },
          }),
          ctx.app.inject({ method: 'GET', url: `/reset-password/${RESET_TOKEN}` }),
          ctx.app.inject({ method: 'GET', url: `/api/admin/users?csv=1&module=nope&token=${reportToken}` }),
          ctx.request(trainee.token, {
            method: 'POST',
            url: '/api/self',
            payload: { current_password: WRONG_PASSWORD, new_password: NEW_PASSWORD },
          }),
        ]);
        // The failing write is a 500 whose error was logged.
        expect(answers[4]?.statusCode).toBe(500);
        const text = log.join('');
        expect(text).toContain('refused by the test');
        const secrets = {
          WRONG_PASSWORD,
          NEW_PASSWORD,
          TEST_PASSWORD,
          RESET_TOKEN,
          code,
          reportToken,
          hash: hashRow?.hash,
          admin: admin.token,
          trainee: trainee.token,
          argon2: '$argon2',
        };
        expect(
          Object.entries(secrets)
            .filter(([, secret]) => secret && text.includes(secret))
            .map(([name]) => name),
        ).toEqual([]);
      } finally {
        await ctx.database.query('DROP TRIGGER refuse_boom ON users');
      }
    });
  },
  { logger: loggerOptions('trace', stream) },
);
