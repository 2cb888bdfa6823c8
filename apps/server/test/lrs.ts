/**
 * A real learning record store for tests and the benchmark: the strict LRS of strict-lrs.ts
 * (xAPI 1.0.3's statements resource, in memory), started as a process of its own on a free
 * loopback port, so that its work does not share the test's or the benchmark's event loop. It
 * validates every statement against the specification's rules (xapi-validation.ts), wants
 * X-Experience-API-Version, answers 409 to a statement whose id it holds with other content
 * and takes an identical one again without storing it twice.
 *
 * In front of it, a relay the tests can cut (the LRS "down": connections are reset)
 * or slow, which records every statement id each request carried and the LRS's answer.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './free-port.ts';
import { spawnTiedNode } from './tied-node.ts';

const require = createRequire(import.meta.url);
/** tsx's loader, so that Node runs the LRS's TypeScript as the tests and benchmarks run theirs. */
const TSX = pathToFileURL(require.resolve('tsx')).href;
const LRS_ENTRY = path.join(import.meta.dirname, 'strict-lrs-main.ts');

export const LRS_KEY = 'test-key';
export const LRS_SECRET = 'test-secret';

export interface RelayedRequest {
  method: string;
  /** The statement ids the request carried. */
  ids: string[];
  /** The LRS's status, or 0 when the relay was down and reset the connection. */
  status: number;
  body: string;
}

export interface TestLrs {
  /** The xAPI base the product is configured with (LRS_ENDPOINT): through the relay. */
  endpoint: string;
  /** The LRS itself, not through the relay. */
  direct: string;
  /** Every statement request through the relay, in order. */
  requests: RelayedRequest[];
  /** Cut (true) or restore (false) the relay: cut, every connection is reset before the LRS sees it. */
  setDown(down: boolean): void;
  /** Holds each answer of the LRS this long before relaying it (the LRS has already stored the statements). */
  setDelay(ms: number): void;
  /** Every statement the LRS stores, read through its own API (every page). */
  stored(): Promise<{ id: string; [key: string]: unknown }[]>;
  close(): Promise<void>;
}

function idsOf(method: string, url: string, body: string): string[] {
  if (method === 'PUT') return [new URL(url, 'http://x').searchParams.get('statementId') ?? ''];
  try {
    const parsed: unknown = JSON.parse(body);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.map((s) => String((s as { id?: unknown }).id));
  } catch {
    return [];
  }
}

const auth = `Basic ${Buffer.from(`${LRS_KEY}:${LRS_SECRET}`).toString('base64')}`;

export async function startTestLrs(): Promise<TestLrs> {
  const lrsPort = await freePort();
  const child: ChildProcess = spawnTiedNode(['--import', TSX, LRS_ENTRY], {
    env: { PATH: process.env.PATH, LRS_PORT: String(lrsPort), LRS_KEY, LRS_SECRET },
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const direct = `http://127.0.0.1:${lrsPort}/xAPI`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The test LRS exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`The test LRS did not start:\n${output}`);
    const up = await fetch(`${direct}/about`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  const requests: RelayedRequest[] = [];
  let down = false;
  let delayMs = 0;
  const relay = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      const record = method === 'POST' || method === 'PUT';
      if (down) {
        if (record) requests.push({ method, ids: idsOf(method, url, body), status: 0, body: '' });
        req.socket.destroy();
        return;
      }
      const headers = { ...req.headers };
      delete headers.host;
      const upstream = http.request(
        { host: '127.0.0.1', port: lrsPort, method, path: `/xAPI${url}`, headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            const text = Buffer.concat(parts).toString();
            if (record)
              requests.push({ method, ids: idsOf(method, url, body), status: answer.statusCode ?? 0, body: text });
            setTimeout(() => {
              res.writeHead(answer.statusCode ?? 502, {
                'content-type': answer.headers['content-type'] ?? 'text/plain',
              });
              res.end(text);
            }, delayMs);
          });
        },
      );
      upstream.on('error', () => req.socket.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
  const relayPort = (relay.address() as { port: number }).port;

  return {
    endpoint: `http://127.0.0.1:${relayPort}`,
    direct,
    requests,
    setDown: (d) => {
      down = d;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    async stored() {
      const all: { id: string }[] = [];
      let next: string | undefined = `${direct}/statements?limit=5000`;
      while (next) {
        const res = await fetch(next, { headers: { 'X-Experience-API-Version': '1.0.3', Authorization: auth } });
        if (!res.ok) throw new Error(`GET statements: ${res.status} ${await res.text()}`);
        const page = (await res.json()) as { statements: { id: string }[]; more?: string };
        all.push(...page.statements);
        next = page.more ? new URL(page.more, `http://127.0.0.1:${lrsPort}`).toString() : undefined;
      }
      return all;
    },
    async close() {
      relay.closeAllConnections();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      }
    },
  };
}
