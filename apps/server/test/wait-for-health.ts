/** Waits until a server process started by a test or benchmark answers /api/health. */
import type { ChildProcess } from 'node:child_process';

/**
 * Polls `${url}/api/health` every 200 ms. Fails at once if the process exits,
 * and after `timeoutMs`; either error carries what `output` returns (the
 * server's captured output, when the caller keeps it).
 */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string = () => '',
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`Server did not become healthy:\n${output()}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
}
