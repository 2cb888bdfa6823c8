/** The built server (test/server-build.ts) run as a real process by a test, its output kept. */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { SERVER_BUILD } from './server-build.ts';
import { spawnTiedNode } from './tied-node.ts';
import { waitForHealth } from './wait-for-health.ts';

const serverRoot = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** The built entry point as a child process of this one (tied-node.ts), with no environment but PATH and `env`. */
export function spawnServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawnTiedNode([SERVER_BUILD], { cwd: serverRoot, env: { PATH: process.env.PATH, ...env } });
}

/** Starts the built server on a free port, logging warnings and worse; resolves once it is healthy. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawnServer({ PORT: String(port), LOG_LEVEL: 'warn', ...env });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => out);
  return { child, url, output: () => out };
}

/** Resolves once the process has exited, sending it `signal` if it still runs. */
export function exited(s: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
    s.child.once('exit', () => resolve());
    s.child.kill(signal);
  });
}

/** Polls `condition` every 100 ms until it holds; fails after `timeoutMs`, saying what `what` returns. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
