/** Assignments for tests, untouched unless a test says otherwise: each test names only the fields it is about. */
import type { GameAssignment } from './game.ts';
import type { RecordAssignment } from './record.ts';

/** An assignment as the game lists it: not started, no due date, no questionnaire. */
export function makeGameAssignment(module: string, overrides: Partial<GameAssignment> = {}): GameAssignment {
  return {
    module,
    title: module,
    description: '',
    due_at: 0,
    status: 'Not Started',
    game_status: 0,
    started_at: 0,
    completed_at: 0,
    has_questionnaire: false,
    ...overrides,
  };
}

/** An assignment as a training record shows it: no run, no result, no certificate. */
export function makeRecordAssignment(module: string, overrides: Partial<RecordAssignment> = {}): RecordAssignment {
  return {
    module,
    title: module,
    status: 'not_started',
    assigned_at: 0,
    due_at: 0,
    completed_at: 0,
    late: false,
    best: null,
    renews_at: 0,
    certificate: null,
    runs: [],
    ...overrides,
  };
}
