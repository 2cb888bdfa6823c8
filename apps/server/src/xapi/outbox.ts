/**
 * The xAPI statement queue (decision 016), built as the e-mail queue is: statements are
 * rows written in the transaction that records their event, a worker in each server
 * process claims due rows (FOR UPDATE SKIP LOCKED, a claim that expires after
 * LRS_CLAIM_S so a killed process's rows come back), POSTs them to the LRS as one
 * batch, and deletes them once the LRS accepted them. While the LRS cannot be reached
 * (or answers 5xx, 401, 403, 429) the batch is retried with exponential backoff, kept
 * however long that lasts. A statement the LRS refuses for good (400: not valid; 409:
 * it holds another statement under that id) is kept, marked given up, with the LRS's
 * answer. Delivery is at least once and the ids are fixed, so a batch sent again after
 * a crash is one the LRS already holds: it stores each statement once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/database.ts';
import { sql } from 'drizzle-orm';
import { pgTextArray } from '../mail/outbox.ts';
import type { Lrs } from './lrs.ts';
import type { Statement } from './statements.ts';

const POLL_MS = 2_000;
/** Statements in one POST (~1.3 KB each): a short request for a slow LRS, well under its body limit. */
const BATCH = 200;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/**
 * Queues a run's statements inside the caller's transaction, in one statement. A
 * statement already queued (or sent: its id is fixed) is not queued again.
 */
export async function enqueueStatements(tx: Db, runId: string, statements: readonly Statement[]): Promise<void> {
  if (statements.length === 0) return;
  const now = Date.now();
  const ids = pgTextArray(statements.map((s) => s.id));
  const texts = pgTextArray(statements.map((s) => JSON.stringify(s)));
  await tx.execute(sql`INSERT INTO xapi_outbox (id, run_id, statement, next_attempt_at, created_at)
    SELECT id, ${runId}, statement, ${now}, ${now} FROM unnest(${ids}::text[], ${texts}::text[]) AS t(id, statement)
    ON CONFLICT (id) DO NOTHING`);
}

interface Row {
  id: string;
  statement: string;
}

export interface XapiWorkerOptions {
  /** How long a claim holds statements (LRS_CLAIM_S). */
  claimMs: number;
  /** The first retry's delay, doubled each attempt up to an hour (5 s unless a test says otherwise). */
  backoffMs?: number;
  /** How often the queue is looked at (2 s unless a test says otherwise). */
  pollMs?: number;
}

export class XapiWorker {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopping = false;
  private readonly backoffMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly database: Database,
    private readonly lrs: Lrs,
    private readonly log: FastifyBaseLogger,
    private readonly options: XapiWorkerOptions,
  ) {
    this.backoffMs = options.backoffMs ?? 5_000;
    this.pollMs = options.pollMs ?? POLL_MS;
  }

  start(): void {
    this.stopping = false;
    this.timer ??= setInterval(() => void this.tick(), this.pollMs);
  }

  /** Stops polling; resolves once the batch being sent is done (the rest stays queued). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private tick(): Promise<void> {
    this.running = this.running
      .then(() => this.deliverDue())
      .catch((err: unknown) => this.log.error({ err }, 'xAPI worker failed'));
    return this.running;
  }

  /** Sends every statement that is due, a batch at a time, until none is left or the worker stops. */
  async deliverDue(): Promise<void> {
    while (!this.stopping) {
      const rows = await this.claim();
      if (rows.length === 0) return;
      const delivered = await this.attempt(rows);
      // The LRS is down: the rest waits for the next poll rather than failing at once.
      if (!delivered) return;
    }
  }

  private claim(): Promise<Row[]> {
    const now = Date.now();
    return this.database.query<Row>(
      `UPDATE xapi_outbox SET locked_until = $1, attempts = attempts + 1
       WHERE id IN (SELECT id FROM xapi_outbox WHERE given_up_at = 0 AND next_attempt_at <= $2 AND locked_until < $2
                    ORDER BY next_attempt_at, created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING id, statement`,
      [now + this.options.claimMs, now],
    );
  }

  /** Sends one claimed batch; false when the LRS could not take it now (the batch waits for its retry). */
  private async attempt(rows: Row[]): Promise<boolean> {
    let answer;
    try {
      answer = await this.lrs.post(rows.map((r) => r.statement));
    } catch (err) {
      await this.later(rows, String(err));
      return false;
    }
    if (answer.status >= 200 && answer.status < 300) {
      await this.accepted(rows.map((r) => r.id));
      return true;
    }
    if (!refusedForGood(answer.status)) {
      await this.later(rows, `${answer.status} ${answer.body}`);
      return false;
    }
    // One bad statement refuses the whole batch: each goes alone, to keep the others.
    for (const row of rows) {
      let one;
      try {
        one = await this.lrs.put(row.id, row.statement);
      } catch (err) {
        await this.later([row], String(err));
        continue;
      }
      if (one.status >= 200 && one.status < 300) await this.accepted([row.id]);
      else if (refusedForGood(one.status)) await this.giveUp(row, `${one.status} ${one.body}`);
      else await this.later([row], `${one.status} ${one.body}`);
    }
    return true;
  }

  private async accepted(ids: string[]): Promise<void> {
    await this.database.query('DELETE FROM xapi_outbox WHERE id = ANY($1)', [ids]);
  }

  private async later(rows: Row[], error: string): Promise<void> {
    this.log.warn({ statements: rows.length, error: error.slice(0, 200) }, 'xAPI statements not sent; will retry');
    await this.database.query(
      `UPDATE xapi_outbox SET locked_until = 0, last_error = $2,
         next_attempt_at = $3 + least($4::bigint, $5::bigint * power(2, least(greatest(attempts - 1, 0), 20))::bigint)
       WHERE id = ANY($1)`,
      [rows.map((r) => r.id), error.slice(0, 500), Date.now(), MAX_BACKOFF_MS, this.backoffMs],
    );
  }

  private async giveUp(row: Row, error: string): Promise<void> {
    this.log.warn({ id: row.id, error: error.slice(0, 200) }, 'xAPI statement refused by the LRS; not retried');
    await this.database.query(
      'UPDATE xapi_outbox SET locked_until = 0, given_up_at = $2, last_error = $3 WHERE id = $1',
      [row.id, Date.now(), error.slice(0, 500)],
    );
  }
}

/** 400 (the statement is not valid) and 409 (the LRS holds another statement under its id): retrying changes nothing. */
function refusedForGood(status: number): boolean {
  return status === 400 || status === 409;
}
