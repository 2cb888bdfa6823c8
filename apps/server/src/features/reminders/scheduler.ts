/**
 * Every REMINDER_INTERVAL_S seconds, in every server process: makes lapsed
 * completions due again (features/record/renewals.ts), queues the trainee
 * reminders owed, the administrators' digest when one is due and the
 * follow-up questionnaires owed (features/followup). Work
 * is claimed in the database (row locks, unique keys), so any number of
 * processes queue each e-mail once; the outbox's worker sends them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#config.ts';
import type { Database } from '#db/database.ts';
import { planDigests } from './plan-digests.ts';
import { planReminders } from './plan-reminders.ts';
import { applyRetention } from '../audit/retention.ts';
import { renewLapsed } from '../record/renewals.ts';
import { planFollowups } from '../followup/plan-followups.ts';

export type SchedulerConfig = Pick<
  Config,
  'publicUrl' | 'reminderDays' | 'reminderIntervalMs' | 'digestCron' | 'digestTz' | 'followupDays'
>;

export class ReminderScheduler {
  private timer: ReturnType<typeof setInterval> | undefined;
  private first: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly config: SchedulerConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.config.reminderIntervalMs);
    // The first check soon after start, not a whole interval later.
    this.first = setTimeout(() => void this.tick(), Math.min(1000, this.config.reminderIntervalMs));
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.first);
    this.timer = undefined;
    await this.running;
  }

  /** One check, after any still running; resolves when it is done (failures are logged). */
  tick(now?: number): Promise<void> {
    this.running = this.running
      .then(() => this.runOnce(now))
      .catch((err: unknown) => this.log.error({ err }, 'reminder scheduler failed'));
    return this.running;
  }

  private async runOnce(now = Date.now()): Promise<void> {
    // Lapsed completions first: an assignment due again is reminded on this same beat.
    const renewed = await renewLapsed(this.database, now);
    if (renewed > 0) this.log.info({ renewed }, 'assignments due again for recertification');
    const queued = await planReminders(this.database, {
      publicUrl: this.config.publicUrl,
      days: this.config.reminderDays,
      now,
    });
    if (queued > 0) this.log.info({ queued }, 'trainee reminders queued');
    const digests = await planDigests(this.database, {
      publicUrl: this.config.publicUrl,
      cron: this.config.digestCron,
      tz: this.config.digestTz,
      now,
    });
    if (digests > 0) this.log.info({ digests }, "administrators' digests queued");
    const followups = await planFollowups(this.database, {
      publicUrl: this.config.publicUrl,
      days: this.config.followupDays,
      now,
    });
    if (followups > 0) this.log.info({ followups }, 'follow-up questionnaires queued');
    // The audit log's retention (features/audit/retention.ts), on the same beat: what the owner's
    // connection wrote at start (AUDIT_RETENTION_DAYS, AUDIT_SIGNIN_DAYS) decides what goes.
    // By the real clock: a test moving the scheduler's clock ahead does not age the log.
    const removed = await applyRetention(this.database.db, Math.min(now, Date.now()));
    if (removed.audit + removed.signIns > 0) this.log.info(removed, 'old audit entries removed');
  }
}
