/**
 * Builds the real application on a real database for API tests, with
 * factories that create their own data (tests never share state).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash as argon2Hash, type Algorithm } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Role } from '@airman/contracts/constants.ts';
import { buildApp, type AppDeps } from '../src/app.ts';
import type { AnonymousLimits } from '../src/plugins/anonymous-gate.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { seed } from '../src/seed/seed.ts';
import { databaseTargets } from './databases.ts';

const UNGATED: AnonymousLimits = {
  inFlight: Number.MAX_SAFE_INTEGER,
  perSecond: Number.MAX_SAFE_INTEGER,
  burst: Number.MAX_SAFE_INTEGER,
};

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const TEST_PASSWORD = 'Correct-Horse-9';

/**
 * TEST_PASSWORD's hash for every factory user and the seeded administrator: argon2id at the
 * least cost the library takes (8 KiB, one pass). A hash records its parameters and is verified
 * with them (auth/passwords.ts), so each sign-in of theirs verifies in about a millisecond rather
 * than the app's 20 ms or more of CPU; the passwords the app itself hashes (registration, reset,
 * change, the seed) keep the app's parameters.
 */
const ARGON2ID: Algorithm = 2;
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () =>
  (passwordHash ??= argon2Hash(TEST_PASSWORD, { algorithm: ARGON2ID, memoryCost: 8, timeCost: 1, parallelism: 1 }));

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A request with a bearer token. */
  request(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Creates an active user (or as given) and signs them in. */
  createUser(options?: { role?: Role; active?: boolean; pending?: boolean; lastName?: string }): Promise<TestUser>;
}

export interface HarnessOptions {
  webDist?: string;
  /**
   * Environment of the app; a function is read in beforeAll (after e.g. an SMTP
   * server started). DIGEST_CRON is off unless given, so that no test's count of
   * e-mails depends on the day of the week it runs.
   */
  env?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv);
  /** The app's logger (default: none). */
  logger?: FastifyServerOptions['logger'];
  /**
   * The share of anonymous calls (plugins/anonymous-gate.ts). Default: wide
   * enough never to refuse, so that tests of other features may register and
   * reset in quick succession; the gate's own test gives the real limits.
   */
  anonymousLimits?: AnonymousLimits;
  /** Unset: 0, so tests may finish a run as fast as they play it. */
  minMsPerMove?: number;
  /**
   * Load shedding's thresholds. Unset: off (a delay of 0 disables the check).
   * A test that seeds thousands of rows into PGlite holds the event loop for
   * seconds, and on a busy machine the next request would be shed with a 503
   * that has nothing to do with what the test checks; load-shedding.api.test.ts
   * tests the shedding itself.
   */
  loadShedding?: AppDeps['loadShedding'];
  /** The clock Idempotency-Keys expire by (default: Date.now). */
  now?: AppDeps['now'];
  /** The xAPI queue's first retry delay and poll (default: the app's). */
  xapiTiming?: AppDeps['xapiTiming'];
  /** Unset: the reminder scheduler checks on its own, 1 s after start and then every REMINDER_INTERVAL_S. */
  scheduledChecks?: boolean;
}

const SHEDDING_OFF = { maxEventLoopDelayMs: 0, sampleIntervalMs: 1000 };

/**
 * Runs `suite` once per database target. The context is filled in beforeAll;
 * read it inside tests, not at collection time.
 */
export function describeApi(name: string, suite: (ctx: TestContext) => void, options: HarnessOptions = {}): void {
  for (const target of databaseTargets) {
    describe(`${name} [${target.name}]`, () => {
      const ctx = {} as TestContext;
      let dispose: (() => Promise<void>) | undefined;
      let dataDir: string | undefined;

      beforeAll(async () => {
        const opened = await target.open();
        dispose = opened.dispose;
        // Each suite writes its files (mail outbox) in a directory of its own.
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
        const config = loadConfig(
          {
            LOG_LEVEL: 'silent',
            DATA_DIR: dataDir,
            DIGEST_CRON: 'off',
            ...(typeof options.env === 'function' ? options.env() : options.env),
          },
          options.webDist,
        );
        await seed(opened.database.db, {
          adminEmail: 'admin@example.com',
          adminPassword: TEST_PASSWORD,
          announce: () => undefined,
          log: { info: () => undefined } as never,
        });
        await opened.database.db
          .update(users)
          .set({ password_hash: await testPasswordHash() })
          .where(eq(users.user_name, 'admin@example.com'));
        const app = await buildApp({
          config,
          database: opened.database,
          jwtSecret: TEST_JWT_SECRET,
          logger: options.logger,
          anonymousLimits: options.anonymousLimits ?? UNGATED,
          minMsPerMove: options.minMsPerMove ?? 0,
          loadShedding: options.loadShedding ?? SHEDDING_OFF,
          now: options.now,
          // A keyed write route that forgets its keyedTransaction fails every test that calls it.
          unkeyedWrite: 'fail',
          xapiTiming: options.xapiTiming,
          scheduledChecks: options.scheduledChecks,
        });
        await app.ready();
        Object.assign(ctx, {
          app,
          database: opened.database,
          config,
          request: (token: string | undefined, opts: InjectOptions) =>
            app.inject({
              ...opts,
              headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
            }),
          createUser: (o = {}) => createUser(app, opened.database, o),
        } satisfies TestContext);
      });

      afterAll(async () => {
        await ctx.app?.close();
        await dispose?.();
        if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      });

      suite(ctx);
    });
  }
}

/** A token of the administrator every suite's database is seeded with. */
export async function adminToken(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { user_name: 'admin@example.com', password: TEST_PASSWORD },
  });
  return res.json<{ auth: string }>().auth;
}

async function createUser(
  app: FastifyInstance,
  database: Database,
  o: { role?: Role; active?: boolean; pending?: boolean; lastName?: string },
): Promise<TestUser> {
  const id = crypto.randomUUID();
  const email = `user-${id.slice(0, 8)}@example.com`;
  const active = o.active ?? true;
  await database.db.insert(users).values({
    id,
    user_name: email,
    password_hash: await testPasswordHash(),
    first_name: 'Test',
    last_name: o.lastName ?? `User${id.slice(0, 4)}`,
    rank: 'A1C',
    unit: '655 ISRW',
    role: o.role ?? 'user',
    active_at: active ? Date.now() : 0,
    pending: o.pending ?? false,
    created_at: Date.now(),
  });
  let token = '';
  if (active && !o.pending) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { user_name: email, password: TEST_PASSWORD },
    });
    token = (res.json() as { auth: string }).auth;
  }
  return { id, email, password: TEST_PASSWORD, token };
}

/**
 * The messages the app's sender wrote in outbox mode (no SMTP_URL: DATA_DIR/outbox), newest
 * first, as raw text with quoted-printable soft line breaks undone.
 */
export function sentMessages(ctx: TestContext): string[] {
  const dir = path.join(ctx.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .reverse()
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, ''));
}
