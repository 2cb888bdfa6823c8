/** The e-mails the product sends, and their history per user (GET admin/users/{id}/emails). */
import { z } from 'zod';

/** One template per kind (apps/server/src/mail/templates.ts). */
export const EMAIL_KINDS = [
  'invite',
  'password_reset',
  'device_trust',
  'reminder',
  'past_due',
  'digest',
  'nudge',
  'followup',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What the user modal calls each kind. */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  invite: 'Invite',
  password_reset: 'Password reset',
  device_trust: 'Sign-in link for a new device',
  reminder: 'Due date reminder',
  past_due: 'Past due reminder',
  digest: 'Weekly digest',
  nudge: 'Reminder from an administrator',
  followup: 'Follow-up questionnaire',
};

/**
 * queued: waiting in the outbox (or being retried); delivered: the mail server
 * accepted it; refused: the mail server refused it for good; cancelled: taken
 * out of the queue before it left (the assignment it was about was completed,
 * removed or given another due date; or the link it carried stopped working).
 */
export const EMAIL_STATES = ['queued', 'delivered', 'refused', 'cancelled'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

export const EMAIL_STATE_LABELS: Record<EmailState, string> = {
  queued: 'Not yet',
  delivered: 'Delivered',
  refused: 'Refused',
  cancelled: 'Cancelled',
};

export const sentEmailSchema = z.object({
  id: z.string(),
  kind: z.enum(EMAIL_KINDS),
  /** The subject line. */
  subject: z.string(),
  /** When it was queued (epoch ms). */
  created_at: z.number(),
  /** When the mail server accepted it (epoch ms; 0 = not delivered). */
  delivered_at: z.number(),
  state: z.enum(EMAIL_STATES),
});
export type SentEmail = z.infer<typeof sentEmailSchema>;

/** The latest 100 e-mails to the user, newest first. */
export const userEmailsResponseSchema = z.object({ emails: z.array(sentEmailSchema) });
export type UserEmailsResponse = z.infer<typeof userEmailsResponseSchema>;

// GET/POST self/email-settings: an administrator's choice of e-mails.
export const emailSettingsSchema = z.strictObject({
  /** The weekly digest of overdue trainees (administrators only). */
  email_digest: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;
