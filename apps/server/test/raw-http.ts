/**
 * A client at the level of the socket, for tests of what a slow or hostile client can do
 * that fetch cannot: send part of a request, trickle the rest, hold a connection open, and
 * see exactly what the server sent and when it closed the connection.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawConnection {
  socket: net.Socket;
  /** Everything the server has sent so far. */
  received(): string;
  /** Resolves, with everything the server sent, once the server has closed the connection. */
  closed: Promise<string>;
  /** Sends one byte every `everyMs` until the connection closes; returns a function that stops it. */
  trickle(everyMs: number, byte?: string): () => void;
}

/** Starts listening on a free loopback port (the app is ready); the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
  return address.port;
}

/** A connection to 127.0.0.1:port, once connected. */
export async function connectRaw(port: number): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  // A reset after the server closed is part of what is observed, not a failure of the test.
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    received: () => text,
    closed,
    trickle(everyMs, byte = ' ') {
      const timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(byte);
      }, everyMs);
      const stop = () => clearInterval(timer);
      socket.once('close', stop);
      return stop;
    },
  };
}

/** A request's head (request line and headers, then the blank line), as a client sends it. */
export function requestHead(method: string, url: string, headers: Record<string, string | number> = {}): string {
  const lines = [`${method} ${url} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The promise's value, or a failure naming what did not happen within `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** An answer as the server sent it: status, headers (lower-case names) and body. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads the first answer of what the server sent (which must hold at least its head). */
export function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete answer in ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = text.slice(end + 4);
  const length = headers['content-length'];
  return { status, headers, body: length === undefined ? rest : rest.slice(0, Number(length)) };
}
