/**
 * Reminders are queued once and sent once by real server processes (the entry
 * point, built from the current sources: test/server-build.ts): two processes on
 * one PostgreSQL at the same time, and a process killed with SIGKILL in the
 * middle of its work, then started again, on PostgreSQL and on the embedded
 * database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processTargets } from '#test/databases.ts';
import { exited, startServer as startBuiltServer, until, type ServerProcess } from '#test/server-process.ts';
import { SmtpCapture } from '#test/smtp-capture.ts';
import { openDatabase, type DatabaseLocation } from '#db/database.ts';
import { seed } from '#seed/seed.ts';

const TRAINEES = 400;
const HOUR = 60 * 60 * 1000;
const ADMIN = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Correct-Horse-9' };
const METRICS_TOKEN = 'metrics-token-of-this-test';

function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  return startBuiltServer({
    REMINDER_INTERVAL_S: '1',
    // A killed process's claimed messages are sent again after 5 s rather than a minute.
    MAIL_CLAIM_S: '5',
    DIGEST_CRON: 'off',
    PUBLIC_URL: 'https://train.example.mil',
    METRICS_TOKEN,
    ...ADMIN,
    ...env,
  });
}

/** E-mails the server's database holds and has not sent (its /metrics' airman_outbox_depth). */
async function outboxDepth(server: ServerProcess): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return Number(/^airman_outbox_depth (\d+)$/m.exec(await res.text())?.[1] ?? NaN);
}

/** TRAINEES active users, each assigned the seed module due in 12 hours: each is owed one reminder. */
async function fixtures(location: DatabaseLocation): Promise<void> {
  const database = await openDatabase(location);
  await seed(database.db, {
    ...{ adminEmail: ADMIN.ADMIN_EMAIL, adminPassword: ADMIN.ADMIN_PASSWORD },
    announce: () => undefined,
    log: { info: () => undefined } as never,
  });
  const now = Date.now();
  await database.query(
    `INSERT INTO users (id, user_name, first_name, last_name, active_at, created_at)
     SELECT 'trainee-' || i, 'trainee-' || i || '@example.com', 'Tia', 'Trainee' || i, $1, $1 FROM generate_series(1, $2::int) i`,
    [now, TRAINEES],
  );
  await database.query(
    `INSERT INTO assignments (user_id, module_id, created_at, due_at)
     SELECT 'trainee-' || i, 'ready_airman_training', $1, $2 FROM generate_series(1, $3::int) i`,
    [now, now + 12 * HOUR, TRAINEES],
  );
  await database.close();
}

/** What the mail server received: per trainee, the Message-IDs; and the total. */
function tally(smtp: SmtpCapture) {
  const perTrainee = new Map<string, string[]>();
  for (const r of smtp.received) perTrainee.set(r.to, [...(perTrainee.get(r.to) ?? []), r.mail.messageId ?? '']);
  return {
    trainees: perTrainee.size,
    messages: smtp.received.length,
    ids: new Set(smtp.received.map((r) => r.mail.messageId)).size,
    perTrainee,
  };
}

for (const target of processTargets('reminders-once')) {
  describe(`reminders sent once by real processes [${target.name}]`, () => {
    const smtp = new SmtpCapture(5);
    const servers: ServerProcess[] = [];
    beforeAll(() => smtp.start());
    afterAll(async () => {
      await Promise.all(servers.map((s) => exited(s, 'SIGKILL')));
      await smtp.stop();
    });

    it('a process killed with SIGKILL in the middle leaves each reminder to be sent once after a restart', async () => {
      const db = await target.location();
      try {
        await fixtures(db.location);
        const first = await startServer({ ...db.env, SMTP_URL: smtp.url });
        servers.push(first);
        await until(
          () => smtp.received.length >= TRAINEES / 4,
          60_000,
          () => `${smtp.received.length} received\n${first.output()}`,
        );
        await exited(first, 'SIGKILL');
        const atKill = smtp.received.length;
        expect(atKill).toBeLessThan(TRAINEES);
        const second = await startServer({ ...db.env, SMTP_URL: smtp.url });
        servers.push(second);
        await until(
          () => tally(smtp).trainees === TRAINEES,
          90_000,
          () => `${tally(smtp).trainees} trainees reached\n${second.output()}`,
        );
        // Until nothing is left to send: the message on its way at the kill, if any, is sent again
        // once its claim expires, so any duplicate has arrived by then.
        await until(
          async () => (await outboxDepth(second)) === 0,
          30_000,
          () => `e-mails still queued\n${second.output()}`,
        );
        await exited(second, 'SIGTERM');
        const t = tally(smtp);
        // One reminder per trainee, one Message-ID each.
        expect({ trainees: t.trainees, ids: t.ids }).toEqual({ trainees: TRAINEES, ids: TRAINEES });
        // The message on its way at the kill may arrive a second time, with the same Message-ID.
        expect(t.messages - TRAINEES).toBeLessThanOrEqual(1);
        for (const ids of t.perTrainee.values()) expect(new Set(ids).size).toBe(1);
      } finally {
        await db.dispose();
      }
    }, 240_000);

    if (target.name === 'postgres') {
      it('two processes on one database send each reminder once', async () => {
        smtp.received = [];
        const db = await target.location();
        try {
          await fixtures(db.location);
          const both = await Promise.all([
            startServer({ ...db.env, SMTP_URL: smtp.url }),
            startServer({ ...db.env, SMTP_URL: smtp.url }),
          ]);
          servers.push(...both);
          await until(
            () => tally(smtp).trainees === TRAINEES,
            90_000,
            () => `${tally(smtp).trainees} trainees reached`,
          );
          // Until nothing is left to send: a message sent twice would have arrived by then.
          await until(
            async () => (await outboxDepth(both[0])) === 0,
            30_000,
            () => 'e-mails still queued',
          );
          await Promise.all(both.map((s) => exited(s, 'SIGTERM')));
          const t = tally(smtp);
          expect({ trainees: t.trainees, ids: t.ids, messages: t.messages }).toEqual({
            trainees: TRAINEES,
            ids: TRAINEES,
            messages: TRAINEES,
          });
          const check = await openDatabase(db.location);
          const [row] = await check.query<{ n: number }>(`SELECT count(*)::int AS n FROM reminders`);
          const [log] = await check.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM email_log WHERE kind = 'reminder' AND delivered_at > 0`,
          );
          await check.close();
          expect([row?.n, log?.n]).toEqual([TRAINEES, TRAINEES]);
        } finally {
          await db.dispose();
        }
      }, 240_000);
    }
  });
}
