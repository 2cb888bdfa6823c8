import type { ProgressStatus } from '@airman/contracts/progress.ts';

/** The statuses as the charts and tables name them, in stacking order. */
export const STATUS_LABELS: Record<ProgressStatus, string> = {
  complete: 'Complete',
  in_progress: 'In Progress',
  not_started: 'Not Started',
  failed: 'Failed',
  quit: 'Quit',
  past_due: 'Past Due',
};
