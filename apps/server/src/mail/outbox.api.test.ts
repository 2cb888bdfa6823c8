import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { createMailer } from './mailer.ts';
import { enqueueEmail, MailWorker } from './outbox.ts';

describeApi('the e-mail queue', (ctx) => {
  it('does not report a message as unsent when it was sent before deliverNow claimed it', async () => {
    const worker = new MailWorker(ctx.database, createMailer(ctx.config), ctx.app.log);
    const id = await ctx.database.db.transaction((tx) =>
      enqueueEmail(tx, { to: 'queued@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }),
    );
    expect(await worker.deliverNow([id])).toEqual([]);
    // Sent and gone from the queue (as when the worker's poll took it first): not a failure.
    expect(await worker.deliverNow([id])).toEqual([]);
    const outbox = path.join(ctx.config.dataDir, 'outbox');
    expect(fs.readdirSync(outbox).filter((f) => f.endsWith(`-${id}.eml`))).toHaveLength(1);
  });
});
