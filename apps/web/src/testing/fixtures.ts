/** Records as the server sends them, for component tests: each test changes only what it is about. */
import { DEFAULT_GAME_RECORD, type Module } from '@airman/contracts/module.ts';
import type { Assignment, User } from '@airman/contracts/user.ts';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    user_name: 'jane.doe@example.com',
    first_name: 'Jane',
    last_name: 'Doe',
    rank: 'SSgt',
    unit: '99 ABW',
    sex: '',
    role: 'user',
    modules: [],
    active_at: 1_700_000_000_000,
    pending: false,
    invite_code: '',
    last_invite_at: 0,
    last_login_at: 0,
    assignments: [],
    ...overrides,
  };
}

export function makeAssignment(overrides: Partial<Assignment> = {}): Assignment {
  return {
    key: 'module-1',
    created_at: 1_700_000_000_000,
    started_at: 0,
    completed_at: 0,
    revoked_at: 0,
    due_at: 0,
    game_status: 0,
    score: null,
    ...overrides,
  };
}

export function makeModule(overrides: Partial<Module> = {}): Module {
  return {
    ...DEFAULT_GAME_RECORD,
    id: 'module-1',
    game_title: 'Fitness Basics',
    game_type: 'ready_airman_training',
    ...overrides,
  };
}
