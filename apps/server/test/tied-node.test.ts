import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Whether a process of this id is running. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A parent that starts a child which would run for a minute, says the child's id, and waits. */
const PARENT = `
  import { spawnTiedNode } from ${JSON.stringify(new URL('./tied-node.ts', import.meta.url).pathname)};
  const child = spawnTiedNode(['-e', 'setTimeout(() => {}, 60_000)'], { output: ['ignore', 'ignore'] });
  console.log(child.pid);
  setInterval(() => {}, 1000);
`;

describe('spawnTiedNode', () => {
  it('stops the child once its parent is killed, as a run ended by a time-out is', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PARENT], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = await new Promise<number>((resolve, reject) => {
      parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
      parent.once('exit', () => reject(new Error('the parent ended before starting its child')));
    });
    expect(running(pid)).toBe(true);
    parent.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (running(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(running(pid)).toBe(false);
  });
});
