#!/usr/bin/env node
/**
 * `npm test`: the build, then the browser end-to-end project side by side with the unit, web and
 * API projects, each in a Vitest process of its own.
 *
 * The e2e files run one at a time (e2e/constants.ts) and spend most of their time waiting on the
 * browser and the server, which leaves a core free; the other projects take that core, one file
 * at a time (TESTS_BESIDE_E2E, vitest.config.ts), rather than running before the e2e suite starts.
 * Each line of output is prefixed with the process it came from; the run fails when either fails,
 * and ends with each part's time.
 *
 * With arguments (`npm test -- e2e/login.test.ts`), the build and then one `vitest run` with them.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const started = Date.now();
const seconds = (from) => `${Math.round((Date.now() - from) / 1000)} s`;

/** Runs a command; resolves with its exit code. `label` prefixes each of its output lines. */
function run(command, commandArgs, { label, env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (label) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${label} ${line}\n`));
      }
    }
    // Ctrl+C reaches the children through the terminal's process group; a TERM sent to this
    // process alone is passed on.
    const forward = () => child.kill('SIGTERM');
    process.once('SIGTERM', forward);
    child.on('close', (code, signal) => {
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const build = await run(npm, ['run', 'build']);
if (build !== 0) process.exit(build);
const built = seconds(started);

if (args.length > 0) {
  process.exit(await run(npx, ['vitest', 'run', ...args]));
}

const partStarted = Date.now();
const timed = async (name, promise) => {
  const code = await promise;
  return { name, code, time: seconds(partStarted) };
};
const parts = await Promise.all([
  timed('e2e', run(npx, ['vitest', 'run', '--project', 'e2e'], { label: 'e2e  |' })),
  timed(
    'unit, web, API',
    run(npx, ['vitest', 'run', '--project', 'unit', '--project', 'web', '--project', 'api'], {
      label: 'other|',
      env: { TESTS_BESIDE_E2E: '1' },
    }),
  ),
]);
console.log(`\nnpm test: build ${built}`);
for (const part of parts) {
  console.log(`npm test: ${part.name} ${part.code === 0 ? 'passed' : `FAILED (exit ${part.code})`} in ${part.time}`);
}
console.log(`npm test: ${seconds(started)} in all`);
process.exit(parts.some((part) => part.code !== 0) ? 1 : 0);
