/**
 * A server of one e2e file's own (describeE2E's last argument), its inbox read with the suite's,
 * that a test may stop, change in its embedded database, and start again at the same address:
 * how days pass for the scheduler without waiting them out.
 */
import path from 'node:path';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { readMailIn } from './api.ts';
import { startServer, type StartedServer } from './global-setup.ts';

export class OwnServer {
  private server: StartedServer | undefined;
  private stopReading = (): void => undefined;

  /** Starts it: describeE2E's server for the file. */
  readonly start = async (): Promise<StartedServer> => {
    this.server = await startServer();
    this.stopReading = readMailIn(this.server.mailDir);
    return this.server;
  };

  /** Stops it with its data kept, runs `change` on its database, and starts it again where it was. */
  async restartAfter(change: (database: Database) => Promise<void>): Promise<void> {
    const running = this.server;
    if (!running) throw new Error('the own server was not started');
    await running.stop({ keepData: true });
    const database = await openDatabase({ dataDir: path.join(running.dataDir, 'db') });
    try {
      await change(database);
    } finally {
      await database.close();
    }
    this.server = await startServer(running);
  }

  async stop(): Promise<void> {
    this.stopReading();
    await this.server?.stop();
  }
}
