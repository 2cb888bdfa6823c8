/**
 * Progress's constants without its schemas (progress.ts re-exports them): the web app's pages
 * that only read them load no zod.
 */
/** The "Expired / due for recertification" filter of Progress and the users list. */
export const RECERT_FILTERS = ['due'] as const;

/** The six statuses an assignment can be in, in the order the charts stack them. */
export const PROGRESS_STATUSES = ['complete', 'in_progress', 'not_started', 'failed', 'quit', 'past_due'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/** Fewer trainees than this: no confidence interval is given (the Progress page says so). */
export const CHANGE_MIN_N = 5;
