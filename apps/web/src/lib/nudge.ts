/** POST admin/reminders/nudge: a reminder now to trainees with overdue training (Progress, the users list). */
import { useMutation } from '@tanstack/react-query';
import type { NudgeRequest, NudgeResponse } from '@airman/contracts/record.ts';
import { sendJson } from './api-client.ts';
import type { MutationConfig } from './react-query.ts';

/** 'N trainees' (one: 'trainee'), as the reminder's dialog and button name them. */
export function traineesCount(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'trainee' : 'trainees'}`;
}

export function sendNudge(body: NudgeRequest): Promise<NudgeResponse> {
  return sendJson<NudgeResponse>('post', 'admin/reminders/nudge', body);
}

export function useNudge(config: MutationConfig<typeof sendNudge> = {}) {
  return useMutation({ ...config, mutationFn: sendNudge });
}

const SKIP_REASONS: Record<keyof NudgeResponse['skipped_by'], string> = {
  not_overdue: 'nothing overdue',
  recently_reminded: 'reminded in the last 24 hours',
  pending: 'invite not yet accepted',
  inactive: 'account deactivated',
  unknown: 'no longer exists',
};

/** '3 sent, 2 skipped (1 nothing overdue, 1 reminded in the last 24 hours)'. */
export function nudgeOutcome({ sent, skipped, skipped_by }: NudgeResponse): string {
  const why = (Object.keys(SKIP_REASONS) as (keyof typeof SKIP_REASONS)[])
    .filter((k) => skipped_by[k] > 0)
    .map((k) => `${skipped_by[k].toLocaleString()} ${SKIP_REASONS[k]}`);
  return `${sent.toLocaleString()} sent, ${skipped.toLocaleString()} skipped${why.length > 0 ? ` (${why.join(', ')})` : ''}`;
}
