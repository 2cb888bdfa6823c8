import { describe, expect, it } from 'vitest';
import type { GameAssignment } from '@airman/contracts/game.ts';
import type { RecordAssignment } from '@airman/contracts/record.ts';
import { bestAfter, trainingList } from './training-list.ts';

const NOW = Date.UTC(2026, 5, 1);
const DAY = 86_400_000;

function game(module: string, overrides: Partial<GameAssignment> = {}): GameAssignment {
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

function recorded(module: string, overrides: Partial<RecordAssignment> = {}): RecordAssignment {
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

describe('trainingList', () => {
  it('puts past due first, then due soonest (no due date last), then completed, newest first', () => {
    const list = trainingList(
      [
        game('done-old', { completed_at: NOW - 30 * DAY, due_at: NOW + DAY }),
        game('no-due'),
        game('due-later', { due_at: NOW + 9 * DAY }),
        game('overdue-a-little', { due_at: NOW - DAY }),
        game('done-new', { completed_at: NOW - DAY }),
        game('due-soon', { due_at: NOW + 2 * DAY }),
        game('overdue-long', { due_at: NOW - 20 * DAY }),
      ],
      null,
      NOW,
    );
    expect(list.map((a) => a.module)).toEqual([
      'overdue-long',
      'overdue-a-little',
      'due-soon',
      'due-later',
      'no-due',
      'done-new',
      'done-old',
    ]);
  });

  it('takes the best result, the lateness and the status from the record', () => {
    const list = trainingList(
      [game('fitness', { completed_at: NOW - 5 * DAY, due_at: NOW - 9 * DAY }), game('sleep', { due_at: NOW + DAY })],
      {
        assignments: [
          recorded('fitness', {
            status: 'complete',
            completed_at: NOW - 5 * DAY,
            late: true,
            best: { score: 640, stars: 3 },
          }),
          recorded('sleep'),
        ],
      },
      NOW,
    );
    expect(list.map((a) => [a.module, a.best, a.late, a.done])).toEqual([
      ['sleep', null, false, false],
      ['fitness', { score: 640, stars: 3 }, true, true],
    ]);
  });

  it('lists a lapsed completion as past due again, keeping its completion date', () => {
    const [a] = trainingList(
      [game('fitness', { completed_at: 0, due_at: NOW - DAY })],
      { assignments: [recorded('fitness', { status: 'past_due', completed_at: NOW - 400 * DAY })] },
      NOW,
    );
    expect(a).toMatchObject({ pastDue: true, done: false, completed_at: NOW - 400 * DAY });
  });
});

describe('bestAfter', () => {
  it('keeps the better of the best so far and a completed run', () => {
    expect(bestAfter(null, { points: 100, stars: 1 })).toEqual({ score: 100, stars: 1 });
    expect(bestAfter({ score: 300, stars: 2 }, { points: 100, stars: 1 })).toEqual({ score: 300, stars: 2 });
    expect(bestAfter({ score: 300, stars: 2 }, { points: 500, stars: 3 })).toEqual({ score: 500, stars: 3 });
    expect(bestAfter({ score: 300, stars: 2 }, { points: 900, stars: 0 })).toEqual({ score: 300, stars: 2 });
  });
});
