import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeApi } from '#test/harness.ts';
import { emailLog, emailOutbox } from '../db/schema.ts';
import { createMailer } from './mailer.ts';
import type { Email } from './mailer.ts';
import { enqueueEmail, enqueueEmails, MailWorker, SECRET_MARK } from './outbox.ts';

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

  describe('a message that carries a secret', () => {
    const secret = 'Zm9vYmFyLXNlY3JldC10b2tlbi0xMjM0NTY3OA';
    /** A user's message with a link holding `secret`, its link working until `expires_at`. */
    const queueSecret = async (to: string, expires_at: number) => {
      const user = await ctx.createUser();
      const link = `https://airman.test/reset-password/${secret}`;
      return ctx.database.db.transaction(async (tx) => {
        const id = await enqueueEmail(tx, {
          to,
          user_id: user.id,
          kind: 'password_reset',
          subject: 'Reset',
          text: `Reset:\n${link}`,
          html: `<a href="${link}">Reset</a>`,
          secret: { value: secret, expires_at },
        });
        // Not due for the app's own worker: only the test's sends it.
        await tx
          .update(emailOutbox)
          .set({ next_attempt_at: Date.now() + 3_600_000 })
          .where(eq(emailOutbox.id, id));
        const [stored] = await tx
          .select({ text: emailOutbox.text_body, html: emailOutbox.html_body, secret: emailOutbox.secret })
          .from(emailOutbox)
          .where(eq(emailOutbox.id, id));
        return { id, stored };
      });
    };
    const row = async (id: string) =>
      (
        await ctx.database.db
          .select({ text: emailOutbox.text_body, html: emailOutbox.html_body, secret: emailOutbox.secret })
          .from(emailOutbox)
          .where(eq(emailOutbox.id, id))
      )[0];
    const logged = async (id: string) => (await ctx.database.db.select().from(emailLog).where(eq(emailLog.id, id)))[0];

    it('is stored with a mark for it and sent with it, and keeps it while retried and not once given up', async () => {
      const sent: Email[] = [];
      const mailer = createMailer({ ...ctx.config, smtpUrl: `smtp://127.0.0.1:${smtpPort}` });
      const worker = new MailWorker(
        ctx.database,
        async (email) => {
          await mailer(email);
          sent.push(email);
        },
        ctx.app.log,
        ctx.config.mailClaimMs,
      );
      const later = Date.now() + 60_000;
      const delivered = await queueSecret('someone@example.com', later);
      const busy = await queueSecret('busy@example.com', later);
      const refused = await queueSecret('nobody@example.com', later);
      const link = `https://airman.test/reset-password/${SECRET_MARK}`;
      expect(delivered.stored).toEqual({ text: `Reset:\n${link}`, html: `<a href="${link}">Reset</a>`, secret });
      await worker.deliverNow([delivered.id, busy.id, refused.id]);
      expect(sent.map((e) => e.text)).toEqual([`Reset:\nhttps://airman.test/reset-password/${secret}`]);
      expect(sent[0]?.html).toBe(`<a href="https://airman.test/reset-password/${secret}">Reset</a>`);
      expect([await row(delivered.id), (await row(busy.id))?.secret, (await row(refused.id))?.secret]).toEqual([
        undefined,
        secret,
        null,
      ]);
      // Given up: the text is kept for the record, with the mark where the token was.
      expect((await row(refused.id))?.text).toBe(`Reset:\n${link}`);
      await ctx.database.db.delete(emailOutbox);
    });

    it('is not sent once its link stopped working: out of the queue, cancelled in the history', async () => {
      const sent: Email[] = [];
      const worker = new MailWorker(
        ctx.database,
        async (email) => {
          sent.push(email);
        },
        ctx.app.log,
        ctx.config.mailClaimMs,
      );
      const { id } = await queueSecret('late@example.com', Date.now() - 1);
      expect((await worker.deliverNow([id])).failed).toEqual([{ id }]);
      expect([sent, await row(id), ((await logged(id))?.cancelled_at ?? 0) > 0]).toEqual([[], undefined, true]);
    });

    it('is refused when its text does not hold the secret verbatim', async () => {
      await expect(
        ctx.database.db.transaction((tx) =>
          enqueueEmail(tx, {
            to: 'someone@example.com',
            kind: 'password_reset',
            subject: 'Reset',
            text: `Reset: https://airman.test/reset-password/${encodeURIComponent(`${secret}+`)}`,
            html: `<a href="https://airman.test/reset-password/${secret}">Reset</a>`,
            secret: { value: `${secret}+`, expires_at: 0 },
          }),
        ),
      ).rejects.toThrow(/verbatim/);
    });
  });

  it('sends each message of a batch once when sending the batch outlasts its claim', async () => {
    // Six messages the app's own worker leaves alone (not due for an hour); deliverNow sends them all the same.
    const ids = await ctx.database.db.transaction(async (tx) => {
      const queued = await enqueueEmails(
        tx,
        Array.from({ length: 6 }, (_, i) => ({
          to: `batch${i}@example.com`,
          kind: 'reminder' as const,
          subject: 'Due tomorrow',
          text: 'Due tomorrow',
          html: '<p>Due tomorrow</p>',
        })),
      );
      await tx
        .update(emailOutbox)
        .set({ next_attempt_at: Date.now() + 3_600_000 })
        .where(inArray(emailOutbox.id, queued));
      return queued;
    });
    const sent: string[] = [];
    const sender = (ms: number) => async (email: Email) => {
      sent.push(email.id);
      await new Promise((resolve) => setTimeout(resolve, ms));
    };
    const claimMs = 3_000;
    // 600 ms a message: the slow worker's batch takes 3.6 s, past its 3 s claim.
    const slow = new MailWorker(ctx.database, sender(600), ctx.app.log, claimMs);
    const other = new MailWorker(ctx.database, sender(0), ctx.app.log, claimMs);
    const first = slow.deliverNow(ids);
    await new Promise((resolve) => setTimeout(resolve, claimMs + 300));
    // The other process looks once the first claim has run out, while the batch's last message is on its way.
    // The other process takes none of them: the message on its way counts as queued there.
    expect((await other.deliverNow(ids)).failed).toEqual([]);
    expect(await first).toEqual({ failed: [], queued: [] });
    expect([...sent].sort()).toEqual([...ids].sort());
  }, 20_000);
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
