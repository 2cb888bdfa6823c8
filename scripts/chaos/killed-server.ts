/**
 * kill -9 of one of two servers behind nginx under load. nginx passes a
 * request that failed to connect, timed out, or was answered 502 or 503 to the
 * other server (proxy_next_upstream), which it may do for idempotent methods
 * once the request was sent; a POST already sent to the killed process is
 * answered 502 and left to the client, which retries it with its
 * Idempotency-Key (client.ts), waiting as told while the dead process's lease
 * on that key lapses (plugins/idempotency.ts). Counted: requests that failed at the client
 * although a retry could have served them (a read nginx should have passed
 * on, or a write still failing after the client's retries), and writes stored
 * twice.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/test/free-port.ts';
import { waitForHealth } from '../../apps/server/test/wait-for-health.ts';
import { HTTP_RETRIES } from '@airman/contracts/constants.ts';
import { attempt, isOk, retryingWrite, type Call } from './client.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminQuery,
  newModule,
  signIn,
  sleep,
  startAppServer,
  started,
  stopAppServer,
  WRITE_PREFIX,
  type AppServer,
} from './servers.ts';
import { NGINX, nginxConfig } from '../nginx.ts';

export interface KilledServerResult {
  /** Requests through nginx while the load ran, and how many of them were writes. */
  killed_server_requests: number;
  killed_server_writes: number;
  killed_server_errors_seen_by_clients: number;
  /** Those errors by method and last answer ('GET 502', 'POST 0': no answer). */
  killed_server_failures: Record<string, number>;
  /** Writes whose first attempt failed and a retry served (the client's share of the work). */
  killed_server_write_retries: number;
  killed_server_duplicate_writes: number;
  killed_server_lost_writes: number;
}

export async function runKilledServer(options: {
  databaseUrl: string;
  jwtSecret: string;
  clients: number;
  seconds: number;
}): Promise<KilledServerResult> {
  if (!NGINX) throw new Error('no nginx (apt-get install -y nginx-light)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-nginx-'));
  const servers: AppServer[] = [];
  let nginx: ChildProcess | undefined;
  try {
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startAppServer({
          DATABASE_URL: options.databaseUrl,
          JWT_SECRET: options.jwtSecret,
          DATA_DIR: path.join(dir, `server-${i}`),
        }),
      );
    }
    const listen = await freePort();
    const base = `http://127.0.0.1:${listen}`;
    const confFile = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      confFile,
      nginxConfig(
        dir,
        listen,
        servers.map((s) => s.port),
        { errorLevel: 'crit', workerConnections: 1024, keepalive: 16 },
      ),
    );
    const check = spawnSync(NGINX, ['-t', '-c', confFile, '-p', dir], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refused its configuration: ${check.stderr}`);
    nginx = spawn(NGINX, ['-c', confFile, '-p', dir], { stdio: 'ignore' });
    started.add(nginx);
    await waitForHealth(base, nginx);
    const token = await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD);

    let running = true;
    let requests = 0;
    let errors = 0;
    const failures: Record<string, number> = {};
    const failed = (method: string, status: number) => {
      errors++;
      failures[`${method} ${status}`] = (failures[`${method} ${status}`] ?? 0) + 1;
    };
    let writeRetries = 0;
    const names: string[] = [];
    const client = async (c: number) => {
      for (let j = 0; running; j++) {
        if (j % 2 === 0) {
          const call: Call = { method: 'GET', path: (j + c) % 4 ? 'modules' : 'admin/users' };
          requests++;
          // One attempt: a read nginx cannot serve after one process died is an error seen.
          const a = await attempt(base, token, call);
          if (!isOk(a)) failed(call.method, a.status);
        } else {
          const name = `${WRITE_PREFIX}k${c}-${j}`;
          names.push(name);
          const r = await retryingWrite(
            base,
            () => token,
            { method: 'POST', path: 'modules', body: newModule(name) },
            // The web client's own retries, no more.
            { deadlineMs: 30_000, maxAttempts: HTTP_RETRIES + 1 },
          );
          requests += r.attempts.length;
          if (!r.acked) failed('POST', r.last.status);
          else if (r.attempts.length > 1) writeRetries++;
        }
      }
    };
    const load = Array.from({ length: options.clients }, (_, c) => client(c));
    // Both processes serve a while; then one dies without warning, and the load goes on.
    await sleep((options.seconds * 1000) / 3);
    const victim = servers[0];
    if (victim) {
      const died = new Promise((resolve) => victim.child.once('exit', resolve));
      victim.child.kill('SIGKILL');
      await died;
    }
    await sleep((options.seconds * 2000) / 3);
    running = false;
    await Promise.all(load);

    const stored = new Map(
      (
        await adminQuery<{ name: string; n: number }>(
          options.databaseUrl,
          'SELECT game_title AS name, count(*)::int AS n FROM modules WHERE game_title = ANY($1) GROUP BY 1',
          [names],
        )
      ).map((r) => [r.name, r.n]),
    );
    return {
      killed_server_requests: requests,
      killed_server_writes: names.length,
      killed_server_errors_seen_by_clients: errors,
      killed_server_failures: failures,
      killed_server_write_retries: writeRetries,
      killed_server_duplicate_writes: names.filter((n) => (stored.get(n) ?? 0) > 1).length,
      killed_server_lost_writes: names.filter((n) => (stored.get(n) ?? 0) === 0).length,
    };
  } finally {
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((resolve) => nginx?.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await gone;
    }
    for (const s of servers) await stopAppServer(s);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
