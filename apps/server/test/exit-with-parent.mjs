/**
 * Loaded into a process the tests, benchmarks or chaos runs start (`node --import`, tied-node.ts):
 * it stops as on SIGTERM once the process that started it is gone. Its standard input is a pipe
 * from its parent, which the system closes when the parent ends however it ends (a time-out's
 * SIGKILL included); without this, a killed run left its servers running, each holding a port and
 * its data directory.
 */
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
// Not a reason to keep running: the process's own work is.
process.stdin.unref();
