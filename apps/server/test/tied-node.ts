/**
 * A Node process that ends with the one that started it: the servers, the LRS and the other
 * processes the tests, benchmarks and chaos runs start. Each loads exit-with-parent.mjs and reads
 * a pipe from its parent, which the system closes however the parent ends (a time-out's SIGKILL
 * included); without it, a killed run left its servers running, each holding a port, a database
 * and a data directory.
 */
import { spawn, type ChildProcess, type IOType, type SpawnOptions } from 'node:child_process';
import path from 'node:path';

export const EXIT_WITH_PARENT = path.join(import.meta.dirname, 'exit-with-parent.mjs');

/** `node <args>` tied to this process; `output` is where its stdout and stderr go (stdin is the tie). */
export function spawnTiedNode(
  args: string[],
  options: Omit<SpawnOptions, 'stdio'> & { output?: [IOType, IOType] } = {},
): ChildProcess {
  const { output = ['pipe', 'pipe'], ...rest } = options;
  return spawn(process.execPath, ['--import', EXIT_WITH_PARENT, ...args], { ...rest, stdio: ['pipe', ...output] });
}
