/** The audit log (GET admin/audit) and module versions (GET modules/{id}/versions…). */
import { z } from 'zod';
import { isoDateSchema } from './progress.ts';
import { moduleSchema } from './module.ts';
import { questionnaireSchema } from './questionnaire.ts';

/** What an entry is about. */
export const AUDIT_TARGET_KINDS = ['user', 'module', 'questionnaire', 'report', 'audit', 'reminder'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** Every action the log records, and what the Audit screen calls it (docs/audit.md). */
export const AUDIT_ACTION_LABELS = {
  'user.invite': 'Invited',
  'user.resend': 'Invite resent',
  'user.address': 'E-mail address changed',
  'user.register': 'Registered',
  'user.provision': 'Account created at provider sign-in',
  'user.provider_link': 'Linked to the identity provider',
  'user.provider_unlink': 'Unlinked from the identity provider',
  'user.role': 'Role changed',
  'user.scope': 'Units administered changed',
  'user.active': 'Activated or deactivated',
  'user.profile': 'Name, rank or unit changed',
  'user.delete': 'Deleted',
  'user.sign_in_cleared': 'Sign-in lock cleared',
  'user.digest_setting': 'Digest setting changed',
  'assignment.assign': 'Module assigned',
  'assignment.unassign': 'Module unassigned',
  'assignment.due_date': 'Due date changed',
  'assignment.renew': 'Due again for recertification',
  'assignment.renewal_end': 'Recertification ended',
  'module.create': 'Module created (copy)',
  'module.edit': 'Module edited',
  'module.archive': 'Module archived',
  'module.unarchive': 'Module unarchived',
  'module.restore': 'Module version restored',
  'questionnaire.edit': 'Questionnaire edited',
  'report.download': 'Report downloaded',
  'report.xapi': 'xAPI statements exported',
  'audit.download': 'Audit log downloaded',
  'record.download': 'Training record downloaded',
  'reminder.nudge': 'Reminder sent to overdue trainees',
  'audit.retention': 'Old audit entries removed',
  'audit.redaction': 'Unknown sign-in names replaced',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** Entries in one page, unless `limit` says fewer. */
export const AUDIT_PAGE_SIZE = 50;

// GET admin/audit?actor&target_kind&target_id&action&unit&from&to&tz&cursor&limit&csv
export const auditQuerySchema = z
  .object({
    /** Who acted: their user id, or their e-mail address (as it was then). */
    actor: z.string().min(1).max(254).optional(),
    target_kind: z.enum(AUDIT_TARGET_KINDS).optional(),
    /** With target_kind: the user's or module's id; for a user, their e-mail address too. */
    target_id: z.string().min(1).max(254).optional(),
    action: z.enum(AUDIT_ACTIONS as [AuditAction, ...AuditAction[]]).optional(),
    /** Only the entries about users of this unit and of every unit under it, by their unit now (packages/contracts/src/units.ts). */
    unit: z.string().max(100).optional(),
    /** First day of the range, in `tz`. */
    from: isoDateSchema.optional(),
    /** Last day of the range, included, in `tz`. */
    to: isoDateSchema.optional(),
    /** The IANA time zone whose days `from` and `to` are (the admin's own; UTC without). */
    tz: z.string().max(100).optional(),
    /** Opaque; from the previous page. */
    cursor: z.string().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
    /** 1: every matching entry as CSV, newest first. */
    csv: z.literal('1').optional(),
  })
  .refine((q) => q.target_id === undefined || q.target_kind !== undefined, {
    message: 'give target_kind with target_id',
    path: ['target_id'],
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const fields = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  /** When (epoch ms). */
  at: z.number().int(),
  /** null: the server itself (the retention job). */
  actor_id: z.string().nullable(),
  actor_name: z.string(),
  action: z.string(),
  target_kind: z.string(),
  target_id: z.string(),
  target_name: z.string(),
  /** The fields changed, as they were and as they became (never a password, hash, code or token). */
  before: fields,
  after: fields,
  /** The client's address and the request's id. */
  address: z.string(),
  request_id: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Opaque; absent on the last page. */
  cursor: z.string().optional(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

// GET modules/{id}/versions
export const moduleVersionSummarySchema = z.object({
  version: z.number().int().min(1),
  author_id: z.string().nullable(),
  /** The author's e-mail then; 'server' for a version the server kept (a module from before versions). */
  author_name: z.string(),
  saved_at: z.number().int(),
});
export type ModuleVersionSummary = z.infer<typeof moduleVersionSummarySchema>;
export const moduleVersionsResponseSchema = z.object({ versions: z.array(moduleVersionSummarySchema) });
export type ModuleVersionsResponse = z.infer<typeof moduleVersionsResponseSchema>;

// GET modules/{id}/versions/{n}
export const moduleVersionSchema = moduleVersionSummarySchema.extend({
  module: moduleSchema,
  /** The module's questionnaire then; null when it has none. */
  questionnaire: questionnaireSchema.nullable(),
});
export type ModuleVersion = z.infer<typeof moduleVersionSchema>;

/** modules/{id}/versions/{n} */
export const moduleVersionParamsSchema = z.object({
  id: z.string().min(1, 'not a valid id').max(100, 'not a valid id'),
  n: z.coerce
    .number({ error: 'not a version number' })
    .int('not a version number')
    .min(1, 'not a version number')
    .max(2_147_483_647, 'not a version number'),
});
