/**
 * The e2e suite's mail server: a real SMTP server (smtp-server) on loopback.
 * It writes every message it accepts as an .eml file into a directory the
 * tests read, and refuses recipients of UNDELIVERABLE_DOMAIN with a permanent
 * error, so a test can watch an invite that cannot be e-mailed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { UNDELIVERABLE_DOMAIN } from './constants.ts';

export interface SmtpInbox {
  /** SMTP_URL for the server under test. */
  url: string;
  close(): Promise<void>;
}

export async function startSmtpInbox(dir: string): Promise<SmtpInbox> {
  fs.mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${UNDELIVERABLE_DOMAIN}`)) {
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Written before the server acknowledges the message, so the file exists
        // by the time the sending request has answered. Names sort by arrival.
        received += 1;
        const name = `${Date.now()}-${String(received).padStart(6, '0')}.eml`;
        fs.writeFile(path.join(dir, name), Buffer.concat(chunks), (err) => callback(err ?? null));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const listening = server.listen(0, '127.0.0.1', () => {
      const address = listening.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('the SMTP server has no port'));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
