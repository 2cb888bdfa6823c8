/**
 * POST admin/users/bulk: one action on many users at once, in one transaction,
 * answered user by user (docs/api.md, "Bulk actions").
 */
import { z } from 'zod';
import { epochDate } from './user.ts';
import { BULK_ACTIONS, type BulkAction } from './bulk-users-values.ts';

export { BULK_ACTIONS, type BulkAction } from './bulk-users-values.ts';

/** The most users one bulk request may name. */
export const BULK_MAX_IDS = 5000;

/** Which optional fields each action takes: required ones must be sent, the others must not. */
export const BULK_ACTION_FIELDS: Record<
  BulkAction,
  { module: 'required' | 'absent'; due_at: 'required' | 'optional' | 'absent' }
> = {
  assign: { module: 'required', due_at: 'optional' },
  due_date: { module: 'required', due_at: 'required' },
  unassign: { module: 'required', due_at: 'absent' },
  reinvite: { module: 'absent', due_at: 'absent' },
  deactivate: { module: 'absent', due_at: 'absent' },
};

export const bulkUsersRequestSchema = z
  .strictObject({
    ids: z
      .array(z.string().min(1, 'not a valid id').max(100, 'not a valid id'))
      .min(1, 'select at least one user')
      .max(BULK_MAX_IDS, `at most ${BULK_MAX_IDS.toLocaleString('en-US')} users at once`),
    action: z.enum(BULK_ACTIONS),
    /** assign, due_date, unassign: the module's id. */
    module: z.string().min(1).max(100).optional(),
    /** assign (optional), due_date: the due date, epoch ms as assignments carry it (0 = none). */
    due_at: epochDate.optional(),
  })
  .superRefine((body, ctx) => {
    const fields = BULK_ACTION_FIELDS[body.action];
    for (const field of ['module', 'due_at'] as const) {
      const rule = fields[field];
      const sent = body[field] !== undefined;
      if (rule === 'required' && !sent)
        ctx.addIssue({ code: 'custom', path: [field], message: `required by ${body.action}` });
      if (rule === 'absent' && sent)
        ctx.addIssue({ code: 'custom', path: [field], message: `not taken by ${body.action}` });
    }
  });
export type BulkUsersRequest = z.infer<typeof bulkUsersRequestSchema>;

export const BULK_OUTCOMES = ['done', 'skipped'] as const;

export const bulkUserResultSchema = z.object({
  id: z.string(),
  /** The user's e-mail, so a list of skipped users can be shown without another read. */
  user_name: z.string(),
  outcome: z.enum(BULK_OUTCOMES),
  /** Why it was skipped, in words a screen can show. */
  reason: z.string().optional(),
});
export type BulkUserResult = z.infer<typeof bulkUserResultSchema>;

export const bulkUsersResponseSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  done: z.number().int().min(0),
  skipped: z.number().int().min(0),
  /** One per distinct id, in the order sent. */
  results: z.array(bulkUserResultSchema),
});
export type BulkUsersResponse = z.infer<typeof bulkUsersResponseSchema>;
