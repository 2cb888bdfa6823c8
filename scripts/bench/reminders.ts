/**
 * Reminders at scale (part of `npm run bench`), on the embedded database and on
 * PostgreSQL: 100,000 trainees whose assignments all come due at once. Measures
 * the time to plan and queue every reminder (target: 60 s), then sends the
 * queue through a real SMTP server on loopback with as many outbox workers as
 * BENCH_MAIL_WORKERS (as that many server processes would) and checks that
 * each trainee received one e-mail. Prints a Markdown table for
 * docs/benchmarks.md.
 *
 *   BENCH_REMINDERS=100000 BENCH_MAIL_WORKERS=8 BENCH_SEND=1 BENCH_TARGETS=pglite,postgres
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { createMailer } from '../../apps/server/src/mail/mailer.ts';
import { MailWorker } from '../../apps/server/src/mail/outbox.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { planReminders } from '../../apps/server/src/features/reminders/plan-reminders.ts';
import { seedQuietly } from './seed-users.ts';
import { benchPgDatabase } from './bench-store.ts';

const N = Number(process.env.BENCH_REMINDERS ?? 100_000);
const WORKERS = Number(process.env.BENCH_MAIL_WORKERS ?? 8);
/** BENCH_SEND=0: measure the queueing only. */
const SEND = process.env.BENCH_SEND !== '0';
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const HOUR = 60 * 60 * 1000;
const silentLog = { info: () => undefined, warn: () => undefined, error: (o: unknown) => console.error(o) } as never;

interface Result {
  target: string;
  queueS: number;
  queued: number;
  sendS: number;
  received: number;
  trainees: number;
  twice: number;
}

/** A real SMTP server counting what each recipient receives. */
async function countingSmtp(): Promise<{
  url: string;
  perRecipient: Map<string, number>;
  total: () => number;
  close(): Promise<void>;
}> {
  const perRecipient = new Map<string, number>();
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // No reverse DNS of each client: on a machine without a resolver it costs ~100 ms a connection.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        total += 1;
        for (const r of session.envelope.rcptTo) perRecipient.set(r.address, (perRecipient.get(r.address) ?? 0) + 1);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const listening = server.listen(0, '127.0.0.1', () => resolve((listening.address() as { port: number }).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    perRecipient,
    total: () => total,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function open(target: string): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (target === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reminders-'));
    const database = await openDatabase({ dataDir: dir });
    return {
      database,
      dispose: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const pgDatabase = await benchPgDatabase(`bench_reminders_${crypto.randomBytes(4).toString('hex')}`);
  const database = await openDatabase({ url: pgDatabase.url });
  return {
    database,
    async dispose() {
      await database.close();
      await pgDatabase.drop();
    },
  };
}

async function measure(target: string): Promise<Result> {
  const { database, dispose } = await open(target);
  const smtp = await countingSmtp();
  try {
    await seedQuietly(database, 'bench-admin@example.com', 'Bench-Admin-1!');
    const now = Date.now();
    // The fixtures go in without the triggers that keep the users list and the progress
    // counts (not what is measured here; they cost minutes at this size). The rows are valid.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`INSERT INTO users (id, user_name, first_name, last_name, unit, active_at, created_at)
        SELECT 'trainee-' || i, 'trainee-' || i || '@example.com', 'Tia', 'Trainee' || i, '655 ISRW', ${now}, ${now} FROM generate_series(1, ${N}::int) i`);
      // Every assignment comes due at the same moment, 12 hours from now: each owes its 1-day reminder now.
      await tx.execute(sql`INSERT INTO assignments (user_id, module_id, created_at, due_at)
        SELECT 'trainee-' || i, 'ready_airman_training', ${now}, ${now + 12 * HOUR} FROM generate_series(1, ${N}::int) i`);
    });
    await database.query('ANALYZE assignments');
    await database.query('ANALYZE users');
    console.error(`  [${target}] ${N} trainees with an assignment due in 12 h`);
    const t0 = performance.now();
    const queued = await planReminders(database, {
      publicUrl: 'https://train.example.mil',
      days: [5, 1],
      now: Date.now(),
    });
    const queueS = (performance.now() - t0) / 1000;
    console.error(`  [${target}] queued ${queued} in ${queueS.toFixed(1)} s`);
    // A second planner finds nothing left to queue.
    const again = await planReminders(database, {
      publicUrl: 'https://train.example.mil',
      days: [5, 1],
      now: Date.now(),
    });
    if (again !== 0) throw new Error(`a second pass queued ${again} more`);

    const t1 = performance.now();
    // A pooled transport (SMTP_URL ?pool=true), as an installation sending this many would be set up.
    const send = createMailer({
      smtpUrl: `${smtp.url}?pool=true`,
      mailFrom: 'no-reply@example.mil',
      dataDir: os.tmpdir(),
      publicUrl: 'https://train.example.mil',
    });
    const { mailClaimMs } = loadConfig(process.env);
    const workers = Array.from({ length: WORKERS }, () => new MailWorker(database, send, silentLog, mailClaimMs));
    await Promise.all(workers.map((w) => w.deliverDue()));
    const sendS = (performance.now() - t1) / 1000;
    const [left] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');
    if (left?.n) throw new Error(`${left.n} e-mails left in the queue`);
    let twice = 0;
    for (const n of smtp.perRecipient.values()) if (n > 1) twice += 1;
    console.error(
      `  [${target}] sent ${smtp.total()} in ${sendS.toFixed(1)} s to ${smtp.perRecipient.size} trainees, ${twice} of them twice`,
    );
    return { target, queueS, queued, sendS, received: smtp.total(), trainees: smtp.perRecipient.size, twice };
  } finally {
    await smtp.close();
    await dispose();
  }
}

const results: Result[] = [];
for (const target of TARGETS) results.push(await measure(target));

const lines = [
  `\n### Reminders: ${N.toLocaleString('en-US')} assignments coming due at once\n`,
  `| Database | Queued | Time to queue (target ≤ 60 s) | Sent (${WORKERS} outbox workers, real SMTP on loopback) | Time to send | Trainees reached | Received twice |`,
  '|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.target} | ${r.queued.toLocaleString('en-US')} | ${r.queueS.toFixed(1)} s | ${SEND ? r.received.toLocaleString('en-US') : 'not sent'} | ${SEND ? `${r.sendS.toFixed(1)} s (${Math.round(r.received / r.sendS)}/s)` : '–'} | ${SEND ? r.trainees.toLocaleString('en-US') : '–'} | ${SEND ? r.twice : '–'} |`,
  ),
];
const failed = results.filter(
  (r) => r.queueS > 60 || r.queued !== N || r.received !== N || r.trainees !== N || r.twice > 0,
);
if (failed.length > 0) lines.push(`FAILED: ${failed.map((r) => r.target).join(', ')}`);
// The pooled transports keep their connections: end once the table is written.
process.stdout.write(`${lines.join('\n')}\n`, () => process.exit(failed.length > 0 ? 1 : 0));
