import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, describeApi } from '#test/harness.ts';
import { connectRaw, listenOnLoopback, parseAnswer, requestHead, within } from '#test/raw-http.ts';
import { ANONYMOUS_BODY_LIMIT_BYTES } from './bodies.ts';

/** Under every body limit, an anonymous route's too: a refusal says something about the media type, not the size. */
const ANNOUNCED = 6_000;
const FIRST_PART = 'email,first_name\r\n'.repeat(64);

describeApi('the bodies a route reads', (ctx) => {
  let port = 0;
  beforeAll(async () => {
    port = await listenOnLoopback(ctx.app);
  });

  describe.each(['text/csv', 'text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x'])(
    '%s posted to sign-in',
    (contentType) => {
      it('is answered 415 and the connection closed with most of the body never sent', async () => {
        const connection = await connectRaw(port);
        connection.socket.write(
          requestHead('POST', '/api/login', { 'Content-Type': contentType, 'Content-Length': ANNOUNCED }) + FIRST_PART,
        );
        const answer = parseAnswer(await within(connection.closed, 5000, 'the close'));
        expect([answer.status, answer.headers.connection]).toEqual([415, 'close']);
      });
    },
  );

  const TOO_LARGE = 2_000_000;
  it.each([
    ['GET', '/api/health'],
    ['POST', '/api/login'],
    ['POST', '/api/admin/users/bulk'],
  ])(
    'answers %s %s with a body announced at 2 MB 413, and closes the connection before reading it',
    async (method, url) => {
      const connection = await connectRaw(port);
      connection.socket.write(
        requestHead(method, url, { 'Content-Type': 'application/json', 'Content-Length': TOO_LARGE }) + '["',
      );
      const answer = parseAnswer(await within(connection.closed, 5000, 'the close'));
      expect([answer.status, answer.headers.connection]).toEqual([413, 'close']);
    },
  );

  /** Sends `kib` chunks of 1 KiB of a chunked body (never its last chunk) until the server closes; what it sent and how much went. */
  async function postChunks(url: string, kib: number, headers: Record<string, string> = {}) {
    const connection = await connectRaw(port);
    connection.socket.write(
      requestHead('POST', url, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...headers }),
    );
    const chunk = 'x'.repeat(1024);
    let sent = 0;
    for (; sent < kib && !connection.socket.destroyed; sent++) {
      const written = connection.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      if (!written) await new Promise((resolve) => connection.socket.once('drain', resolve));
    }
    return parseAnswer(await within(connection.closed, 5000, 'the close'));
  }

  it('counts the bytes of a body sent in chunks to a signed-in route: 413 and a closed connection past 1 MiB', async () => {
    const token = await adminToken(ctx);
    const answer = await postChunks('/api/admin/users/bulk', 1100, { Authorization: `Bearer ${token}` });
    expect([answer.status, answer.headers.connection]).toEqual([413, 'close']);
  });

  it("keeps a signed-in route's own limit: 50 kB of JSON is read, not refused for its size", async () => {
    const token = await adminToken(ctx);
    const body = JSON.stringify({ ids: Array.from({ length: 3000 }, (_, i) => `no-such-user-${i}`), action: 'x' });
    expect(body.length).toBeGreaterThan(50_000);
    const response = await ctx.request(token, {
      method: 'POST',
      url: '/api/admin/users/bulk',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).not.toBe(413);
  });

  describe('a route anyone may call without a session', () => {
    const anonymousPosts = () =>
      ctx.app
        .routeAccess()
        .filter((r) => r.access === 'public' && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
        .map((r) => r.url.replace(/:[a-zA-Z]+/g, 'x'));

    it('is each of sign-in, the sign-in link, forgot and reset password, and registration', () => {
      expect(anonymousPosts()).toEqual(
        expect.arrayContaining([
          '/api/login',
          '/api/login/trust',
          '/api/password/forgot',
          '/api/password/reset',
          '/api/register/x',
        ]),
      );
    });

    it('answers a body announced one byte over its limit 413, closing the connection before reading it', async () => {
      for (const url of anonymousPosts()) {
        const connection = await connectRaw(port);
        connection.socket.write(
          requestHead('POST', url, {
            'Content-Type': 'application/json',
            'Content-Length': ANONYMOUS_BODY_LIMIT_BYTES + 1,
          }) + '{"',
        );
        const answer = parseAnswer(await within(connection.closed, 5000, `the close of POST ${url}`));
        expect([url, answer.status, answer.headers.connection]).toEqual([url, 413, 'close']);
      }
    });

    it('answers GET invite lookup with an announced 1 MiB body 413 before reading it', async () => {
      const connection = await connectRaw(port);
      connection.socket.write(
        requestHead('GET', '/api/invite/some-code', {
          'Content-Type': 'application/json',
          'Content-Length': 1024 * 1024,
        }),
      );
      const answer = parseAnswer(await within(connection.closed, 5000, 'the close'));
      expect([answer.status, answer.headers.connection]).toEqual([413, 'close']);
    });

    it('cuts a body sent in chunks at its limit: 413, the connection closed, most of the body never sent', async () => {
      const answer = await postChunks('/api/login', 1024);
      expect([answer.status, answer.headers.connection]).toEqual([413, 'close']);
    });

    it('still reads a registration of the longest password allowed', async () => {
      const body = JSON.stringify({
        rank: 'A1C',
        unit: 'ü'.repeat(100),
        first_name: 'ü'.repeat(100),
        last_name: 'ü'.repeat(100),
        password: '€'.repeat(1020) + 'Aa1!',
      });
      expect(Buffer.byteLength(body)).toBeGreaterThan(3_500);
      const response = await ctx.request(undefined, {
        method: 'POST',
        url: '/api/register/no-such-code',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode).not.toBe(413);
    });
  });

  it('answers a body sent in chunks to a path without a route 413, reading no further', async () => {
    const answer = await postChunks('/api/no-such-call', 1024);
    expect([answer.status, answer.headers.connection]).toEqual([413, 'close']);
  });

  it('still reads JSON on the same route, and keeps the connection', async () => {
    const connection = await connectRaw(port);
    const body = JSON.stringify({ user_name: 'nobody@example.com', password: 'not-the-password' });
    connection.socket.write(
      requestHead('POST', '/api/login', { 'Content-Type': 'application/json', 'Content-Length': body.length }) + body,
    );
    const answered = new Promise<string>((resolve) =>
      connection.socket.on('data', () => {
        if (connection.received().includes('\r\n\r\n')) resolve(connection.received());
      }),
    );
    const answer = parseAnswer(await within(answered, 5000, 'the answer'));
    expect([answer.status, answer.headers.connection]).toEqual([401, 'keep-alive']);
    connection.socket.destroy();
  });
});
