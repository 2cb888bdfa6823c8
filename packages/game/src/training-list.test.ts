import { describe, expect, it } from 'vitest';
import { makeGameAssignment, makeRecordAssignment } from '@airman/contracts/test-assignments.ts';
import { bestAfter, trainingList } from './training-list.ts';

const NOW = Date.UTC(2026, 5, 1);
const DAY = 86_400_000;

describe('trainingList', () => {
  it('puts past due first, then due soonest (no due date last), then completed, newest first', () => {
    const list = trainingList(
      [
        makeGameAssignment('done-old', { completed_at: NOW - 30 * DAY, due_at: NOW + DAY }),
        makeGameAssignment('no-due'),
        makeGameAssignment('due-later', { due_at: NOW + 9 * DAY }),
        makeGameAssignment('overdue-a-little', { due_at: NOW - DAY }),
        makeGameAssignment('done-new', { completed_at: NOW - DAY }),
        makeGameAssignment('due-soon', { due_at: NOW + 2 * DAY }),
        makeGameAssignment('overdue-long', { due_at: NOW - 20 * DAY }),
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
      [
        makeGameAssignment('fitness', { completed_at: NOW - 5 * DAY, due_at: NOW - 9 * DAY }),
        makeGameAssignment('sleep', { due_at: NOW + DAY }),
      ],
      {
        assignments: [
          makeRecordAssignment('fitness', {
            status: 'complete',
            completed_at: NOW - 5 * DAY,
            late: true,
            best: { score: 640, stars: 3 },
          }),
          makeRecordAssignment('sleep'),
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
      [makeGameAssignment('fitness', { completed_at: 0, due_at: NOW - DAY })],
      { assignments: [makeRecordAssignment('fitness', { status: 'past_due', completed_at: NOW - 400 * DAY })] },
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
