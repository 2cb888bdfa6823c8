/**
 * Starts the built product for the e2e suite, once per worker (E2E_WORKERS files run at a
 * time, each worker's files one after another against its own server): the real server
 * (apps/server/dist/main.js, built by `npm test`) on a free loopback port with a fresh data
 * directory, exactly as `npm start` runs it, sending its e-mail through a real SMTP server
 * on loopback (e2e/smtp-inbox.ts) whose messages land in its `mailDir`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, E2E_WORKERS } from './constants.ts';
import type { E2EServer } from './server.ts';
import { startSmtpInbox } from './smtp-inbox.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { spawnTiedNode } from '../apps/server/test/tied-node.ts';
import { waitForHealth } from '../apps/server/test/wait-for-health.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker: each worker claims one (e2e/server.ts). */
    servers: E2EServer[];
    /** The directory of the workers' claims on the servers. */
    serverClaims: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'apps/server/dist/main.js');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The product is not built: run `npm run build` (npm test does it first).');
  }
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer()));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseUrl, mailDir }) => ({ baseUrl, mailDir })),
  );
  const claims = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-server-claims-'));
  project.provide('serverClaims', claims);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(claims, { recursive: true, force: true });
  };
}

/** A started server; `stop` ends it and its inbox, and removes its data unless asked to keep them. */
export interface StartedServer extends E2EServer {
  dataDir: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts the built server as the suite's are, with a fresh data directory and a free port, or
 * (to start one again after `stop({ keepData: true })`) with those it had.
 */
export async function startServer(again?: Pick<StartedServer, 'baseUrl' | 'dataDir'>): Promise<StartedServer> {
  const port = again ? Number(new URL(again.baseUrl).port) : await freePort();
  const dataDir = again?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailDir = path.join(dataDir, 'received-mail');
  const inbox = await startSmtpInbox(mailDir);
  const child = spawnTiedNode([main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      PUBLIC_URL: baseUrl,
      SMTP_URL: inbox.url,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Reminders are checked every 2 s, so a test sees one arrive; no weekly digest mid-suite.
      REMINDER_INTERVAL_S: '2',
      DIGEST_CRON: 'off',
      // Tests may sign in "from" other addresses (X-Forwarded-For); the browser's requests come from loopback.
      TRUST_PROXY: 'loopback',
    },
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  if (process.env.E2E_SERVER_LOG) {
    const log = fs.createWriteStream(`${process.env.E2E_SERVER_LOG}.${port}`);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  try {
    // A fresh embedded database migrates first: on a busy machine that takes more than a minute.
    await waitForHealth(baseUrl, child, () => output, 240_000);
  } catch (error) {
    await inbox.close();
    throw error;
  }
  return {
    baseUrl,
    mailDir,
    dataDir,
    async stop(options = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await inbox.close();
      if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
