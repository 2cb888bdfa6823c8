import { beforeAll, describe, expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';
import { connectRaw, listenOnLoopback, parseAnswer, requestHead, within } from '#test/raw-http.ts';

/** Under every body limit: a refusal says something about the media type, not the size. */
const ANNOUNCED = 100_000;
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

  it('counts the bytes of a body sent in chunks: 413 and a closed connection once they pass 1 MiB', async () => {
    const connection = await connectRaw(port);
    connection.socket.write(
      requestHead('POST', '/api/login', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
    );
    const chunk = 'x'.repeat(64 * 1024);
    // 18 chunks of 64 KiB: past 1 MiB, and the last chunk (size 0) is never sent.
    for (let i = 0; i < 18 && !connection.socket.destroyed; i++) {
      connection.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    }
    const answer = parseAnswer(await within(connection.closed, 5000, 'the close'));
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
