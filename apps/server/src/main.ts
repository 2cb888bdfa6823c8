/**
 * Starts the product: configuration, database and migrations, seed, HTTP server. With the argument
 * `migrate`, only the database's part (migrations, grants, audit retention), then exits.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { loadOrCreateSecret } from './auth/secret.ts';
import { seed } from './seed/seed.ts';
import { writeRetention } from './features/audit/retention.ts';
import { loggerOptions } from './lib/logging.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// Built layout: apps/server/dist/main.js next to apps/web/dist.
const webDist = path.resolve(here, '../../web/dist');

// V8 grows the heap by a factor of its own choosing (up to 4) between full
// collections; a report download's garbage then grew the process past what a
// download may use before one came. A fixed 1.5 bounds it at no measured cost in
// throughput (decision 018; figures in docs/benchmarks.md). Read at every collection, so
// it applies however the server is started.
v8.setFlagsFromString('--heap-growing-percent=50');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, webDist);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // The embedded database's maintenance (its first pass a minute after start) warns through
  // the app's logger, made just below.
  const logger: { app?: FastifyBaseLogger } = {};
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, ownerUrl: config.databaseOwnerUrl }
      : { dataDir: path.join(config.dataDir, 'db') },
    {
      warn: (message, err) => (logger.app ? logger.app.warn({ err }, message) : console.warn(message, err)),
      asOwner: (owner) => writeRetention(owner, config),
    },
  );
  // `main.js migrate`: the migrations, the grants and the retention, then exit (a deployment's
  // one-shot step with the owner's credentials, so that the servers need only their own).
  if (process.argv[2] === 'migrate') {
    await database.close();
    console.log(`database ready (${database.kind}): migrations applied, application role granted`);
    return;
  }
  const jwtSecret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir);
  const app = await buildApp({
    config,
    database,
    jwtSecret,
    logger: loggerOptions(config.logLevel),
  });
  logger.app = app.log;
  app.addHook('onClose', async () => {
    await database.close();
  });
  await seed(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    announce: (message) => console.log(message),
    log: app.log,
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request that never ends (a client sending its body very slowly, say) must not hold the
    // process: past the deadline it exits anyway, and its supervisor may start a new one.
    setTimeout(() => {
      app.log.error(
        { deadlineMs: config.shutdownTimeoutMs },
        'shutdown deadline passed: exiting with requests still open',
      );
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: `http://${config.host}:${config.port}`, database: database.kind },
    'Ready Airman Training is running',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
