import { describe, expect, it } from 'vitest';
import { assignmentStatusLabel } from './status.ts';

const now = Date.UTC(2026, 10, 22, 12);
const day = 24 * 60 * 60 * 1000;
const base = { started_at: 0, completed_at: 0, due_at: 0, game_status: 0 };

describe('assignmentStatusLabel (spec §4)', () => {
  it('is Not Started when never started and not past due', () => {
    expect(assignmentStatusLabel(base, now)).toBe('Not Started');
    expect(assignmentStatusLabel({ ...base, due_at: now + day }, now)).toBe('Not Started');
  });

  it('is Past Due & Not Started when the due date passed before any start', () => {
    expect(assignmentStatusLabel({ ...base, due_at: now - 1 }, now)).toBe('Past Due & Not Started');
  });

  it('is Past Due when started, not completed and the due date passed, whatever the game status', () => {
    for (const game_status of [0, 2, 4]) {
      expect(assignmentStatusLabel({ ...base, started_at: now - day, due_at: now - 1, game_status }, now)).toBe(
        'Past Due',
      );
    }
  });

  it('takes the label from game_status otherwise', () => {
    const started = { ...base, started_at: now - day };
    expect(assignmentStatusLabel({ ...started, game_status: 0 }, now)).toBe('In Progress');
    expect(assignmentStatusLabel({ ...started, game_status: 1, completed_at: now }, now)).toBe('Complete');
    expect(assignmentStatusLabel({ ...started, game_status: 2 }, now)).toBe('Failed');
    expect(assignmentStatusLabel({ ...started, game_status: 3 }, now)).toBe('Past Due');
    expect(assignmentStatusLabel({ ...started, game_status: 4 }, now)).toBe('Quit');
  });

  it('shows Complete for a completed assignment even after its due date', () => {
    expect(
      assignmentStatusLabel(
        { started_at: now - 3 * day, completed_at: now - 2 * day, due_at: now - day, game_status: 1 },
        now,
      ),
    ).toBe('Complete');
  });
});
