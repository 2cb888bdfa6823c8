#!/usr/bin/env node
/**
 * `npm test`: the build, then the browser end-to-end project side by side with the unit, web and
 * API projects, each in a Vitest process of its own.
 *
 * The e2e files run one at a time (e2e/constants.ts). Their browser, server and runner keep the
 * machine busy in bursts (a page's load, an axe pass) and wait between them. The other projects
 * run beside them at the lowest CPU priority (`nice -n 19`, where the system has `nice`): they
 * take the cores only when the e2e suite leaves them idle, so the browser's waits do not grow.
 * Each line of output is prefixed with the process it came from; the run fails when either part
 * fails, and ends with each part's time.
 *
 * With arguments (`npm test -- e2e/login.test.ts`), the build and then one `vitest run` with them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const started = Date.now();
const seconds = (from) => `${Math.round((Date.now() - from) / 1000)} s`;
const windows = process.platform === 'win32';
const npm = windows ? 'npm.cmd' : 'npm';
const npx = windows ? 'npx.cmd' : 'npx';

/** Runs a command; resolves with its exit code. `label` prefixes each of its output lines. */
function run(command, commandArgs, { label } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: windows,
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

/** `command` at the lowest CPU priority where the system's `nice` is there; as it is elsewhere. */
function lowPriority(command, commandArgs) {
  const nice = !windows && spawnSync('nice', ['true']).status === 0;
  return nice ? ['nice', ['-n', '19', command, ...commandArgs]] : [command, commandArgs];
}

const build = await run(npm, ['run', 'build']);
if (build !== 0) process.exit(build);
const built = seconds(started);

if (args.length > 0) process.exit(await run(npx, ['vitest', 'run', ...args]));

const partStarted = Date.now();
const timed = async (name, promise) => {
  const code = await promise;
  return { name, code, time: seconds(partStarted) };
};
const parts = await Promise.all([
  timed('e2e', run(npx, ['vitest', 'run', '--project', 'e2e'], { label: 'e2e  |' })),
  timed(
    'unit, web, API',
    run(...lowPriority(npx, ['vitest', 'run', '--project', 'unit', '--project', 'web', '--project', 'api']), {
      label: 'other|',
    }),
  ),
]);
console.log(`\nnpm test: build ${built}`);
for (const part of parts) {
  console.log(`npm test: ${part.name} ${part.code === 0 ? 'passed' : `FAILED (exit ${part.code})`} in ${part.time}`);
}
console.log(`npm test: ${seconds(started)} in all`);
process.exit(parts.some((part) => part.code !== 0) ? 1 : 0);
