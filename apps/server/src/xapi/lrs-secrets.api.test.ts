import http from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeApi, type TestContext } from '#test/harness.ts';
import { loggerOptions } from '../lib/logging.ts';
import { REDACTED } from './lrs.ts';

const log: string[] = [];
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));

const KEY = 'lrs-key-4711';
/** Characters a JSON text and a URL each write their own way. */
const SECRET = 'Se"cr/et+ü 9!';
const BASIC = Buffer.from(`${KEY}:${SECRET}`).toString('base64');

/** Every form of a credential an echoing body could carry it in. */
const FORMS = [SECRET, BASIC, KEY, JSON.stringify(SECRET).slice(1, -1), encodeURIComponent(SECRET)];

/**
 * An LRS that refuses every request with `status` and echoes what it was sent: its headers as
 * JSON (the Authorization header among them), the header again as a URL would write it, and
 * the credentials it decoded from it.
 */
let status = 401;
const seen: string[] = [];
const lrs = http.createServer((req, res) => {
  const authorization = req.headers.authorization ?? '';
  seen.push(authorization);
  req.resume();
  req.on('end', () => {
    const decoded = Buffer.from(authorization.replace(/^Basic /, ''), 'base64').toString();
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(
      `refused ${JSON.stringify(req.headers)} ?auth=${encodeURIComponent(authorization)} as ${decoded} ` +
        `(${decoded.split(':')[1] ?? ''})`,
    );
  });
});
let endpoint = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => lrs.listen(0, '127.0.0.1', resolve));
  const address = lrs.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  endpoint = `http://127.0.0.1:${address.port}/xapi`;
});

afterAll(async () => {
  await new Promise((resolve) => lrs.close(resolve));
});

async function queueOne(ctx: TestContext, id: string): Promise<void> {
  await ctx.database.query(
    `INSERT INTO xapi_outbox (id, run_id, statement, next_attempt_at, created_at) VALUES ($1, 'run', $2, 0, 0)`,
    [id, JSON.stringify({ id, verb: { id: 'http://adlnet.gov/expapi/verbs/completed' } })],
  );
}

async function lastError(ctx: TestContext, id: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [row] = await ctx.database.query<{ last_error: string | null }>(
      'SELECT last_error FROM xapi_outbox WHERE id = $1',
      [id],
    );
    if (row?.last_error) return row.last_error;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`statement ${id} was not tried within 30 s`);
}

describeApi(
  'what an LRS echoes of the credentials',
  (ctx) => {
    // 401: retried later (the batch's answer); 400: refused for good (each statement's own answer).
    it.each([
      [401, 'xAPI statements not sent; will retry'],
      [400, 'xAPI statement refused by the LRS; not retried'],
    ])('is neither logged nor kept when the LRS answers %i with it', async (answer, message) => {
      status = answer;
      log.length = 0;
      const id = `00000000-0000-4000-8000-00000000${answer}0`;
      await queueOne(ctx, id);
      const error = await lastError(ctx, id);
      // The app's own worker sent the credentials, and the LRS echoed them.
      expect(seen).toContain(`Basic ${BASIC}`);
      expect(error).toMatch(new RegExp(`^${answer} refused`));
      expect(error).toContain(REDACTED);
      const text = log.join('');
      expect(text).toContain(message);
      expect(text).toContain(REDACTED);
      expect(FORMS.filter((form) => text.includes(form) || error.includes(form))).toEqual([]);
      await ctx.database.query('DELETE FROM xapi_outbox WHERE id = $1', [id]);
    });
  },
  {
    env: () => ({ LRS_ENDPOINT: endpoint, LRS_KEY: KEY, LRS_SECRET: SECRET }),
    logger: loggerOptions('trace', stream),
    xapiTiming: { backoffMs: 600_000, pollMs: 100 },
  },
);
