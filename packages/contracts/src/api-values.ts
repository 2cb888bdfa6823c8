/**
 * The users list's statuses and orders without the API's schemas (api.ts re-exports them): the
 * web app's pages that only read them load no zod.
 */
/**
 * The users list's account statuses: registered (active or inactive), active, inactive
 * (deactivated), pending (invited, not registered).
 */
export const USER_STATUSES = ['registered', 'active', 'inactive', 'pending'] as const;
/** An assignment's status as the label rule of spec §4 groups it (status.ts). */
export const ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'complete', 'failed', 'quit', 'past_due'] as const;
/** The users list's orders: by name (last, first, e-mail; the default), unit, rank (the rank list's order), last sign-in (most recent first). */
export const USER_SORTS = ['name', 'unit', 'rank', 'last_login'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** The longest unit or module id the users list filters by (GET admin/users' `unit` and `module`). */
export const USERS_FILTER_TEXT_MAX = 100;
