/**
 * 32 anonymous clients posting made-up invite codes to register and made-up
 * tokens to reset, as fast as they are answered, each request from an address
 * of its own (X-Forwarded-For, for a server that trusts loopback as its proxy).
 * Runs in a process of its own (anonymous.ts forks it), so its work does not
 * delay the sign-ins it is measured against. Message in: the server's URL,
 * then 'stop'; message out: the answers' statuses and counts.
 */
import crypto from 'node:crypto';

const CLIENTS = 32;
const randomAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

if (!process.send) throw new Error('hammer.ts runs under child_process.fork (see anonymous.ts)');
let running = true;
const statuses: Record<number, number> = {};
const body = { rank: 'AB', unit: 'U', first_name: 'F', last_name: 'L', password: 'Made-Up-Passw0rd!' };

process.once('message', (url: string) => {
  const clients = Array.from({ length: CLIENTS }, async (_, i) => {
    while (running) {
      const code = crypto.randomBytes(24).toString('base64url');
      const res = await fetch(i % 2 === 0 ? `${url}/api/register/${code}` : `${url}/api/password/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
        body: JSON.stringify(i % 2 === 0 ? body : { token: code, password: body.password }),
      }).catch(() => undefined);
      await res?.arrayBuffer();
      if (res) statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  });
  process.once('message', () => {
    running = false;
    void Promise.all(clients).then(() => process.send?.(statuses, () => process.exit(0)));
  });
});
