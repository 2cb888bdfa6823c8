import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, api } from './api-client.ts';

/** A real server that fails the first tries of each call as told, recording each try's key. */
const keys: (string | undefined)[] = [];
let failures: ('503' | 'drop' | '409-running' | '409' | '502')[] = [];
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    keys.push(request.headers['idempotency-key'] as string | undefined);
    const failure = failures.shift();
    if (failure === 'drop') return request.socket.destroy();
    if (failure === '409-running')
      return response.writeHead(409, { 'content-type': 'application/json', 'retry-after': '0' }).end('{"message":"x"}');
    if (failure === '502')
      return response.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"refused"}');
    if (failure === '409')
      return response.writeHead(409, { 'content-type': 'application/json' }).end('{"message":"taken"}');
    if (failure === '503')
      return response.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"x"}');
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
let client: typeof api;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = api.extend({ prefixUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the API client', () => {
  it.each([
    ['post', '503'],
    ['post', 'drop'],
    ['put', '503'],
    ['post', '409-running'],
  ] as const)('sends the same Idempotency-Key on every retry of a %s (first try: %s)', async (method, failure) => {
    keys.length = 0;
    failures = [failure];
    await client[method]('thing', { ...ANONYMOUS, json: { a: 1 } }).json();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f]{32}"$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a new key with each write, and none with a read', async () => {
    keys.length = 0;
    failures = [];
    await client.post('thing', { ...ANONYMOUS, json: { a: 1 } }).json();
    await client.post('thing', { ...ANONYMOUS, json: { a: 1 } }).json();
    await client.get('thing', ANONYMOUS).json();
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeUndefined();
  });

  it('does not retry a 409 that says no more than a conflict', async () => {
    keys.length = 0;
    failures = ['409'];
    await expect(client.post('thing', { ...ANONYMOUS, json: { a: 1 } }).json()).rejects.toMatchObject({
      message: 'taken',
    });
    expect(keys).toHaveLength(1);
  });

  it('does not repeat a write answered 502, and repeats a read', async () => {
    keys.length = 0;
    failures = ['502'];
    await expect(client.post('thing', { ...ANONYMOUS, json: { a: 1 } }).json()).rejects.toMatchObject({
      message: 'refused',
    });
    expect(keys).toHaveLength(1);
    failures = ['502'];
    await client.get('thing', ANONYMOUS).json();
    expect(keys).toHaveLength(3);
  });
});
