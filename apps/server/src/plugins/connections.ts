/**
 * What one client's connections may hold, how many, and for how long. One address may hold
 * CONNECTIONS_PER_ADDRESS open connections; a request's head must arrive within
 * HEADERS_TIMEOUT_S of its first byte and its body within BODY_TIMEOUT_S more; past that
 * the connection is answered 408 and closed, whatever the client keeps sending.
 *
 * Node enforces both deadlines itself (http.Server's headersTimeout and requestTimeout,
 * checked every connectionsCheckingInterval). Its defaults did not cover a body trickled
 * one byte every 5 s: requestTimeout (Fastify's, 30 s) was shorter than headersTimeout
 * (Node's, 60 s), and Node then takes the shorter of the two for the head and the longer
 * for the whole request, checked every 30 s, so such a body held its connection for 60 to
 * 90 s. Here the whole request's deadline is the head's plus the body's, so never the
 * shorter one, and the check runs every second.
 */
import http from 'node:http';
import { BlockList, isIPv6, type Socket } from 'node:net';
import type { ConnectionError, FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** How often Node looks for requests past their deadline: a deadline is kept to within this. */
export const DEADLINE_CHECK_MS = 1000;

/** Fastify's options for the deadlines of a request's head and body (and its answer when one passes). */
export function deadlineOptions(config: Pick<Config, 'headersTimeoutMs' | 'bodyTimeoutMs'>): {
  http: http.ServerOptions;
  requestTimeout: number;
  clientErrorHandler: (this: FastifyInstance, error: ConnectionError, socket: Socket) => void;
} {
  return {
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: DEADLINE_CHECK_MS },
    requestTimeout: config.headersTimeoutMs + config.bodyTimeoutMs,
    clientErrorHandler: answerClientError,
  };
}

const CLIENT_ERRORS = new Map([
  ['ERR_HTTP_REQUEST_TIMEOUT', { status: 408, message: 'The request did not arrive in time. Send it again.' }],
  ['HPE_HEADER_OVERFLOW', { status: 431, message: "The request's headers are too large." }],
]);
const MALFORMED = { status: 400, message: 'The request is not valid HTTP.' };

/**
 * A request Node could not take to the application (past its deadline, headers too large,
 * not HTTP): answered in the API's JSON, then the connection is closed.
 */
function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS.get(error.code) ?? MALFORMED;
  this.log.info({ code: error.code, remoteAddress: socket.remoteAddress, status }, 'request refused by the server');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** proxy-addr's names in TRUST_PROXY, as the ranges they stand for. */
const NAMED_RANGES = new Map<string, string[]>([
  ['loopback', ['127.0.0.1/8', '::1/128']],
  ['linklocal', ['169.254.0.0/16', 'fe80::/10']],
  ['uniquelocal', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
]);

/** The addresses TRUST_PROXY names (config.ts has checked each entry), as a list to look addresses up in. */
export function trustedProxies(trustProxy: false | string): BlockList {
  const list = new BlockList();
  if (trustProxy === false) return list;
  for (const entry of trustProxy.split(',').flatMap((e) => NAMED_RANGES.get(e) ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * Whose connections are counted together: an IPv4 address (also when it arrives mapped
 * into IPv6), or an IPv6 address's /64, the block one subscriber is given (a client
 * holding one may take any address of it).
 */
export function addressKey(address: string): string {
  const plain = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail] = plain.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const written = [...groups(head), ...(tail === undefined ? [] : groups(tail))];
  // A trailing dotted IPv4 part holds two groups.
  const width = written.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const all = tail === undefined ? written : [...groups(head), ...Array<string>(8 - width).fill('0'), ...groups(tail)];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * At most `limit` open connections per client address (addressKey): one more is closed at
 * once, without an answer, before a byte of it is read. The trusted proxies' connections
 * are not counted: they carry every client's requests, and the proxy limits its clients
 * (docs/deployment.md).
 */
export function limitConnectionsPerAddress(
  server: http.Server,
  limit: number,
  exempt: BlockList,
  log: FastifyBaseLogger,
): void {
  const open = new Map<string, number>();
  // Told once for each address that reaches the limit, until its connections are all closed.
  const told = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return;
    if (exempt.check(address, isIPv6(address) ? 'ipv6' : 'ipv4')) return;
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= limit) {
      socket.destroy();
      if (!told.has(key)) {
        told.add(key);
        log.warn({ address: key, limit }, 'connections refused: the address holds as many as it may');
      }
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else {
        open.delete(key);
        told.delete(key);
      }
    });
  });
}
