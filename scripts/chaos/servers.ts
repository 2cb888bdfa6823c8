/** The parts every chaos scenario starts: fresh PostgreSQL databases, seeded, and the built server. */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_GAME_RECORD, type Module } from '@airman/contracts/module.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { openDatabase, type DatabaseLocation } from '../../apps/server/src/db/database.ts';
import { freePort } from '../../apps/server/test/free-port.ts';
import { spawnTiedNode } from '../../apps/server/test/tied-node.ts';
import { waitForHealth } from '../../apps/server/test/wait-for-health.ts';
import { seedBenchUsers, seedQuietly } from '../bench/seed-users.ts';

const root = path.resolve(import.meta.dirname, '../..');

export const ADMIN_EMAIL = 'chaos-admin@example.com';
export const ADMIN_PASSWORD = 'Chaos-Admin-1!';
export const USERS = 500;
export const USER_PASSWORD = 'Chaos-User-1!';
/** Everything this script writes carries this prefix, so the checks afterwards find exactly it. */
export const WRITE_PREFIX = 'chaos-';

export const account = (i: number) => ({ user_name: `user${i % USERS}@bench.example.com`, password: USER_PASSWORD });

export async function adminQuery<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A database of its own on the PostgreSQL server of `serverUrl`; returns its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** The schema, the seed module, an administrator and USERS trainees who can sign in. */
export async function prepareDatabase(location: DatabaseLocation): Promise<void> {
  const database = await openDatabase(location);
  try {
    await seedQuietly(database, ADMIN_EMAIL, ADMIN_PASSWORD);
    await seedBenchUsers(database, USERS, await hashPassword(USER_PASSWORD));
  } finally {
    await database.close();
  }
}

/** Every process the chaos run started, so that a run over its time can end them all. */
export const started = new Set<ChildProcess>();

export function endAll(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export interface AppServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** The last of what the process wrote to stdout and stderr. */
  output(): string;
}

/** The built server (apps/server/dist) on `port` or a free one, once it answers /api/health. */
export async function startAppServer(env: NodeJS.ProcessEnv, port?: number): Promise<AppServer> {
  port ??= await freePort();
  const child = spawnTiedNode([path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      REMINDER_DAYS: '',
      DIGEST_CRON: 'off',
      ...env,
    },
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => out);
  return { url, port, child, output: () => out };
}

export async function stopAppServer(server: AppServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export async function signIn(url: string, user_name: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${user_name} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { auth: string }).auth;
}

/** A module made from scratch, as the editor's "new module" sends it: small, and never deduplicated by the server. */
export const newModule = (title: string): Module => ({ ...DEFAULT_GAME_RECORD, id: '', game_title: title });

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
