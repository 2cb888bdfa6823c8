/** Assignment status of spec §3 and the label rule of spec §4. */

export const GAME_STATUS = {
  IN_PROGRESS: 0,
  COMPLETE: 1,
  FAILED: 2,
  PAST_DUE: 3,
  QUIT: 4,
} as const;
export type GameStatus = (typeof GAME_STATUS)[keyof typeof GAME_STATUS];

export const GAME_STATUS_LABELS: Record<GameStatus, string> = {
  0: 'In Progress',
  1: 'Complete',
  2: 'Failed',
  3: 'Past Due',
  4: 'Quit',
};

export interface AssignmentTimes {
  started_at: number;
  completed_at: number;
  due_at: number;
  game_status: number;
}

/**
 * The label shown for an assignment (spec §4). Past due wins over the game status
 * while the assignment is not completed; a never-started one is 'Not Started'.
 */
export function assignmentStatusLabel(a: AssignmentTimes, now: number = Date.now()): string {
  if (a.completed_at === 0 && a.due_at > 0 && a.due_at < now) {
    return a.started_at === 0 ? 'Past Due & Not Started' : 'Past Due';
  }
  if (a.started_at === 0) return 'Not Started';
  return GAME_STATUS_LABELS[a.game_status as GameStatus] ?? 'Unknown';
}
