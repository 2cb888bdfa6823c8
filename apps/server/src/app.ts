/**
 * Builds the application: plugins for external things first (security, auth),
 * then the routes. Returned un-started, so tests drive it with app.inject().
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { TokenService } from './auth/tokens.ts';
import { DeviceCookies } from './auth/device-cookie.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerIdempotency, type UnkeyedWrite } from './plugins/idempotency.ts';
import { registerAuditSource } from './plugins/audit-source.ts';
import { registerSchemas } from './plugins/schemas.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { openApiRoutes, registerOpenApi } from './plugins/openapi.ts';
import serverPackage from '../package.json' with { type: 'json' };
import { registerInputTextCheck } from './plugins/input-text.ts';
import { registerAnonymousGate, type AnonymousLimits } from './plugins/anonymous-gate.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { deadlineOptions, limitConnectionsPerAddress, trustedProxies } from './plugins/connections.ts';
import { registerBodyRules } from './plugins/bodies.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerCookies } from './lib/cookies.ts';
import { opsRoutes } from './features/ops/routes.ts';
import { sessionRoutes } from './features/session/routes.ts';
import { SignInNames } from './auth/sign-in-names.ts';
import { MIN_MS_PER_MOVE } from '@airman/contracts/constants.ts';
import { gameRoutes } from './features/game/routes.ts';
import { moduleRoutes } from './features/modules/routes.ts';
import { questionnaireRoutes } from './features/questionnaire/routes.ts';
import { adminUserRoutes } from './features/admin-users/routes.ts';
import { inviteRoutes } from './features/invites/routes.ts';
import { reportRoutes, xapiReportRoutes } from './features/reports/routes.ts';
import { progressRoutes } from './features/progress/routes.ts';
import { followupRoutes } from './features/followup/routes.ts';
import { selfRoutes } from './features/self/routes.ts';
import { passwordRoutes } from './features/password/routes.ts';
import { emailRoutes } from './features/emails/routes.ts';
import { bulkUserRoutes } from './features/bulk-users/routes.ts';
import { inviteFileRoutes } from './features/invite-file/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { oidcRoutes } from './features/oidc/routes.ts';
import { recordRoutes } from './features/record/routes.ts';
import { createMailer } from './mail/mailer.ts';
import { MailWorker } from './mail/outbox.ts';
import { ReminderScheduler } from './features/reminders/scheduler.ts';
import { createLrs } from './xapi/lrs.ts';
import { XapiWorker } from './xapi/outbox.ts';
import { StatementBuilder } from './xapi/statements.ts';
import { RETRY_AFTER_SECONDS } from './db/unavailable.ts';
import { HttpError } from './lib/http-error.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** The share of anonymous calls (plugins/anonymous-gate.ts); its defaults unless a test says otherwise. */
  anonymousLimits?: AnonymousLimits;
  /** The least time a move of a finished run may take (MIN_MS_PER_MOVE unless set; tests play faster). */
  minMsPerMove?: number;
  /** Load shedding (@fastify/under-pressure): its defaults (LOAD_SHEDDING) unless a test says otherwise; a delay of 0 turns it off. */
  loadShedding?: { maxEventLoopDelayMs: number; sampleIntervalMs: number };
  /** The clock Idempotency-Keys expire by (Date.now unless a test moves it). */
  now?: () => number;
  /** A keyed write route that answers without its keyedTransaction (plugins/idempotency.ts): logged unless a test says `fail`. */
  unkeyedWrite?: UnkeyedWrite;
  /** The xAPI queue's first retry delay and poll (5 s and 2 s unless a test says otherwise). */
  xapiTiming?: { backoffMs: number; pollMs: number };
  /** Whether the reminder scheduler checks on its own (yes unless a test runs the checks itself). */
  scheduledChecks?: boolean;
}

/**
 * Past this event-loop delay the server answers 503 with Retry-After instead of
 * queueing more work it would answer too late anyway (checked every sample).
 */
export const LOAD_SHEDDING = { maxEventLoopDelayMs: 1000, sampleIntervalMs: 1000 };

export const SERVICE_BUSY = 'The service is busy. Try again in a few seconds.';

/** Largest request body accepted (a big module or invite list fits easily). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // HEADERS_TIMEOUT_S and BODY_TIMEOUT_S: a request that does not arrive in time is answered 408.
    ...deadlineOptions(deps.config),
    // Finish in-flight requests on close; drop idle keep-alive connections.
    forceCloseConnections: 'idle',
    // TRUST_PROXY (config.ts): whose X-Forwarded-For gives request.ip.
    trustProxy: deps.config.trustProxy,
  });
  const { database, config } = deps;
  limitConnectionsPerAddress(app.server, config.connectionsPerAddress, trustedProxies(config.trustProxy), app.log);
  const tokens = new TokenService(deps.jwtSecret);

  registerErrorHandler(app);
  // First of the request hooks: its transactions' audit entries name the request (lib/audit.ts).
  registerAuditSource(app);
  registerSchemas(app);
  registerSecurityHeaders(app, config.publicUrl);
  // Before anything reads a token or the database: a body too large is refused first.
  registerBodyRules(app);
  // Before compression: the answer it keeps for a repeat is the one the route gave.
  registerIdempotency(app, database, { now: deps.now, unkeyedWrite: deps.unkeyedWrite });
  // gzip/brotli for JSON, CSV and the web app's files (phones on slow links). Flushed
  // after each write, so a streamed CSV's first bytes leave at once instead of after ~1 MB.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    },
    zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH },
  });
  const shedding = deps.loadShedding ?? LOAD_SHEDDING;
  await app.register(underPressure, {
    maxEventLoopDelay: shedding.maxEventLoopDelayMs,
    sampleInterval: shedding.sampleIntervalMs,
    // Liveness is answered even then: a busy process is not a dead one.
    pressureHandler: async (request, reply) => {
      if (request.routeOptions.url === '/api/health') return;
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new HttpError(503, SERVICE_BUSY);
    },
  });
  registerMetrics(app, database, config.metricsToken);
  await registerCookies(app);
  const requestAuth = registerAuth(app, database, tokens);
  registerInputTextCheck(app);
  registerAnonymousGate(app, deps.anonymousLimits);
  // Before the routes: it collects their schemas as they are added.
  await registerOpenApi(app, serverPackage.version);
  openApiRoutes(app);

  opsRoutes(app, database);
  const mailer = createMailer(config);
  const mail = new MailWorker(database, mailer, app.log, config.mailClaimMs);
  const devices = new DeviceCookies(deps.jwtSecret, config.publicUrl.startsWith('https://'));
  // What the sign-in log and the throttle keep of a name that is not an account's (auth/sign-in-names.ts).
  const names = new SignInNames(deps.jwtSecret);
  sessionRoutes(app, database.db, tokens, devices, config, mail, names);
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => {
    await mail.stop();
    mailer.close();
  });
  if (deps.scheduledChecks !== false) {
    const scheduler = new ReminderScheduler(database, config, app.log);
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }

  // xAPI statements (docs/xapi.md): queued and sent only when an LRS is configured.
  const xapi = config.lrs ? new StatementBuilder(config.publicUrl) : undefined;
  if (config.lrs) {
    const worker = new XapiWorker(database, createLrs(config.lrs), app.log, {
      claimMs: config.lrsClaimMs,
      ...deps.xapiTiming,
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  gameRoutes(app, database.db, { minMsPerMove: deps.minMsPerMove ?? MIN_MS_PER_MOVE, xapi });
  moduleRoutes(app, database.db);
  questionnaireRoutes(app, database.db);
  adminUserRoutes(app, database, requestAuth);
  inviteRoutes(app, database, config, mail);
  reportRoutes(app, database.db);
  xapiReportRoutes(app, database, config.publicUrl);
  progressRoutes(app, database, config.followupDays);
  followupRoutes(app, database.db, xapi);
  selfRoutes(app, database.db, tokens);
  passwordRoutes(app, database.db, config, names);
  emailRoutes(app, database.db);
  bulkUserRoutes(app, database, config);
  await inviteFileRoutes(app, database.db, config);
  auditRoutes(app, database.db);
  oidcRoutes(app, database.db, tokens, config, deps.jwtSecret);
  recordRoutes(app, database, config.publicUrl);

  await registerWebApp(app, config.webDist);
  return app;
}
