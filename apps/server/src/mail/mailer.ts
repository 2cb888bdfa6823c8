/**
 * Sends one e-mail: through SMTP_URL when set, otherwise into DATA_DIR/outbox/
 * as an .eml file (README.md, "E-mail"), so a local installation needs no mail server.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface Email {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendEmail = (email: Email) => Promise<void>;

/** Sends e-mails; close() ends its connections to the mail server (on shutdown). */
export type Mailer = SendEmail & { close(): void };

/**
 * The Message-ID is the queue row's id: the rare message sent twice (a crash
 * between the mail server's acceptance and the row's removal) carries the same
 * one both times, so a mail client shows it once.
 */
function messageId(config: Pick<Config, 'publicUrl'>, id: string): string {
  const host = URL.canParse(config.publicUrl) ? new URL(config.publicUrl).hostname : 'localhost';
  return `<${id}@${host || 'localhost'}>`;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>): Mailer {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    // Short time-outs: a dead SMTP server must not hold a request (the queue retries).
    // Pooled: messages go one after another over a connection kept open, not one connection
    // (and its greeting) each: about 4 times as many a second to the test mail server.
    for (const [k, v] of [
      ['connectionTimeout', '10000'],
      ['greetingTimeout', '10000'],
      ['socketTimeout', '20000'],
      ['pool', 'true'],
    ] as const) {
      if (!url.searchParams.has(k)) url.searchParams.set(k, v);
    }
    const transport = nodemailer.createTransport(url.toString());
    const send: SendEmail = async (email) => {
      await transport.sendMail({
        from: config.mailFrom,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: messageId(config, email.id),
      });
    };
    return Object.assign(send, { close: () => transport.close() });
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const send: SendEmail = async (email) => {
    const info = await transport.sendMail({
      from: config.mailFrom,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: messageId(config, email.id),
    });
    await fs.mkdir(outbox, { recursive: true });
    await fs.writeFile(path.join(outbox, `${Date.now()}-${email.id}.eml`), info.message as Buffer);
  };
  return Object.assign(send, { close: () => transport.close() });
}
