import { beforeAll, describe, expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { connectRaw, listenOnLoopback, parseAnswer, requestHead, within } from '../../test/raw-http.ts';

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
