/**
 * A trainee's training record: every assignment with its runs, best result, renewal and
 * certificate (GET self/record, GET admin/users/{id}/record); certificates and their public
 * verification (GET self/certificates/{code}, GET certificates/{code}); and the administrator's
 * reminder to overdue trainees (POST admin/reminders/nudge). Times are epoch ms, like the rest
 * of the API.
 */
import { z } from 'zod';
import { NUDGE_NOTE_MAX } from './record-values.ts';

export { NUDGE_NOTE_MAX } from './record-values.ts';
import { epochMs } from './user.ts';

/** The status of an assignment on the record (the same words as the users list's statuses). */
export const RECORD_STATUSES = ['not_started', 'in_progress', 'complete', 'failed', 'quit', 'past_due'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** How a run ended; `in_progress` while it is open. */
export const RUN_STATUSES = ['in_progress', 'complete', 'failed', 'quit'] as const;

/** A run's result: points and stars (0 for a run not completed, else 1–3). */
export const recordScoreSchema = z.object({
  score: z.number().int(),
  stars: z.number().int().min(0).max(3),
});
export type RecordScore = z.infer<typeof recordScoreSchema>;

export const recordRunSchema = z.object({
  id: z.string(),
  started_at: epochMs,
  /** 0 while the run is open. */
  finished_at: epochMs,
  status: z.enum(RUN_STATUSES),
  /** null while the run is open. */
  score: z.number().int().nullable(),
  stars: z.number().int().min(0).max(3).nullable(),
});
export type RecordRun = z.infer<typeof recordRunSchema>;

/** An unguessable certificate code: 128 bits or more, base64url (22+ characters). */
export const certificateCodeSchema = z
  .string()
  // An empty or overlong path parameter is refused as on every route (recordIdSchema), and alone.
  .min(1, { message: 'not a valid id', abort: true })
  .max(100, { message: 'not a valid id', abort: true })
  .regex(/^[A-Za-z0-9_-]{22,64}$/, 'not a certificate code');
export const certificateParamsSchema = z.object({ code: certificateCodeSchema });

export const recordCertificateSchema = z.object({
  code: z.string(),
  /** When the certificate stops being current (the module recertifies); 0 = never. */
  expires_at: epochMs,
});

export const recordAssignmentSchema = z.object({
  /** The module id. */
  module: z.string(),
  title: z.string(),
  status: z.enum(RECORD_STATUSES),
  assigned_at: epochMs,
  /** 0 = no due date. */
  due_at: epochMs,
  /** The latest completion (kept when the assignment comes due again); 0 = never completed. */
  completed_at: epochMs,
  /** Completed after its due date. */
  late: z.boolean(),
  /** The best finished run; null before any run finished. */
  best: recordScoreSchema.nullable(),
  /** When a recertifying module's completion lapses and the assignment is due again; 0 = never. */
  renews_at: epochMs,
  /** The latest completion's certificate; null before a completion. */
  certificate: recordCertificateSchema.nullable(),
  /** Newest first. */
  runs: z.array(recordRunSchema),
});
export type RecordAssignment = z.infer<typeof recordAssignmentSchema>;

export const trainingRecordSchema = z.object({ assignments: z.array(recordAssignmentSchema) });
export type TrainingRecord = z.infer<typeof trainingRecordSchema>;

/** GET certificates/{code}: what anyone may check about a certificate (404 when there is none). */
export const certificateVerificationSchema = z.object({
  /** Completed and not expired. */
  valid: z.boolean(),
  /** The holder's rank and name, as at completion. */
  name: z.string(),
  /** The module's title, as at completion. */
  module: z.string(),
  completed_at: epochMs,
  /** 0 = never expires. */
  expires_at: epochMs,
  /** Why it is not valid, when it is not: "expired", or another reason a person can read. */
  reason: z.string().optional(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** The most trainees one reminder names. */
export const NUDGE_USERS_MAX = 100_000;

// POST admin/reminders/nudge
export const nudgeRequestSchema = z.strictObject({
  user_ids: z.array(z.string().min(1).max(100)).min(1).max(NUDGE_USERS_MAX),
  /** Only this module's overdue assignments; absent: every overdue assignment of each trainee. */
  module: z.string().min(1).max(100).optional(),
  note: z.string().trim().max(NUDGE_NOTE_MAX).optional(),
});
export type NudgeRequest = z.infer<typeof nudgeRequestSchema>;
export const nudgeResponseSchema = z.object({
  /** Trainees e-mailed. */
  sent: z.number().int().min(0),
  /** Trainees not e-mailed: the sum of `skipped_by`. */
  skipped: z.number().int().min(0),
  /** Why they were not: no such user; a deactivated account or an invitee not yet registered; nothing overdue (of `module`); reminded in the last 24 hours. */
  skipped_by: z.object({
    unknown: z.number().int().min(0),
    inactive: z.number().int().min(0),
    pending: z.number().int().min(0),
    not_overdue: z.number().int().min(0),
    recently_reminded: z.number().int().min(0),
  }),
});
export type NudgeResponse = z.infer<typeof nudgeResponseSchema>;

export { RECERTIFY_MONTHS_MAX } from './module.ts';
