/**
 * The durable e-mail queue: messages are rows (written in the same transaction
 * as what they announce), a worker sends due rows and deletes them once sent,
 * and a failure is retried with exponential backoff. A message the mail server
 * refuses for good (an SMTP 5xx reply) is not retried: its row stays, marked
 * given up, with the server's reply. Works the same on PostgreSQL (several
 * processes: SKIP LOCKED claims) and on PGlite.
 *
 * A message that carries a secret (a link's token, an invite code) is stored
 * with SECRET_MARK where the secret goes and the secret in a column of its
 * own, put back only into the message being sent. The secret leaves the
 * database with the row once sent, is cleared when the message is given up,
 * and a message still unsent when its link stops working is taken out of the
 * queue (cancelled in the history): a queued message holds its secret at most
 * as long as the link works (docs/security.md, "At rest").
 */
import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/database.ts';
import type { EmailKind } from '@airman/contracts/emails.ts';
import { emailLog, emailOutbox } from '../db/schema.ts';
import type { Email, SendEmail } from './mailer.ts';

const POLL_MS = 2_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Stands for a message's secret in its stored subject and bodies. Not a secret itself: should
 * an administrator's text (a module's title) hold it, it is filled with the secret of the one
 * message it is in, which goes to the secret's own recipient.
 */
export const SECRET_MARK = '{{link-secret}}';

/** What an e-mail carries that signs someone in or accepts an invite. */
export interface EmailSecret {
  /** The token or code, exactly as it appears in the rendered e-mail. */
  value: string;
  /** When the link stops working (epoch ms): the message is not sent after. */
  expires_at: number;
}

/** An e-mail to queue: to a user of the product (kept in their history) or to an address alone. */
export interface QueuedEmail extends Omit<Email, 'id'> {
  /** Given ahead when the caller records it elsewhere too; otherwise a new one. */
  id?: string;
  kind: EmailKind;
  /** The user it is for: the e-mail appears in their history. */
  user_id?: string;
  /** The secret its text holds, kept apart from it (see the top of this file). */
  secret?: EmailSecret;
}

/** An e-mail as the queue stores it: its secret, wherever it appears, replaced by SECRET_MARK. */
export function withoutSecret<E extends Pick<Email, 'subject' | 'text' | 'html'>>(email: E, secret: string): E {
  // A secret the text does not hold verbatim would be sent stored, and never cleared.
  if (secret.length < 16 || !email.text.includes(secret) || !email.html.includes(secret)) {
    throw new Error('an e-mail secret must appear verbatim in both its text and its HTML');
  }
  return {
    ...email,
    subject: email.subject.replaceAll(secret, SECRET_MARK),
    text: email.text.replaceAll(secret, SECRET_MARK),
    html: email.html.replaceAll(secret, SECRET_MARK),
  };
}

/**
 * Queues e-mails inside the caller's transaction; returns their ids in order.
 * One statement for the queue and one for the history, whatever the number:
 * each column goes as one array (unnest), not one parameter a value.
 */
export async function enqueueEmails(tx: Db, emails: QueuedEmail[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const now = Date.now();
  const rows = emails.map((e) => ({
    ...(e.secret ? withoutSecret(e, e.secret.value) : e),
    id: e.id ?? crypto.randomUUID(),
  }));
  const col = (pick: (e: (typeof rows)[number]) => string) => sql`${pgTextArray(rows.map(pick))}::text[]`;
  // '' stands for no secret in the array (pgTextArray has no NULL); a secret is never empty.
  await tx.execute(sql`INSERT INTO email_outbox (id, to_address, subject, text_body, html_body, secret, send_before, next_attempt_at, created_at)
    SELECT id, to_address, subject, text_body, html_body, nullif(secret, ''), send_before::bigint, ${now}, ${now}
    FROM unnest(${col((e) => e.id)}, ${col((e) => e.to)}, ${col((e) => e.subject)}, ${col((e) => e.text)}, ${col((e) => e.html)},
                ${col((e) => e.secret?.value ?? '')}, ${col((e) => String(e.secret?.expires_at ?? 0))})
      AS t(id, to_address, subject, text_body, html_body, secret, send_before)`);
  const logged = rows.filter((e) => e.user_id !== undefined);
  if (logged.length > 0) {
    const lcol = (pick: (e: (typeof logged)[number]) => string) => sql`${pgTextArray(logged.map(pick))}::text[]`;
    await tx.execute(sql`INSERT INTO email_log (id, user_id, kind, subject, created_at)
      SELECT id, user_id, kind, subject, ${now}
      FROM unnest(${lcol((e) => e.id)}, ${lcol((e) => e.user_id as string)}, ${lcol((e) => e.kind)}, ${lcol((e) => e.subject)}) AS t(id, user_id, kind, subject)`);
  }
  return rows.map((r) => r.id);
}

/** A PostgreSQL array literal of texts, passed as one parameter (the same on node-postgres and PGlite). */
export function pgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** Queues an e-mail inside the caller's transaction; returns its id. */
export async function enqueueEmail(tx: Db, email: QueuedEmail): Promise<string> {
  const [id] = await enqueueEmails(tx, [email]);
  return id as string;
}

/** The mail server's reply when it refused the message for good (SMTP 5xx), else undefined. */
function permanentRefusal(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { responseCode, response } = err as { responseCode?: unknown; response?: unknown };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return undefined;
  return typeof response === 'string' && response ? response : String(responseCode);
}

/** A message deliverNow did not send, and, if the mail server refused it for good, its reply. */
export interface Undelivered {
  id: string;
  refused?: string;
}

/** What deliverNow did with the messages it was given. */
export interface Delivery {
  /** Tried now and not sent (refused for good, or to be retried later). */
  failed: Undelivered[];
  /** Not tried yet: still in the queue, which sends them shortly. */
  queued: string[];
}

/** A claim on a batch of rows: when it was made or last renewed, and until when it holds them (locked_until). */
interface Claim {
  at: number;
  until: number;
}

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** The secret SECRET_MARK stands for; null: none (or given up). */
  secret: string | null;
  /** Not sent from then on (epoch ms; 0: no limit). */
  send_before: number;
  attempts: number;
}

export class MailWorker {
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The poll's work: one drain of the queue at a time. */
  private running: Promise<void> = Promise.resolve();
  /** deliverNow's sends under way, beside the poll's. */
  private readonly urgent = new Set<Promise<unknown>>();
  private stopping = false;

  constructor(
    private readonly database: Database,
    private readonly send: SendEmail,
    private readonly log: FastifyBaseLogger,
    /** How long a claim holds messages (config MAIL_CLAIM_S). */
    private readonly claimMs: number,
  ) {}

  start(): void {
    this.stopping = false;
    this.timer ??= setInterval(() => void this.tick(), POLL_MS);
  }

  /** Stops polling; resolves once the batch being sent and any deliverNow are done (the rest stays queued). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([this.running, ...this.urgent]);
  }

  private tick(): Promise<void> {
    this.running = this.running
      .then(() => this.deliverDue())
      .catch((err: unknown) => this.log.error({ err }, 'mail worker failed'));
    return this.running;
  }

  /** Claims due messages (all, or these ids) for claimMs: the rows, and the claim to try them under. */
  private async claim(ids?: string[]): Promise<{ rows: OutboxRow[]; claim: Claim }> {
    const now = Date.now();
    const only = ids ? 'AND id = ANY($3)' : '';
    const rows = await this.database.query<OutboxRow>(
      `UPDATE email_outbox SET locked_until = $1, attempts = attempts + 1
       WHERE id IN (SELECT id FROM email_outbox WHERE given_up_at = 0 AND locked_until < $2 ${ids ? '' : 'AND next_attempt_at <= $2'} ${only}
                    ORDER BY next_attempt_at LIMIT 20 FOR UPDATE SKIP LOCKED)
       RETURNING id, to_address, subject, text_body, html_body, secret, send_before::float8 AS send_before, attempts`,
      ids ? [now + this.claimMs, now, ids] : [now + this.claimMs, now],
    );
    return { rows, claim: { at: now, until: now + this.claimMs } };
  }

  /**
   * Holds the claim's rows not yet tried for another claimMs, once half of it has gone by: a
   * batch sent to a slow mail server can outlast the claim, and another process would then claim
   * and send the rest of it again. Only the rows this claim still holds are kept; returns them.
   */
  private async keepClaim(rows: OutboxRow[], claim: Claim): Promise<OutboxRow[]> {
    const now = Date.now();
    if (rows.length === 0 || now < claim.at + this.claimMs / 2) return rows;
    const until = now + this.claimMs;
    const kept = await this.database.query<{ id: string }>(
      `UPDATE email_outbox SET locked_until = $1 WHERE id = ANY($2) AND locked_until = $3 RETURNING id`,
      [until, rows.map((r) => r.id), claim.until],
    );
    claim.at = now;
    claim.until = until;
    const ours = new Set(kept.map((r) => r.id));
    return rows.filter((r) => ours.has(r.id));
  }

  /**
   * Tries each claimed row once, while the claim still holds it; returns the rows that failed and
   * the ids tried (a row another process took over is not).
   */
  private async attempt(claimed: OutboxRow[], claim: Claim): Promise<{ failed: Undelivered[]; tried: string[] }> {
    const failed: Undelivered[] = [];
    const tried: string[] = [];
    let waiting = claimed;
    while (waiting.length > 0) {
      const [row, ...rest] = await this.keepClaim(waiting, claim);
      waiting = rest;
      if (!row) break;
      tried.push(row.id);
      if (row.send_before > 0 && Date.now() >= row.send_before) {
        // Its link no longer works: sending it would only mislead.
        failed.push({ id: row.id });
        await this.expired(row.id);
        continue;
      }
      const fill = (text: string) => (row.secret === null ? text : text.replaceAll(SECRET_MARK, row.secret));
      try {
        await this.send({
          id: row.id,
          to: row.to_address,
          subject: fill(row.subject),
          text: fill(row.text_body),
          html: fill(row.html_body),
        });
        await this.sent(row.id);
      } catch (err) {
        const refused = permanentRefusal(err);
        const now = Date.now();
        const last_error = String(err).slice(0, 500);
        if (refused) {
          failed.push({ id: row.id, refused });
          this.log.warn(
            { err, to: row.to_address, attempts: row.attempts },
            'e-mail refused by the mail server; not retried',
          );
          await this.database.db
            .update(emailOutbox)
            .set({ locked_until: 0, given_up_at: now, last_error, secret: null })
            .where(eq(emailOutbox.id, row.id));
          await this.database.db.update(emailLog).set({ refused_at: now }).where(eq(emailLog.id, row.id));
        } else {
          failed.push({ id: row.id });
          this.log.warn({ err, to: row.to_address, attempts: row.attempts }, 'e-mail not sent; will retry');
          await this.database.db
            .update(emailOutbox)
            .set({ locked_until: 0, next_attempt_at: now + backoffMs(row.attempts), last_error })
            .where(eq(emailOutbox.id, row.id));
        }
      }
    }
    return { failed, tried };
  }

  /** The mail server took it: out of the queue, delivered in the history (one statement, one commit). */
  private async sent(id: string): Promise<void> {
    // A reminder cancelled while it was on its way was delivered all the same.
    await this.database.query(
      `WITH gone AS (DELETE FROM email_outbox WHERE id = $1 RETURNING id)
       UPDATE email_log SET delivered_at = $2, cancelled_at = 0 WHERE id = $1`,
      [id, Date.now()],
      'outbox_sent',
    );
  }

  /** Its link stopped working before it was sent: out of the queue, cancelled in the history. */
  private async expired(id: string): Promise<void> {
    await this.database.query(
      `WITH gone AS (DELETE FROM email_outbox WHERE id = $1 RETURNING id)
       UPDATE email_log SET cancelled_at = $2 WHERE id = $1`,
      [id, Date.now()],
      'outbox_expired',
    );
  }

  /** Sends every message that is due, until none is left or the worker stops (the poll's work). */
  async deliverDue(): Promise<void> {
    while (!this.stopping) {
      const { rows, claim } = await this.claim();
      if (rows.length === 0) return;
      await this.attempt(rows, claim);
    }
  }

  /**
   * Sends these messages now, as many as one claim takes (the request that
   * queued them waits for those); says which were tried and not sent, and which
   * are still queued untried (beyond the claim, or held by the poll or another
   * process): the worker sends those within seconds.
   *
   * Beside the poll, not after it: the poll sends until the queue is empty,
   * which a flood of reminders makes minutes, and an invite would wait for all
   * of them. The claims keep the two from sending a message twice.
   */
  async deliverNow(ids: string[]): Promise<Delivery> {
    if (ids.length === 0) return { failed: [], queued: [] };
    const done = (async () => {
      const { rows, claim } = await this.claim(ids);
      const { failed, tried } = await this.attempt(rows, claim);
      // An id not tried here was either sent already (the worker's poll or another process
      // took it first: its row is gone) or is still waiting its turn.
      return { failed, queued: await this.pending(ids.filter((id) => !tried.includes(id))) };
    })();
    this.urgent.add(done);
    try {
      return await done;
    } finally {
      this.urgent.delete(done);
    }
  }

  /** Ids of these messages still waiting in the queue. */
  async pending(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, ids));
    return rows.map((r) => r.id);
  }
}
