/**
 * A name typed to sign in that is not an account's address (often a password typed in the
 * wrong field) is kept nowhere as typed: the sign-in log and the throttle keep a keyed digest.
 */
import { expect, it } from 'vitest';
import { describeApi, TEST_PASSWORD, type TestContext } from '#test/harness.ts';
import { UNKNOWN_NAME_PREFIX } from './sign-in-names.ts';

/** A password typed where the address goes (the schema lower-cases a name, so it is looked for in any case). */
const TYPED_PASSWORD = 'Correct-Horse-Battery-91!';

/** Every table's every row, as text, in which `text` appears (any case). */
async function rowsHolding(ctx: TestContext, text: string): Promise<string[]> {
  const tables = await ctx.database.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const rows = await ctx.database.query<{ row: string }>(
      `SELECT t::text AS row FROM "${schema}"."${table}" AS t WHERE position(lower($1) IN lower(t::text)) > 0`,
      [text],
    );
    found.push(...rows.map((r) => `${name}: ${r.row}`));
  }
  return found;
}

async function signInNames(ctx: TestContext): Promise<string[]> {
  const rows = await ctx.database.query<{ user_name: string }>(
    'SELECT user_name FROM sign_in_log ORDER BY id DESC LIMIT 3',
  );
  return rows.map((r) => r.user_name);
}

describeApi('what the server keeps of a name typed to sign in', (ctx) => {
  it('keeps a password typed as the name nowhere; the same unknown name under one digest', async () => {
    const login = (user_name: string, password: string) =>
      ctx.request(undefined, { method: 'POST', url: '/api/login', payload: { user_name, password } });
    expect((await login(TYPED_PASSWORD, 'anything')).statusCode).toBe(401);
    expect((await login(` ${TYPED_PASSWORD.toUpperCase()} `, 'anything else')).statusCode).toBe(401);
    expect((await login('another-unknown-name', 'anything')).statusCode).toBe(401);
    const [other, again, first] = await signInNames(ctx);
    expect(first).toMatch(new RegExp(`^${UNKNOWN_NAME_PREFIX}[A-Za-z0-9_-]{22}$`));
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(await rowsHolding(ctx, TYPED_PASSWORD)).toEqual([]);
  });

  it("keeps an account's address as it is", async () => {
    const user = await ctx.createUser();
    const res = await ctx.request(undefined, {
      method: 'POST',
      url: '/api/login',
      payload: { user_name: user.email.toUpperCase(), password: `${TEST_PASSWORD}-wrong` },
    });
    expect(res.statusCode).toBe(401);
    expect((await signInNames(ctx))[0]).toBe(user.email);
  });

  it('keeps a password typed in the forgot-password form nowhere', async () => {
    const typed = 'Forgot-Form-Secret-77!';
    const res = await ctx.request(undefined, {
      method: 'POST',
      url: '/api/password/forgot',
      payload: { user_name: typed },
    });
    expect(res.statusCode).toBe(200);
    // Its work runs after the answer: counted by the throttle once done.
    const deadline = Date.now() + 10_000;
    const counted = () =>
      ctx.database.query<{ n: string }>(`SELECT count(*) AS n FROM login_failures WHERE key LIKE 'reset:%'`);
    while (Number((await counted())[0]?.n) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(Number((await counted())[0]?.n)).toBeGreaterThan(0);
    expect(await rowsHolding(ctx, typed)).toEqual([]);
  });
});
