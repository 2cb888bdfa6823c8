import path from 'node:path';

/**
 * The entry point as `npm run build` bundles it, built from the current sources by the API
 * tests' global setup (test/global-setup.ts) beside the real build, for tests that start
 * server processes: node starts a bundle in a fraction of the time tsx takes to compile the
 * sources again in each process.
 */
export const SERVER_BUILD = path.resolve(import.meta.dirname, '../dist/test/main.js');
