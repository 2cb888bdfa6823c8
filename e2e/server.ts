/**
 * The server of the worker running this test file (e2e/global-setup.ts starts one per worker).
 *
 * Each worker process claims a server of its own, the first one free, with a file named after
 * the server's place in a directory the global setup made: created whole or not at all, it holds
 * the worker's pid, and a claim whose process has ended is free again. (Vitest's VITEST_POOL_ID
 * cannot say it: two e2e workers of a run with other projects were both given 1, shared a
 * server, and one file's sign-out revoked the other's tokens.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export interface E2EServer {
  baseUrl: string;
  /** Where this server's SMTP inbox writes each message it accepted (.eml). */
  mailDir: string;
}

let claimed: E2EServer | undefined;

export function ourServer(): E2EServer {
  if (claimed) return claimed;
  const servers = inject('servers');
  const claims = inject('serverClaims');
  const index = servers.findIndex((_, i) => claim(path.join(claims, String(i))));
  const server = servers[index];
  if (!server) throw new Error(`each of the ${servers.length} e2e servers is another worker's`);
  claimed = server;
  return server;
}

/** Whether this process holds the claim `file`, taking it when it is free. */
export function claim(file: string): boolean {
  for (;;) {
    if (create(file)) return true;
    const holder = Number(readOrEmpty(file));
    if (holder === process.pid) return true;
    if (holder > 0 && alive(holder)) return false;
    // The holder has ended: the claim is moved aside (of two processes doing so, one moves it),
    // then created again. A claim moved aside that was not the ended one (another process took
    // it meanwhile) is put back.
    const aside = `${file}.aside.${process.pid}`;
    try {
      fs.renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      continue;
    }
    const moved = Number(readOrEmpty(aside));
    if (moved !== holder && moved > 0 && alive(moved)) create(file, aside);
    fs.rmSync(aside, { force: true });
  }
}

/**
 * Creates `file` holding this process's pid (or `from`'s content), whole or not at all: a hard
 * link to a file already written fails where `file` exists.
 */
function create(file: string, from?: string): boolean {
  const source = from ?? `${file}.${process.pid}`;
  if (!from) fs.writeFileSync(source, String(process.pid));
  try {
    fs.linkSync(source, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    if (!from) fs.rmSync(source, { force: true });
  }
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
