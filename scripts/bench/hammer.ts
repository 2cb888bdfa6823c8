/**
 * Anonymous clients as fast as they are answered, each request from an address of its own
 * (X-Forwarded-For, for a server that trusts loopback as its proxy):
 * - 'codes': 32 clients posting made-up invite codes to register and made-up tokens to reset;
 * - 'big': 8 clients posting 1 MiB of JSON to sign-in.
 * Runs in a process of its own (anonymous.ts forks it), so its work does not delay the
 * sign-ins it is measured against. Message in: `{ url, mode }`, then 'stop'; message out:
 * the answers' statuses and counts (a connection the server closed before taking the whole
 * body counts as status 0).
 */
import crypto from 'node:crypto';

export type HammerMode = 'codes' | 'big';
const CLIENTS: Record<HammerMode, number> = { codes: 32, big: 8 };
/** 1 MiB of JSON: a sign-in whose password fills it. */
const BIG_BODY = JSON.stringify({ user_name: 'nobody@bench.example.com', password: 'x'.repeat(1024 * 1024 - 64) });
const randomAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

if (!process.send) throw new Error('hammer.ts runs under child_process.fork (see anonymous.ts)');
let running = true;
const statuses: Record<number, number> = {};
const body = { rank: 'AB', unit: 'U', first_name: 'F', last_name: 'L', password: 'Made-Up-Passw0rd!' };

function request(url: string, mode: HammerMode, i: number): Promise<Response> {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() };
  if (mode === 'big') return fetch(`${url}/api/login`, { method: 'POST', headers, body: BIG_BODY });
  const code = crypto.randomBytes(24).toString('base64url');
  return fetch(i % 2 === 0 ? `${url}/api/register/${code}` : `${url}/api/password/reset`, {
    method: 'POST',
    headers,
    body: JSON.stringify(i % 2 === 0 ? body : { token: code, password: body.password }),
  });
}

process.once('message', ({ url, mode }: { url: string; mode: HammerMode }) => {
  const clients = Array.from({ length: CLIENTS[mode] }, async (_, i) => {
    while (running) {
      const res = await request(url, mode, i).catch(() => undefined);
      await res?.arrayBuffer().catch(() => undefined);
      const status = res?.status ?? 0;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  process.once('message', () => {
    running = false;
    void Promise.all(clients).then(() => process.send?.(statuses, () => process.exit(0)));
  });
});
