/** The bulk actions without the bulk request's schemas (bulk-users.ts re-exports them): the users list loads no zod. */
export const BULK_ACTIONS = ['assign', 'due_date', 'unassign', 'reinvite', 'deactivate'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
