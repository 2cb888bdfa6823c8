/**
 * Loaded into each e2e server (`node --import`): the server stops as on SIGTERM once the test run
 * that started it is gone. Its standard input is a pipe from the run, which the system closes
 * when the run ends however it ends (a time-out's SIGKILL included); without this, a killed run
 * left its servers running, each holding a port and its data directory.
 */
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
// Not a reason to keep running: the server's own work is.
process.stdin.unref();
