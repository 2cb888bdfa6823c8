import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the defaults README.md documents', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      mailFrom: 'no-reply@localhost',
      publicUrl: 'http://localhost:3000',
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://train.example.mil/' }).publicUrl).toBe('https://train.example.mil');
  });

  it('lists every bad variable in one message', () => {
    const bad = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/);
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.mil' })).toThrow(/together/);
  });

  it('reads the administrator’s password from ADMIN_PASSWORD_FILE, without its final line break', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airman-config-'));
    try {
      const file = path.join(dir, 'admin_password');
      fs.writeFileSync(file, 'Secret Pass 1\n');
      expect(loadConfig({ ADMIN_EMAIL: 'a@b.mil', ADMIN_PASSWORD_FILE: file }).adminPassword).toBe('Secret Pass 1');
      expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.mil', ADMIN_PASSWORD_FILE: file, ADMIN_PASSWORD: 'x' })).toThrow(
        /set one, not both/,
      );
      expect(() => loadConfig({ ADMIN_PASSWORD_FILE: file })).toThrow(/must be set together/);
      expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.mil', ADMIN_PASSWORD_FILE: path.join(dir, 'none') })).toThrow(
        /ADMIN_PASSWORD_FILE: cannot read .*none \(ENOENT\)/,
      );
      fs.writeFileSync(file, '\n');
      expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.mil', ADMIN_PASSWORD_FILE: file })).toThrow(/is empty/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes DATABASE_OWNER_URL only beside a DATABASE_URL that names its user', () => {
    const owner = 'postgres://airman_owner:o@db/airman';
    expect(loadConfig({ DATABASE_URL: 'postgres://airman_app:a@db/airman', DATABASE_OWNER_URL: owner })).toMatchObject({
      databaseUrl: 'postgres://airman_app:a@db/airman',
      databaseOwnerUrl: owner,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/airman' }).databaseOwnerUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_OWNER_URL: owner })).toThrow(/DATABASE_OWNER_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/airman', DATABASE_OWNER_URL: owner })).toThrow(
      /DATABASE_URL must name its user/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://a@db/x', DATABASE_OWNER_URL: 'mysql://x' })).toThrow(
      /DATABASE_OWNER_URL: must start with postgres/,
    );
  });

  it('reads the LRS: none unless LRS_ENDPOINT is set, then its credentials and xAPI version (1.0.3 unless given)', () => {
    expect(loadConfig({})).toMatchObject({ lrs: undefined, lrsClaimMs: 60_000 });
    expect(loadConfig({ LRS_ENDPOINT: 'https://lrs.example.mil/xapi/' }).lrs).toEqual({
      endpoint: 'https://lrs.example.mil/xapi',
      key: undefined,
      secret: undefined,
      version: '1.0.3',
    });
    const full = loadConfig({
      LRS_ENDPOINT: 'http://127.0.0.1:8080/xAPI',
      LRS_KEY: 'k',
      LRS_SECRET: 's',
      LRS_VERSION: '1.0.1',
      LRS_CLAIM_S: '5',
    });
    expect([full.lrs, full.lrsClaimMs]).toEqual([
      { endpoint: 'http://127.0.0.1:8080/xAPI', key: 'k', secret: 's', version: '1.0.1' },
      5_000,
    ]);
  });

  it('refuses a bad LRS endpoint or version, and credentials without both halves or an endpoint', () => {
    expect(() => loadConfig({ LRS_ENDPOINT: 'ftp://lrs.example.mil' })).toThrow(/LRS_ENDPOINT: must be an http/);
    for (const endpoint of [
      'https://key:s3cret@lrs.example.mil/xapi',
      'https://key@lrs.example.mil',
      'http://:s3cret@lrs.example.mil',
    ]) {
      expect(() => loadConfig({ LRS_ENDPOINT: endpoint, PORT: 'x' })).toThrow(
        /LRS_ENDPOINT: must not hold a user name or password \(user:password@\); give them in LRS_KEY and LRS_SECRET/,
      );
      // Named with every other bad variable, and never repeated in the message.
      expect(() => loadConfig({ LRS_ENDPOINT: endpoint, PORT: 'x' })).toThrow(/PORT: /);
      expect(() => loadConfig({ LRS_ENDPOINT: endpoint })).not.toThrow(/s3cret/);
    }
    expect(() => loadConfig({ LRS_ENDPOINT: 'https://lrs.example.mil', LRS_VERSION: '0.95' })).toThrow(
      /LRS_VERSION: must be an xAPI version/,
    );
    expect(() => loadConfig({ LRS_ENDPOINT: 'https://lrs.example.mil', LRS_KEY: 'k' })).toThrow(
      /LRS_KEY and LRS_SECRET must be set together/,
    );
    expect(() => loadConfig({ LRS_KEY: 'k', LRS_SECRET: 's' })).toThrow(/need LRS_ENDPOINT/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it("reads TRUST_PROXY as no proxy, or the proxies' addresses and ranges", () => {
    const trust = (TRUST_PROXY: string | undefined) => loadConfig({ TRUST_PROXY }).trustProxy;
    expect([trust(undefined), trust(' '), trust('10.0.0.1, 10.1.0.0/16,loopback'), trust('2001:db8::/32')]).toEqual([
      false,
      false,
      '10.0.0.1,10.1.0.0/16,loopback',
      '2001:db8::/32',
    ]);
  });

  it('refuses a TRUST_PROXY that names no address: a count of hops, true, a host name, a bad range', () => {
    const trust = (TRUST_PROXY: string) => () => loadConfig({ TRUST_PROXY });
    expect(trust('2, true, 10.0.0.0/33, proxy.example.mil')).toThrow(
      "TRUST_PROXY: give the proxies' addresses or CIDR ranges; not one: '2', 'true', '10.0.0.0/33', 'proxy.example.mil'",
    );
  });

  it('reads the reminder and digest schedule, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      reminderDays: [5, 1],
      reminderIntervalMs: 300_000,
      digestCron: '0 8 * * 1',
      digestTz: 'UTC',
    });
    const c = loadConfig({
      REMINDER_DAYS: ' 1, 7,3,7 ',
      REMINDER_INTERVAL_S: '2',
      DIGEST_CRON: '30 6 * * 5',
      DIGEST_TZ: 'America/Denver',
    });
    expect(c).toMatchObject({
      reminderDays: [7, 3, 1],
      reminderIntervalMs: 2000,
      digestCron: '30 6 * * 5',
      digestTz: 'America/Denver',
    });
    // Empty turns trainee reminders off.
    expect(loadConfig({ REMINDER_DAYS: '' }).reminderDays).toEqual([]);
    expect(loadConfig({ DIGEST_CRON: 'off' }).digestCron).toBeUndefined();
  });

  it('sends the follow-up questionnaire 30 days on unless FOLLOWUP_DAYS says otherwise or is empty', () => {
    expect(loadConfig({}).followupDays).toBe(30);
    expect(loadConfig({ FOLLOWUP_DAYS: ' 60 ' }).followupDays).toBe(60);
    expect(loadConfig({ FOLLOWUP_DAYS: '' }).followupDays).toBeUndefined();
    for (const bad of ['0', '366', '2.5', 'x'])
      expect(() => loadConfig({ FOLLOWUP_DAYS: bad })).toThrow(
        'FOLLOWUP_DAYS: must be a whole number of days from 1 to 365, or empty for no follow-up',
      );
  });

  it('refuses bad reminder days, interval, cron pattern and time zone, naming each', () => {
    const bad = () =>
      loadConfig({
        REMINDER_DAYS: '5,0,x',
        REMINDER_INTERVAL_S: '0',
        DIGEST_CRON: 'every monday',
        DIGEST_TZ: 'Mars/Olympus',
      });
    expect(bad).toThrow("REMINDER_DAYS: give whole numbers of days from 1 to 365, comma-separated; not: '0', 'x'");
    expect(bad).toThrow(
      /REMINDER_INTERVAL_S: [\s\S]*DIGEST_CRON: must be a cron pattern of five fields[\s\S]*DIGEST_TZ: must be an IANA time zone/,
    );
  });

  it("reads the deadlines of a request's head and body, 10 s each unless given", () => {
    expect(loadConfig({})).toMatchObject({ headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000 });
    expect(loadConfig({ HEADERS_TIMEOUT_S: '3', BODY_TIMEOUT_S: '45' })).toMatchObject({
      headersTimeoutMs: 3_000,
      bodyTimeoutMs: 45_000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_S: '0', BODY_TIMEOUT_S: '1.5' })).toThrow(
      /HEADERS_TIMEOUT_S: [\s\S]*BODY_TIMEOUT_S: must be a whole number of seconds/,
    );
  });

  it('reads the open connections one address may hold, 128 unless given', () => {
    expect(loadConfig({}).connectionsPerAddress).toBe(128);
    expect(loadConfig({ CONNECTIONS_PER_ADDRESS: '16' }).connectionsPerAddress).toBe(16);
    expect(() => loadConfig({ CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/CONNECTIONS_PER_ADDRESS/);
  });

  it('reads the identity provider, unset unless its issuer, client id and secret are all given', () => {
    const provider = { OIDC_ISSUER: 'https://id.example.mil', OIDC_CLIENT_ID: 'airman', OIDC_CLIENT_SECRET: 's3cret' };
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig(provider).oidc).toEqual({
      issuer: 'https://id.example.mil',
      clientId: 'airman',
      clientSecret: 's3cret',
      name: 'your identity provider',
      scopes: 'openid email profile',
      autoProvision: false,
      only: false,
    });
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.mil' })).toThrow(/must be set together/);
    expect(() => loadConfig({ ...provider, OIDC_SCOPES: 'email profile' })).toThrow(/OIDC_SCOPES: .*openid/);
    expect(() => loadConfig({ ...provider, OIDC_ONLY: 'yes' })).toThrow(/OIDC_ONLY/);
    expect(() => loadConfig({ ...provider, OIDC_ONLY: 'true' })).toThrow(/OIDC_ONLY needs ADMIN_EMAIL/);
    expect(() => loadConfig({ OIDC_AUTO_PROVISION: 'true' })).toThrow(/need OIDC_ISSUER/);
  });
});
