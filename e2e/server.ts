/** The server of the worker running this test file (e2e/global-setup.ts starts one per worker). */
import { inject } from 'vitest';

export interface E2EServer {
  baseUrl: string;
  /** Where this server's SMTP inbox writes each message it accepted (.eml). */
  mailDir: string;
}

export function ourServer(): E2EServer {
  const servers = inject('servers');
  // Pool ids run from 1 to the number of workers.
  const server = servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length];
  if (!server) throw new Error('no e2e server was started');
  return server;
}
