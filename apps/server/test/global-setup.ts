/**
 * Before any API test file: the migrated empty embedded database's dump, made once, and
 * on PostgreSQL a migrated template database, dropped after the last file
 * (test/databases.ts), so that no test file's setup spends its time-out on them; and the
 * server's entry point built from the current sources (test/server-build.ts), for the
 * tests that start real server processes.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, template } from './databases.ts';
import { SERVER_BUILD } from './server-build.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  const [, , postgresTemplate] = await Promise.all([
    template(),
    promisify(execFile)(process.execPath, ['build.mjs', '--outfile', SERVER_BUILD], {
      cwd: path.resolve(import.meta.dirname, '..'),
    }),
    url ? createPostgresTemplate(url) : undefined,
  ]);
  project.provide('postgresTemplate', postgresTemplate?.name);
  return async () => {
    await postgresTemplate?.drop();
  };
}
