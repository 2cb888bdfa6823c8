/** Configuration from the environment (README.md, "Configuration"), validated once at start. */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';
import { isTimeZone } from './lib/time-zone.ts';

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the client's address in X-Forwarded-For (Fastify's
 * trustProxy): unset, none (the peer is the client); otherwise a comma-separated
 * list of the proxies' addresses or CIDR ranges (or loopback, linklocal,
 * uniquelocal). Sign-in throttling per address depends on it: behind a proxy
 * that is not trusted, every client has the proxy's address. Not a count of
 * hops, nor "trust everyone": either would let a client that reaches the server
 * directly forge its address (Fastify itself ignores a count). Checked here
 * rather than left to Fastify's proxy-addr, which takes '2' for the address
 * 0.0.0.2 and names one bad entry at a time.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): false | string => {
    const v = raw?.trim() ?? '';
    if (v === '') return false;
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `give the proxies' addresses or CIDR ranges; not one: ${bad.map((b) => `'${b}'`).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries.join(',');
  });

const optionalNonEmpty = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * REMINDER_DAYS: days before a due date a trainee is reminded, comma-separated
 * (default 5,1); empty turns trainee reminders off, the past-due one included.
 * Returned distinct, largest first.
 */
const reminderDaysSchema = z
  .string()
  .optional()
  .transform((raw, ctx): number[] => {
    if (raw === undefined) return [5, 1];
    const v = raw.trim();
    if (v === '') return [];
    const parts = v.split(',').map((p) => p.trim());
    const bad = parts.filter((p) => !/^\d{1,3}$/.test(p) || Number(p) < 1 || Number(p) > 365);
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `give whole numbers of days from 1 to 365, comma-separated; not: ${bad.map((b) => `'${b}'`).join(', ')}`,
      });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))].sort((a, b) => b - a);
  });

/**
 * FOLLOWUP_DAYS: days after a completion the trainee is e-mailed the follow-up questionnaire
 * (default 30); empty turns the follow-up off.
 */
const followupDaysSchema = z
  .string()
  .optional()
  .transform((raw, ctx): number | undefined => {
    if (raw === undefined) return 30;
    const v = raw.trim();
    if (v === '') return undefined;
    if (!/^\d{1,3}$/.test(v) || Number(v) < 1 || Number(v) > 365) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a whole number of days from 1 to 365, or empty for no follow-up',
      });
      return z.NEVER;
    }
    return Number(v);
  });

/** AUDIT_RETENTION_DAYS: unset or empty keeps the audit log for ever; otherwise 1–36,500 days. */
const auditRetentionDaysSchema = optionalNonEmpty.transform((v, ctx): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 36_500) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a whole number of days from 1 to 36500, or empty to keep for ever',
    });
    return z.NEVER;
  }
  return Number(v);
});

/** 'true' or 'false' (default false). */
const booleanFlag = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((v) => v === 'true');

function cronProblem(pattern: string): string | undefined {
  try {
    new Cron(pattern, { paused: true, mode: '5-part' });
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message.replace(/^CronPattern: /, '') : String(err);
  }
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalNonEmpty.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'must start with postgres:// or postgresql://',
  ),
  DATABASE_OWNER_URL: optionalNonEmpty.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'must start with postgres:// or postgresql://',
  ),
  JWT_SECRET: optionalNonEmpty.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  ADMIN_EMAIL: optionalNonEmpty,
  ADMIN_PASSWORD: optionalNonEmpty,
  ADMIN_PASSWORD_FILE: optionalNonEmpty,
  SMTP_URL: optionalNonEmpty.refine(
    (v) => v === undefined || /^smtps?:\/\//.test(v),
    'must start with smtp:// or smtps://',
  ),
  MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
  PUBLIC_URL: optionalNonEmpty.refine((v) => v === undefined || URL.canParse(v), 'must be a URL'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySchema,
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int('must be a whole number of seconds').min(1).max(600).default(10),
  HEADERS_TIMEOUT_S: z.coerce.number().int('must be a whole number of seconds').min(1).max(600).default(10),
  BODY_TIMEOUT_S: z.coerce.number().int('must be a whole number of seconds').min(1).max(3_600).default(10),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int('must be a whole number').min(1).max(100_000).default(128),
  METRICS_TOKEN: optionalNonEmpty.refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  INVITE_TTL_DAYS: z.coerce.number().int('must be a whole number of days').min(1).max(365).default(14),
  REMINDER_DAYS: reminderDaysSchema,
  FOLLOWUP_DAYS: followupDaysSchema,
  AUDIT_RETENTION_DAYS: auditRetentionDaysSchema,
  AUDIT_SIGNIN_DAYS: z.coerce.number().int('must be a whole number of days').min(1).max(36_500).default(90),
  REMINDER_INTERVAL_S: z.coerce.number().int('must be a whole number of seconds').min(1).max(86_400).default(300),
  MAIL_CLAIM_S: z.coerce.number().int('must be a whole number of seconds').min(1).max(3_600).default(60),
  LRS_ENDPOINT: optionalNonEmpty
    .refine((v) => v === undefined || (/^https?:\/\//.test(v) && URL.canParse(v)), 'must be an http:// or https:// URL')
    // fetch refuses such a URL (nothing would be sent) and its error, logged at every retry, names it.
    .refine(
      (v) => v === undefined || !URL.canParse(v) || (new URL(v).username === '' && new URL(v).password === ''),
      'must not hold a user name or password (user:password@); give them in LRS_KEY and LRS_SECRET',
    ),
  LRS_KEY: optionalNonEmpty,
  LRS_SECRET: optionalNonEmpty,
  LRS_VERSION: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? '1.0.3' : v.trim()))
    .refine((v) => /^(1\.0\.[0-3]|2\.0\.0)$/.test(v), 'must be an xAPI version: 1.0.0 to 1.0.3, or 2.0.0'),
  LRS_CLAIM_S: z.coerce.number().int('must be a whole number of seconds').min(1).max(3_600).default(60),
  DIGEST_CRON: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? '0 8 * * 1' : v.trim()))
    .superRefine((v, ctx) => {
      const problem = v === 'off' ? undefined : cronProblem(v);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message: `must be a cron pattern of five fields (minute hour day month weekday): ${problem}`,
        });
    }),
  DIGEST_TZ: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? 'UTC' : v.trim()))
    .refine(isTimeZone, 'must be an IANA time zone such as UTC or America/Denver'),
  OIDC_ISSUER: optionalNonEmpty.refine(
    (v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v),
    'must be an http(s) URL',
  ),
  OIDC_CLIENT_ID: optionalNonEmpty,
  OIDC_CLIENT_SECRET: optionalNonEmpty,
  OIDC_NAME: optionalNonEmpty.refine((v) => v === undefined || v.length <= 60, 'must be at most 60 characters'),
  OIDC_SCOPES: optionalNonEmpty.refine(
    (v) => v === undefined || v.split(/\s+/).includes('openid'),
    'must be space-separated scopes that include openid',
  ),
  OIDC_AUTO_PROVISION: booleanFlag,
  OIDC_ONLY: booleanFlag,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The schema's owner (DATABASE_OWNER_URL): runs the migrations, grants DATABASE_URL's role and
   * writes the audit retention; undefined: DATABASE_URL's role does that itself.
   */
  databaseOwnerUrl: string | undefined;
  jwtSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: string;
  /** Fastify's trustProxy: false, or the proxies' addresses and ranges, comma-separated. */
  trustProxy: false | string;
  /** How long an invite code stays valid after it was (re)sent, in ms. */
  inviteTtlMs: number;
  /** Days before a due date that trainees are reminded, largest first; empty: no trainee reminders. */
  reminderDays: number[];
  /** Days after a completion the follow-up questionnaire is e-mailed (FOLLOWUP_DAYS); undefined: never. */
  followupDays: number | undefined;
  /** How often the scheduler plans reminders and digests, in ms. */
  reminderIntervalMs: number;
  /** How long audit entries are kept, in days (AUDIT_RETENTION_DAYS); undefined: for ever. */
  auditRetentionDays: number | undefined;
  /** How long the sign-in stream's entries are kept, in days (AUDIT_SIGNIN_DAYS). */
  auditSignInDays: number;
  /**
   * How long a process holds the e-mails it took to send, in ms: if it dies while sending,
   * another process (or itself, restarted) sends them after that.
   */
  mailClaimMs: number;
  /**
   * The learning record store xAPI statements go to (LRS_ENDPOINT, the base of its
   * statements resource), with Basic credentials and the xAPI version sent; undefined:
   * no statement is queued or sent.
   */
  lrs: { endpoint: string; key: string | undefined; secret: string | undefined; version: string } | undefined;
  /** How long a process holds the statements it took to send, in ms (as mailClaimMs). */
  lrsClaimMs: number;
  /** When the administrators' weekly digest goes out: a 5-field cron pattern, read in digestTz; undefined: never (DIGEST_CRON=off). */
  digestCron: string | undefined;
  digestTz: string;
  /** On SIGTERM, in-flight requests get this long to finish; then the process exits anyway (status 1). */
  shutdownTimeoutMs: number;
  /** A request's head (request line and headers) must have arrived this long after its first byte, in ms; then 408. */
  headersTimeoutMs: number;
  /** Its body, this much longer (the whole request within headersTimeoutMs + bodyTimeoutMs), in ms; then 408. */
  bodyTimeoutMs: number;
  /** Open connections one client address may hold (an IPv6 address: its /64); trusted proxies are not counted. */
  connectionsPerAddress: number;
  /** GET /metrics answers only to `Authorization: Bearer <this>`; unset: no metrics. */
  metricsToken: string | undefined;
  /** Sign-in through the unit's OpenID Connect provider; undefined: password sign-in only. */
  oidc: OidcConfig | undefined;
  /** Where the built web app is; unset in API tests. */
  webDist: string | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on the sign-in button ("Sign in with {name}"). */
  name: string;
  /** Space-separated, openid among them. */
  scopes: string;
  /** An unknown verified e-mail gets a trainee account. */
  autoProvision: boolean;
  /** Password sign-in is off for everyone but the ADMIN_EMAIL administrator. */
  only: boolean;
}

const OIDC_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

export class ConfigError extends Error {}

/**
 * A secret kept in a file (a Docker or Compose secret, say) rather than in the environment, which
 * whoever may inspect the container reads: the file's text without its final line break.
 */
function readSecretFile(file: string): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const reason = err instanceof Error && 'code' in err ? String(err.code) : String(err);
    throw new ConfigError(`Invalid environment:\n  ADMIN_PASSWORD_FILE: cannot read ${file} (${reason})`);
  }
  const secret = text.replace(/\r?\n$/, '');
  if (secret.trim() === '') throw new ConfigError(`Invalid environment:\n  ADMIN_PASSWORD_FILE: ${file} is empty`);
  return secret;
}

/** Parses the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv, webDist?: string): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.ADMIN_PASSWORD !== undefined && e.ADMIN_PASSWORD_FILE !== undefined) {
    throw new ConfigError('Invalid environment:\n  ADMIN_PASSWORD and ADMIN_PASSWORD_FILE: set one, not both');
  }
  const adminPassword = e.ADMIN_PASSWORD_FILE === undefined ? e.ADMIN_PASSWORD : readSecretFile(e.ADMIN_PASSWORD_FILE);
  if ((e.ADMIN_EMAIL === undefined) !== (adminPassword === undefined)) {
    throw new ConfigError(
      'Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD (or ADMIN_PASSWORD_FILE) must be set together',
    );
  }
  if (e.DATABASE_OWNER_URL !== undefined) {
    if (e.DATABASE_URL === undefined)
      throw new ConfigError(
        'Invalid environment:\n  DATABASE_OWNER_URL needs DATABASE_URL, the role the server works as',
      );
    if (!new URL(e.DATABASE_URL).username)
      throw new ConfigError(
        "Invalid environment:\n  DATABASE_URL must name its user when DATABASE_OWNER_URL is set: that role is granted the server's rights",
      );
  }
  const oidcSet = OIDC_VARIABLES.filter((name) => e[name] !== undefined);
  if (oidcSet.length > 0 && oidcSet.length < OIDC_VARIABLES.length) {
    throw new ConfigError(`Invalid environment:\n  ${OIDC_VARIABLES.join(', ')} must be set together`);
  }
  if ((e.OIDC_ONLY || e.OIDC_AUTO_PROVISION) && oidcSet.length === 0) {
    throw new ConfigError('Invalid environment:\n  OIDC_ONLY and OIDC_AUTO_PROVISION need OIDC_ISSUER');
  }
  if (e.OIDC_ONLY && e.ADMIN_EMAIL === undefined) {
    throw new ConfigError(
      'Invalid environment:\n  OIDC_ONLY needs ADMIN_EMAIL, the administrator who may still sign in with a password',
    );
  }
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          name: e.OIDC_NAME ?? 'your identity provider',
          scopes: e.OIDC_SCOPES?.split(/\s+/).join(' ') ?? 'openid email profile',
          autoProvision: e.OIDC_AUTO_PROVISION,
          only: e.OIDC_ONLY,
        }
      : undefined;
  if ((e.LRS_KEY === undefined) !== (e.LRS_SECRET === undefined)) {
    throw new ConfigError('Invalid environment:\n  LRS_KEY and LRS_SECRET must be set together');
  }
  if (e.LRS_KEY !== undefined && e.LRS_ENDPOINT === undefined) {
    throw new ConfigError('Invalid environment:\n  LRS_KEY and LRS_SECRET need LRS_ENDPOINT');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    inviteTtlMs: e.INVITE_TTL_DAYS * 24 * 60 * 60 * 1000,
    reminderDays: e.REMINDER_DAYS,
    followupDays: e.FOLLOWUP_DAYS,
    reminderIntervalMs: e.REMINDER_INTERVAL_S * 1000,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    auditSignInDays: e.AUDIT_SIGNIN_DAYS,
    mailClaimMs: e.MAIL_CLAIM_S * 1000,
    lrs: e.LRS_ENDPOINT
      ? {
          endpoint: e.LRS_ENDPOINT.replace(/\/+$/, ''),
          key: e.LRS_KEY,
          secret: e.LRS_SECRET,
          version: e.LRS_VERSION,
        }
      : undefined,
    lrsClaimMs: e.LRS_CLAIM_S * 1000,
    digestCron: e.DIGEST_CRON === 'off' ? undefined : e.DIGEST_CRON,
    digestTz: e.DIGEST_TZ,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: e.HEADERS_TIMEOUT_S * 1000,
    bodyTimeoutMs: e.BODY_TIMEOUT_S * 1000,
    connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
    oidc,
    webDist,
  };
}
