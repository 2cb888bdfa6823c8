import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { emailOutbox } from '../db/schema.ts';
import { createMailer } from './mailer.ts';
import { enqueueEmail, MailWorker } from './outbox.ts';

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
  onData: (stream, _session, callback) => {
    stream.resume();
    stream.on('end', () => callback());
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
