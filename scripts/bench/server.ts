/** The built server as the benchmarks drive it: started on a free port, signed in to, its CSV report downloaded. */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../apps/server/test/free-port.ts';
import { spawnTiedNode } from '../../apps/server/test/tied-node.ts';
import { waitForHealth } from '../../apps/server/test/wait-for-health.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the built server (or, given node arguments, another server that answers /api/health) on a
 * free port. It plans no reminders nor digests unless the env asks: a seed's assignments owe
 * hundreds of thousands of reminders that a server in service would have sent long ago, and sending
 * them would load the machine through every measurement (their cost is reminders.ts's to measure).
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  nodeArgs = [path.join(root, 'apps/server/dist/main.js')],
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawnTiedNode(nodeArgs, {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      REMINDER_DAYS: '',
      DIGEST_CRON: 'off',
      ...env,
    },
    output: ['ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return { url, child };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export async function login(url: string, user_name: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name, password }),
  });
  return ((await res.json()) as { auth: string }).auth;
}

function rssKiB(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

export interface ReportDownload {
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  /** Growth of the server's resident memory during the download. */
  rssGrowthKiB: number;
}

/** Asks for a report token and downloads the module's CSV, as the admin client does; a string says why it could not. */
export async function downloadReport(
  url: string,
  auth: Record<string, string>,
  moduleId: string,
  pid: number,
): Promise<ReportDownload | string> {
  const tokenRes = await fetch(`${url}/api/admin/reports/token`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ module: moduleId }),
  });
  if (tokenRes.status !== 200) return `no report token (${tokenRes.status})`;
  const { token } = (await tokenRes.json()) as { token: string };
  const before = rssKiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKiB(pid))), 20);
  try {
    const t0 = performance.now();
    const res = await fetch(
      `${url}/api/admin/users?csv=1&module=${encodeURIComponent(moduleId)}&token=${encodeURIComponent(token)}`,
    );
    if (res.status !== 200 || !res.body) return `report answered ${res.status}`;
    const reader = res.body.getReader();
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByteMs) firstByteMs = performance.now() - t0;
      bytes += value.length;
      // indexOf, not a loop over every byte: the client shares the cores with the server.
      for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
    }
    return { rows: lines - 1, bytes, firstByteMs, totalMs: performance.now() - t0, rssGrowthKiB: peak - before };
  } finally {
    clearInterval(sampler);
  }
}
