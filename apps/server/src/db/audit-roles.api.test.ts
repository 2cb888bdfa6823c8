/**
 * PostgreSQL with two roles (docs/audit.md, "Append-only"): the schema's owner runs the
 * migrations and grants the application's role, which may only add to and read the audit log,
 * its sign-in stream and module versions. Neither a role granted DELETE nor one granted all the
 * application's rights can remove or change an entry, whatever it sets; the retention job, a
 * function of the owner's, removes exactly what the owner's retention allows.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, readiness, type Database } from './database.ts';
import { applyRetention, writeRetention } from '../features/audit/retention.ts';
import { audit } from '../lib/audit.ts';

const DAY = 86_400_000;
const serverUrl = process.env.TEST_DATABASE_URL;
const suffix = crypto.randomBytes(4).toString('hex');
const role = (name: string) => `audit_${name}_${suffix}`;
const OWNER = role('owner');
const APP = role('app');
/** Granted UPDATE, DELETE and TRUNCATE on the three tables by the owner. */
const DELETER = role('deleter');
/** A member of the application's role: every right it has. */
const MIMIC = role('mimic');
const DATABASE = `test_audit_roles_${suffix}`;

function urlAs(user: string, database = DATABASE): string {
  const u = new URL(serverUrl!);
  u.username = user;
  u.password = '';
  u.pathname = `/${database}`;
  return u.toString();
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Runs `work` as `user` on the test database, always closing its connection. */
async function as<T>(user: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(urlAs(user));
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const count = (client: pg.Client, table: string) =>
  client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`).then((r) => r.rows[0]!.n);

describe.skipIf(!serverUrl)('audit log roles on PostgreSQL', () => {
  let databases: Database[] = [];
  const now = Date.now();

  beforeAll(async () => {
    const admin = await connect(serverUrl!);
    try {
      for (const name of [OWNER, APP, DELETER, MIMIC]) await admin.query(`CREATE ROLE "${name}" LOGIN`);
      await admin.query(`GRANT "${APP}" TO "${MIMIC}"`);
      await admin.query(`CREATE DATABASE "${DATABASE}" OWNER "${OWNER}"`);
    } finally {
      await admin.end();
    }
    // Two servers starting at once against one database, each with both roles.
    const open = () =>
      openDatabase(
        { url: urlAs(APP), ownerUrl: urlAs(OWNER) },
        { asOwner: (owner) => writeRetention(owner, { auditRetentionDays: 30, auditSignInDays: 7 }) },
      );
    databases = await Promise.all([open(), open()]);
    await as(OWNER, async (owner) => {
      await owner.query(
        `INSERT INTO modules (id, game_title, content) VALUES ('m_roles', 'Roles', '{}');
         INSERT INTO module_versions (module_id, version, module) VALUES ('m_roles', 1, '{}');`,
      );
      for (const table of ['audit_log', 'sign_in_log', 'module_versions'])
        await owner.query(`GRANT SELECT, UPDATE, DELETE, TRUNCATE ON ${table} TO "${DELETER}"`);
    });
    // Written by the application's role.
    const database = databases[0]!;
    for (const at of [now - 400 * DAY, now - 40 * DAY, now - 31 * DAY, now - 29 * DAY, now - DAY])
      await database.query(
        `INSERT INTO audit_log (at, action, target_kind, target_id) VALUES ($1, 'user.role', 'user', 'r')`,
        [at],
      );
    for (const at of [now - 400 * DAY, now - 8 * DAY, now - 6 * DAY])
      await database.query(`INSERT INTO sign_in_log (at, user_name, outcome) VALUES ($1, 'r', 'failed')`, [at]);
  });

  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
    const admin = await connect(serverUrl!);
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
      for (const name of [MIMIC, DELETER, APP, OWNER]) await admin.query(`DROP ROLE IF EXISTS "${name}"`);
    } finally {
      await admin.end();
    }
  });

  it('lets the application add to and read the logs, and sees its migrations', async () => {
    const database = databases[1]!;
    await database.db.transaction((tx) =>
      audit(tx, { action: 'user.role', target: { kind: 'user', id: 'added' }, after: { role: 'admin' } }),
    );
    expect(await database.query(`SELECT target_id FROM audit_log WHERE target_id = 'added'`)).toEqual([
      { target_id: 'added' },
    ]);
    expect(await readiness(database)).toEqual({ database: true, migrations: true });
    // Owned by the owner, not by the application.
    const owners = await database.query<{ owner: string }>(
      `SELECT DISTINCT tableowner AS owner FROM pg_tables WHERE tablename IN ('audit_log', 'sign_in_log', 'module_versions')`,
    );
    expect(owners).toEqual([{ owner: OWNER }]);
  });

  it('starts a server given only the application’s role once the owner has migrated, and leaves the retention alone', async () => {
    let asked = false;
    const database = await openDatabase(
      { url: urlAs(APP) },
      {
        asOwner: async () => {
          asked = true;
        },
      },
    );
    try {
      expect(await readiness(database)).toEqual({ database: true, migrations: true });
      expect(asked).toBe(false);
    } finally {
      await database.close();
    }
    await as(OWNER, async (owner) =>
      expect((await owner.query('SELECT stream, days FROM audit_retention ORDER BY stream')).rows).toEqual([
        { stream: 'audit_log', days: 30 },
        { stream: 'sign_in_log', days: 7 },
      ]),
    );
  });

  for (const [who, user] of [
    ['a role granted DELETE', DELETER],
    ['a role with all the application’s rights', MIMIC],
    ['the application’s role', APP],
  ] as const) {
    it(`refuses ${who} every way to change or remove an entry`, async () => {
      await as(user, async (client) => {
        const tables = ['audit_log', 'sign_in_log', 'module_versions'];
        const counts = async () => {
          const n: number[] = [];
          for (const t of tables) n.push(await count(client, t));
          return n;
        };
        const before = await counts();
        const refused = async (text: string) => {
          const outcome = await client.query(text).then(
            () => 'done',
            (err: { code?: string }) => err.code,
          );
          // 42501: insufficient privilege (the trigger's refusal or a right the role lacks); 42809 / 0A000 never.
          expect(outcome, text).toBe('42501');
          await client.query('ROLLBACK').catch(() => undefined);
        };
        const yearAgo = now - 365 * DAY;
        for (const table of tables) {
          await refused(`UPDATE ${table} SET ${table === 'module_versions' ? 'author_name' : 'address'} = 'x'`);
          await refused(`DELETE FROM ${table}`);
          await refused(`TRUNCATE ${table}`);
          await refused(`ALTER TABLE ${table} DISABLE TRIGGER ALL`);
          // What once let the retention job through: a cutoff at least a day old, and rows older than it.
          for (const cutoff of [yearAgo, now]) {
            await client.query('BEGIN');
            await client.query(`SET LOCAL audit.purge_before = '${cutoff}'`);
            await refused(
              `DELETE FROM ${table} WHERE ${table === 'module_versions' ? 'version > 0' : `at < ${cutoff}`}`,
            );
          }
        }
        await refused('SET session_replication_role = replica');
        await refused(
          `INSERT INTO audit_purge_permits (xact, stream, cutoff) VALUES (txid_current(), 'audit_log', ${now})`,
        );
        await refused(`UPDATE audit_retention SET days = 1`);
        await refused(
          `CREATE OR REPLACE FUNCTION public.audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$`,
        );
        await refused(`DROP TRIGGER audit_log_append_only ON audit_log`);
        expect(await counts()).toEqual(before);
      });
    });
  }

  it('refuses the retention job to a role that was not granted it', async () => {
    await as(DELETER, async (client) => {
      await expect(client.query(`SELECT audit_apply_retention('audit_log', ${now})`)).rejects.toMatchObject({
        code: '42501',
      });
    });
  });

  it('removes through the retention job exactly what the owner’s retention allows, and audits it', async () => {
    const database = databases[0]!;
    const ats = async (table: string) =>
      (
        await database.query<{ at: number }>(`SELECT at FROM ${table} WHERE at < $1 ORDER BY at`, [now - 12 * 3600_000])
      ).map((r) => r.at);
    // A clock far ahead removes no more than the database's own clock allows.
    const removed = await applyRetention(database.db, now + 1000 * DAY);
    expect(removed).toEqual({ audit: 3, signIns: 2 });
    expect(await ats('audit_log')).toEqual([now - 29 * DAY, now - DAY]);
    expect(await ats('sign_in_log')).toEqual([now - 6 * DAY]);
    const entries = await database.query<{
      target_id: string;
      actor_name: string;
      after: { removed: number; days: number };
    }>(`SELECT target_id, actor_name, after FROM audit_log WHERE action = 'audit.retention' ORDER BY id`);
    expect(entries.map((e) => [e.target_id, e.actor_name, e.after.removed, e.after.days])).toEqual([
      ['audit_log', 'server', 3, 30],
      ['sign_in_log', 'server', 2, 7],
    ]);
    // A member of the application's role runs the same job: nothing more to remove, no permit left.
    await as(MIMIC, async (client) => {
      const { rows } = await client.query<{ n: number | string }>(
        `SELECT audit_apply_retention('audit_log', ${now}) AS n`,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    });
    await as(OWNER, async (owner) => expect(await count(owner, 'audit_purge_permits')).toBe(0));
  });
});
