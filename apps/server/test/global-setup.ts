/**
 * Before any API test file: the migrated empty embedded database's dump, made once
 * (test/databases.ts), so that no test file's setup spends its time-out on it; and the
 * server's entry point built from the current sources (test/server-build.ts), for the
 * tests that start real server processes.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { template } from './databases.ts';
import { SERVER_BUILD } from './server-build.ts';

export default async function setup(): Promise<void> {
  await Promise.all([
    template(),
    promisify(execFile)(process.execPath, ['build.mjs', '--outfile', SERVER_BUILD], {
      cwd: path.resolve(import.meta.dirname, '..'),
    }),
  ]);
}
