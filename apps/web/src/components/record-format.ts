/** How the training record reads: statuses, outcomes, results and dates in words. */
import type { RecordRun, RecordStatus } from '@airman/contracts/record.ts';

export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  complete: 'Complete',
  failed: 'Failed',
  quit: 'Quit',
  past_due: 'Past Due',
};

export const RUN_OUTCOME_LABELS: Record<RecordRun['status'], string> = {
  in_progress: 'Not finished',
  complete: 'Complete',
  failed: 'Failed',
  quit: 'Quit',
};

/** A day, or '—' for 0 (none). */
export function formatDay(ms: number): string {
  return ms > 0 ? new Date(ms).toLocaleDateString([], { dateStyle: 'medium' }) : '—';
}

/** A moment, or '—' for 0 (none). */
export function formatMoment(ms: number): string {
  return ms > 0 ? new Date(ms).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

/** '2 stars', '1 star', 'no stars'. */
export function starsText(stars: number): string {
  return stars === 0 ? 'no stars' : `${stars} star${stars === 1 ? '' : 's'}`;
}

/** Stars drawn for the eye ('★★☆'); the words are given beside them for a screen reader. */
export function starGlyphs(stars: number): string {
  return '★'.repeat(stars) + '☆'.repeat(3 - stars);
}
