/**
 * Sends one e-mail: through SMTP_URL when set, otherwise into DATA_DIR/outbox/
 * as an .eml file (decisions §1), so a local installation needs no mail server.
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

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): SendEmail {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    // Short time-outs: a dead SMTP server must not hold a request (the queue retries).
    for (const [k, v] of [['connectionTimeout', '10000'], ['greetingTimeout', '10000'], ['socketTimeout', '20000']] as const) {
      if (!url.searchParams.has(k)) url.searchParams.set(k, v);
    }
    const transport = nodemailer.createTransport(url.toString());
    return async (email) => {
      await transport.sendMail({ from: config.mailFrom, to: email.to, subject: email.subject, text: email.text, html: email.html });
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (email) => {
    const info = await transport.sendMail({ from: config.mailFrom, to: email.to, subject: email.subject, text: email.text, html: email.html });
    await fs.mkdir(outbox, { recursive: true });
    await fs.writeFile(path.join(outbox, `${Date.now()}-${email.id}.eml`), info.message as Buffer);
  };
}
