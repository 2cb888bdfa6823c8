/**
 * GET admin/progress: training progress at a glance, for the administrators'
 * Progress page. Every count follows the status rule of spec §4 (status.ts):
 * an assignment is in exactly one of not_started, in_progress, complete,
 * failed, quit and past_due, so those six add up to `assigned`.
 */
import { z } from 'zod';
import { FIRST_DATE_YEAR } from './constants.ts';
import { epochMs } from './user.ts';
import { RECERT_FILTERS } from './progress-values.ts';

export { CHANGE_MIN_N, PROGRESS_STATUSES, RECERT_FILTERS, type ProgressStatus } from './progress-values.ts';

/** A calendar day, YYYY-MM-DD (UTC). */
export const calendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD', abort: true })
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    { message: 'must be a real calendar date', abort: true },
  );

/** A day a request names: a calendar day of the years 1970–9999. */
export const isoDateSchema = calendarDaySchema.refine(
  (s) => Number(s.slice(0, 4)) >= FIRST_DATE_YEAR,
  `must not be before ${FIRST_DATE_YEAR}-01-01`,
);

/** Weeks the completions chart shows when no range is given. */
export const PROGRESS_DEFAULT_WEEKS = 12;
/** The longest range of the completions chart, in days (about three years of weeks). */
export const PROGRESS_MAX_RANGE_DAYS = 1100;
/** Rows of the overdue list in one answer (most overdue first); `overdue_total` counts them all. */
export const PROGRESS_OVERDUE_LIMIT = 200;

export const progressQuerySchema = z
  .strictObject({
    /** A module id: every figure about that module only. */
    module: z.string().min(1).max(100).optional(),
    /** A unit: its users and those of every unit under it (packages/contracts/src/units.ts). */
    unit: z.string().max(100).optional(),
    /** A rank abbreviation, exactly as stored ('' is never a filter). */
    rank: z.string().min(1).max(20).optional(),
    /** First day of the completions chart (UTC). Default: PROGRESS_DEFAULT_WEEKS weeks before `to`. */
    from: isoDateSchema.optional(),
    /** Last day of the completions chart (UTC), included. Default: today. */
    to: isoDateSchema.optional(),
    /**
     * 'due': only assignments whose completion has lapsed (expired, due for recertification) —
     * the status counts, the module and unit rows and the overdue list. The completions chart
     * and the questionnaire means are not narrowed by it.
     */
    recert: z.enum(RECERT_FILTERS).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type ProgressQuery = z.infer<typeof progressQuerySchema>;

// GET admin/progress/overdue-trainees?module&unit&rank&recert
/** Progress's filters that narrow its overdue list (the completions chart's range does not). */
export const overdueTraineesQuerySchema = z.strictObject({
  module: z.string().min(1).max(100).optional(),
  unit: z.string().max(100).optional(),
  rank: z.string().min(1).max(20).optional(),
  recert: z.enum(RECERT_FILTERS).optional(),
});
export type OverdueTraineesQuery = z.infer<typeof overdueTraineesQuerySchema>;
/**
 * Every trainee an administrator's reminder (POST admin/reminders/nudge, with the same module)
 * would reach for the overdue list's assignments in these filters, not only its first
 * PROGRESS_OVERDUE_LIMIT rows: registered and active, with such an assignment in a live
 * module, and not reminded by an administrator in the last day. At most NUDGE_USERS_MAX, by id.
 */
export const overdueTraineesResponseSchema = z.object({ user_ids: z.array(z.string()) });
export type OverdueTraineesResponse = z.infer<typeof overdueTraineesResponseSchema>;

export const statusCountsSchema = z.object({
  assigned: z.number().int().min(0),
  not_started: z.number().int().min(0),
  in_progress: z.number().int().min(0),
  complete: z.number().int().min(0),
  failed: z.number().int().min(0),
  quit: z.number().int().min(0),
  past_due: z.number().int().min(0),
  /** complete ÷ assigned, 0–1 (0 when nothing is assigned). */
  completion: z.number().min(0).max(1),
  /** Assignments completed and not expired (a recertifying module's completion lapses at its renewal). */
  current: z.number().int().min(0),
  /** current ÷ assigned, 0–1 (0 when nothing is assigned): the share of people current in it. */
  current_share: z.number().min(0).max(1),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const domainMeanSchema = z.object({
  /** Mean of the trainees' domain scores (0–100, as the report's domain score), one decimal; null when n is 0. */
  mean: z.number().nullable(),
  /** Trainees with at least one answer in the domain. */
  n: z.number().int().min(0),
});

/**
 * A 95% confidence interval of a mean change, [low, high] (t-based: mean ± t(0.975, n − 1) ·
 * sd / √n), one decimal; null when fewer than CHANGE_MIN_N trainees.
 */
const ci95Schema = z.tuple([z.number(), z.number()]).nullable();

/** The change in a domain's score of the trainees who answered both sets, each against their own. */
export const pairedChangeSchema = z.object({
  /** Trainees who answered the domain in both sets. */
  n: z.number().int().min(0),
  /** Mean of their changes (later score − before score, points of 0–100), one decimal; null when n is 0. */
  mean_change: z.number().nullable(),
  ci95: ci95Schema,
  /** Share of them whose score went up (0–1); null when n is 0. */
  improved_share: z.number().min(0).max(1).nullable(),
});
export type PairedChange = z.infer<typeof pairedChangeSchema>;

export const progressResponseSchema = z.object({
  /** The moment the statuses were judged at (epoch ms): past due means due before it. */
  now: epochMs,
  from: isoDateSchema,
  to: isoDateSchema,
  /** Every live module, and any archived one with assignments in the filter; by title. */
  modules: z.array(statusCountsSchema.extend({ id: z.string(), title: z.string(), archived: z.boolean() })),
  /** Every unit with assignments in the filter ('' for users without a unit); by unit. */
  units: z.array(statusCountsSchema.extend({ unit: z.string() })),
  /** Completions in each week (Monday, UTC) that meets the range, oldest first. */
  weeks: z.array(z.object({ week: calendarDaySchema, completions: z.number().int().min(0) })),
  /** Days after completion the follow-up questionnaire is sent (FOLLOWUP_DAYS); null when it is off. */
  followup_days: z.number().int().min(1).nullable(),
  /** For each module with a questionnaire: its domains' mean score before and after play, and later; their changes. */
  questionnaires: z.array(
    z.object({
      module: z.string(),
      title: z.string(),
      domains: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          before: domainMeanSchema,
          after: domainMeanSchema,
          /** The follow-up questionnaire's mean, FOLLOWUP_DAYS after completion (the third point). */
          followup_mean: domainMeanSchema,
          /** After − before, of the trainees who answered both. */
          paired: pairedChangeSchema,
          /** Follow-up − before, of the trainees who answered both; null when no follow-up was answered. */
          followup: pairedChangeSchema.omit({ improved_share: true }).nullable(),
        }),
      ),
    }),
  ),
  /**
   * Assignments past their due date and not completed: how many in all. Every such assignment
   * counts, whoever holds it: invitees who have not registered yet and deactivated accounts
   * included, in archived modules too. The administrators' weekly digest counts the same.
   */
  overdue_total: z.number().int().min(0),
  /** The first PROGRESS_OVERDUE_LIMIT of them, most overdue first. */
  overdue: z.array(
    z.object({
      user_id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      user_name: z.string(),
      rank: z.string(),
      unit: z.string(),
      pending: z.boolean(),
      module: z.string(),
      module_title: z.string(),
      due_at: epochMs,
      /** Whole days since the due date (0 on the day it passed). */
      days_overdue: z.number().int().min(0),
    }),
  ),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;
