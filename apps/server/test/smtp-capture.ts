/**
 * A real SMTP server on loopback for API tests: keeps every message it accepts,
 * parsed, and refuses for good (550) every recipient at nobody@.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './free-port.ts';

export interface Captured {
  to: string;
  mail: ParsedMail;
}

export class SmtpCapture {
  received: Captured[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  /** delayMs: how long each message takes to be accepted (a slower server widens a test's window). */
  constructor(private readonly delayMs = 0) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!address.address.startsWith('nobody@')) return callback();
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        simpleParser(stream).then(
          (mail) => {
            setTimeout(() => {
              this.received.push({ to, mail });
              callback();
            }, this.delayMs);
          },
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server as unknown as { server: { address(): { port: number } } }).server.address().port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(address: string): ParsedMail[] {
    return this.received.filter((r) => r.to === address).map((r) => r.mail);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

/** A mail server for the test file that calls this: started before its tests, stopped after them. */
export function smtpForFile(): SmtpCapture {
  const smtp = new SmtpCapture();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  return smtp;
}

/** An SMTP address where nothing listens, for the test file that calls this: read it once its tests run. */
export function unreachableSmtp(): () => string {
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
  });
  return () => `smtp://127.0.0.1:${port}`;
}
