import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';
import { emailOutbox } from '../db/schema.ts';
import { createMailer } from './mailer.ts';
import type { Email } from './mailer.ts';
import { enqueueEmail, enqueueEmails, MailWorker } from './outbox.ts';

/** A real SMTP server on loopback: refuses nobody@ for good (550), busy@ for now (450), takes the rest. */
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo: (address, _session, callback) => {
    const reply = (code: number, text: string) => callback(Object.assign(new Error(text), { responseCode: code }));
    if (address.address.startsWith('nobody@')) return reply(550, '5.1.1 No such mailbox');
    if (address.address.startsWith('busy@')) return reply(450, '4.2.1 Mailbox busy, try later');
    callback();
  },
  onData: (stream, session, callback) => {
    stream.resume();
    // slow@ recipients take 30 ms each: a backlog that keeps the worker's poll busy for seconds.
    const slow = session.envelope.rcptTo.some((r) => r.address.startsWith('slow'));
    stream.on('end', () => (slow ? setTimeout(() => callback(), 30) : callback()));
  },
});
let smtpPort = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp as unknown as { server: { address(): { port: number } } }).server.address().port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describeApi('the e-mail queue', (ctx) => {
  const queue = (to: string) =>
    ctx.database.db.transaction((tx) =>
      enqueueEmail(tx, { to, kind: 'invite', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }),
    );

  it('does not report a message as unsent when it was sent before deliverNow claimed it', async () => {
    const worker = new MailWorker(ctx.database, createMailer(ctx.config), ctx.app.log, ctx.config.mailClaimMs);
    const id = await queue('queued@example.com');
    expect(await worker.deliverNow([id])).toEqual({ failed: [], queued: [] });
    // Sent and gone from the queue (as when the worker's poll took it first): not a failure.
    expect(await worker.deliverNow([id])).toEqual({ failed: [], queued: [] });
    const outbox = path.join(ctx.config.dataDir, 'outbox');
    expect(fs.readdirSync(outbox).filter((f) => f.endsWith(`-${id}.eml`))).toHaveLength(1);
  });

  it('keeps but never retries a message the mail server refuses for good, and retries one it refuses for now', async () => {
    const worker = new MailWorker(
      ctx.database,
      createMailer({ ...ctx.config, smtpUrl: `smtp://127.0.0.1:${smtpPort}` }),
      ctx.app.log,
      ctx.config.mailClaimMs,
    );
    const refused = await queue('nobody@example.com');
    const busy = await queue('busy@example.com');
    const sent = await queue('someone@example.com');
    const undelivered = (await worker.deliverNow([refused, busy, sent])).failed;
    // By id: messages due at the same moment are tried in no set order.
    expect(Object.fromEntries(undelivered.map((u) => [u.id, u.refused ?? 'for now']))).toEqual({
      [refused]: '550 5.1.1 No such mailbox',
      [busy]: 'for now',
    });
    // Both due again: the poll tries the one refused for now, never the other.
    await ctx.database.db.update(emailOutbox).set({ next_attempt_at: 0 });
    await worker.deliverDue();
    const rows = await ctx.database.db
      .select({
        id: emailOutbox.id,
        attempts: emailOutbox.attempts,
        given_up_at: emailOutbox.given_up_at,
        last_error: emailOutbox.last_error,
      })
      .from(emailOutbox);
    const row = (id: string) => rows.find((r) => r.id === id);
    expect({
      refused: {
        attempts: row(refused)?.attempts,
        given_up: (row(refused)?.given_up_at ?? 0) > 0,
        error: row(refused)?.last_error?.includes('No such mailbox'),
      },
      busy: { attempts: row(busy)?.attempts, given_up: (row(busy)?.given_up_at ?? 0) > 0 },
      sent: row(sent),
    }).toEqual({
      refused: { attempts: 1, given_up: true, error: true },
      busy: { attempts: 2, given_up: false },
      sent: undefined,
    });
  });
});

describeApi(
  'the e-mail queue with a backlog',
  (ctx) => {
    /** Queues n e-mails to slow@ addresses (30 ms each at the mail server): the backlog of a flood of reminders. */
    const backlog = (n: number) =>
      ctx.database.db.transaction((tx) =>
        enqueueEmails(
          tx,
          Array.from({ length: n }, (_, i) => ({
            to: `slow${i}@example.com`,
            kind: 'reminder' as const,
            subject: 'Due tomorrow',
            text: 'Due tomorrow',
            html: '<p>Due tomorrow</p>',
          })),
        ),
      );
    const left = async () => (await ctx.database.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;

    it('sends an invite at once while the worker works through a backlog of reminders', async () => {
      const admin = await ctx.createUser({ role: 'admin' });
      await backlog(200); // 6 s at the slow mail server
      // The app's worker (it polls every 2 s) is on it.
      await expect.poll(left, { timeout: 10_000, interval: 50 }).toBeLessThan(200);
      const res = await ctx.request(admin.token, {
        method: 'PUT',
        url: '/api/admin/invite',
        payload: { emails: ['flood-invitee@example.com'] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ invited: ['flood-invitee@example.com'], not_emailed: [], queued: [] });
      // Sent before the backlog, not after it.
      expect(await left()).toBeGreaterThan(100);
      await ctx.database.db.delete(emailOutbox);
    }, 30_000);

    it('stops after the batch it is sending, leaving the rest queued', async () => {
      const mailer = createMailer(ctx.config);
      const sent: string[] = [];
      const worker = new MailWorker(
        ctx.database,
        async (email: Email) => {
          await mailer(email);
          sent.push(email.id);
        },
        ctx.app.log,
        ctx.config.mailClaimMs,
      );
      await backlog(400); // 12 s at the slow mail server
      worker.start();
      try {
        await expect.poll(() => sent.length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      } finally {
        await worker.stop();
        mailer.close();
      }
      // Stopped within a batch (20 messages): the queue is far from empty, and nothing more is sent.
      expect(await left()).toBeGreaterThan(0);
      const stoppedAt = sent.length;
      expect(stoppedAt).toBeLessThanOrEqual(20);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sent.length).toBe(stoppedAt);
      await ctx.database.db.delete(emailOutbox);
    }, 30_000);
  },
  { env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}?pool=true` }) },
);
