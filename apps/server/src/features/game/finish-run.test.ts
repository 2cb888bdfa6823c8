import { describe, expect, it } from 'vitest';
import { makeItem, makeQuestionnaire, scaleOf } from '@airman/contracts/test-questionnaire.ts';
import { GAME_STATUS } from '@airman/contracts/status.ts';
import { HttpError } from '#lib/http-error.ts';
import { finishRun, type FinishInput, type FinishedPlay, type StoredAssignment } from './finish-run.ts';

const NOW = Date.UTC(2026, 5, 10, 12);
const DAY = 86_400_000;

const q = makeQuestionnaire({
  scale: scaleOf('Disagree', 'Neutral', 'Agree'),
  items: [makeItem('calm', 'I stay calm.'), makeItem('rest', 'I rest well.')],
});

const full = { calm: 3, rest: 2 };
const other = { calm: 1, rest: 1 };

/** An assignment never finished: no run kept yet. */
const fresh: StoredAssignment = {
  completed_at: 0,
  due_at: 0,
  game_status: GAME_STATUS.IN_PROGRESS,
  run_score_points: null,
  run_answers_after: null,
};

/** An assignment completed two days ago by a run of 400 points. */
const completed: StoredAssignment = {
  completed_at: NOW - 2 * DAY,
  due_at: 0,
  game_status: GAME_STATUS.COMPLETE,
  run_score_points: 400,
  run_answers_after: { calm: 2, rest: 2 },
};

function play(outcome: FinishedPlay['outcome'], points: number): FinishedPlay {
  return {
    outcome,
    gauges: { morale: 7 },
    objectivesCompleted: ['Rest'],
    daysInRange: { morale: 4 },
    score: { points, stars: 2 },
  };
}

function input(change: Partial<FinishInput> = {}): FinishInput {
  return {
    assignment: fresh,
    run: { id: 'r2', module_version: 3, answers_before: null, answers_after: null },
    runs: [],
    questionnaire: null,
    given: {},
    play: play('complete', 300),
    now: NOW,
    ...change,
  };
}

function refusal(f: () => unknown): { status: number; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof HttpError) return { status: e.statusCode, message: e.message };
    throw e;
  }
  throw new Error('not refused');
}

describe('finishRun: the run', () => {
  it('stores the outcome, the gauges, the objectives, the score and the time', () => {
    expect(finishRun(input({ play: play('failed', 120) })).run).toEqual({
      status: 'failed',
      final_gauges: { morale: 7 },
      objectives_completed: ['Rest'],
      answers_before: null,
      answers_after: null,
      score_points: 120,
      stars: 2,
      finished_at: NOW,
    });
  });
});

describe('finishRun: the first finish', () => {
  it('completes the assignment now and keeps the run for the report', () => {
    const f = finishRun(input());
    expect(f.gameStatus).toBe(GAME_STATUS.COMPLETE);
    expect(f.kept).toBe(true);
    expect(f.assignment).toEqual({
      game_status: GAME_STATUS.COMPLETE,
      completed_at: NOW,
      run_final_gauges: { morale: 7 },
      run_objectives_completed: ['Rest'],
      run_answers_before: null,
      run_answers_after: null,
      run_score_points: 300,
      run_stars: 2,
      run_module_version: 3,
      run_days_in_range: { morale: 4 },
    });
  });

  it('marks a failed run Failed, leaves the assignment open and still keeps the run', () => {
    const f = finishRun(input({ play: play('failed', 50) }));
    expect(f.gameStatus).toBe(GAME_STATUS.FAILED);
    expect(f.assignment).toMatchObject({ game_status: GAME_STATUS.FAILED, completed_at: 0, run_score_points: 50 });
  });

  it('changes no assignment when the module is no longer assigned, and answers with the run’s own status', () => {
    const f = finishRun(input({ assignment: undefined, play: play('failed', 50) }));
    expect(f.assignment).toBeNull();
    expect(f.gameStatus).toBe(GAME_STATUS.FAILED);
    expect(f.kept).toBe(false);
  });
});

describe('finishRun: later runs', () => {
  const failedOnce: StoredAssignment = { ...fresh, game_status: GAME_STATUS.FAILED, run_score_points: 500 };

  it('keeps the latest run until one completes, even one with fewer points', () => {
    const f = finishRun(input({ assignment: failedOnce, play: play('failed', 10) }));
    expect(f.kept).toBe(true);
    expect(f.assignment).toMatchObject({ game_status: GAME_STATUS.FAILED, run_score_points: 10 });
  });

  it('keeps a completed run with more points than the one kept', () => {
    const f = finishRun(input({ assignment: completed, play: play('complete', 401) }));
    expect(f.kept).toBe(true);
    expect(f.assignment).toMatchObject({ run_score_points: 401, run_module_version: 3 });
  });

  it('keeps the earlier run on a tie', () => {
    const f = finishRun(input({ assignment: completed, play: play('complete', 400) }));
    expect(f.kept).toBe(false);
    expect(f.assignment).toEqual({ game_status: GAME_STATUS.COMPLETE, completed_at: completed.completed_at });
  });

  it('keeps the earlier run over a completed run with fewer points', () => {
    expect(finishRun(input({ assignment: completed, play: play('complete', 399) })).kept).toBe(false);
  });

  it('never lets a failed run after the completion undo it, whatever its points', () => {
    const f = finishRun(input({ assignment: completed, play: play('failed', 900) }));
    expect(f.kept).toBe(false);
    expect(f.gameStatus).toBe(GAME_STATUS.COMPLETE);
    expect(f.assignment).toEqual({ game_status: GAME_STATUS.COMPLETE, completed_at: completed.completed_at });
  });

  it('keeps the date of the first completion when a later run completes too', () => {
    const f = finishRun(input({ assignment: completed, play: play('complete', 900) }));
    expect(f.assignment?.completed_at).toBe(completed.completed_at);
  });
});

describe('finishRun: the due date', () => {
  const due: StoredAssignment = { ...fresh, due_at: NOW - DAY };

  it('marks a failed run after the due date Past Due', () => {
    const f = finishRun(input({ assignment: due, play: play('failed', 50) }));
    expect(f.pastDue).toBe(true);
    expect(f.gameStatus).toBe(GAME_STATUS.PAST_DUE);
    expect(f.assignment).toMatchObject({ game_status: GAME_STATUS.PAST_DUE, completed_at: 0 });
  });

  it('completes an assignment past its due date: a completed run is never Past Due', () => {
    const f = finishRun(input({ assignment: due }));
    expect(f.pastDue).toBe(false);
    expect(f.gameStatus).toBe(GAME_STATUS.COMPLETE);
  });

  it('marks a failed run finished at the due date itself Failed', () => {
    const f = finishRun(input({ assignment: { ...fresh, due_at: NOW }, play: play('failed', 50) }));
    expect(f.pastDue).toBe(false);
    expect(f.gameStatus).toBe(GAME_STATUS.FAILED);
  });

  it('never counts an assignment without a due date past due', () => {
    expect(finishRun(input({ play: play('failed', 50) })).pastDue).toBe(false);
  });

  it('leaves a completed assignment Complete when a later run fails after the due date', () => {
    const f = finishRun(input({ assignment: { ...completed, due_at: NOW - DAY }, play: play('failed', 50) }));
    expect(f.pastDue).toBe(false);
    expect(f.gameStatus).toBe(GAME_STATUS.COMPLETE);
  });
});

describe('finishRun: the questionnaire', () => {
  const asked = (change: Partial<FinishInput>) => input({ questionnaire: q, ...change });

  it('refuses a first run without its before-set', () => {
    expect(refusal(() => finishRun(asked({ given: { after: full } })))).toEqual({
      status: 422,
      message: 'answers.before: this run asks the questionnaire before it',
    });
  });

  it('refuses a completed run that first completes the assignment without its after-set', () => {
    expect(refusal(() => finishRun(asked({ given: { before: full } })))).toEqual({
      status: 422,
      message: 'answers.after: this run asks the questionnaire after it',
    });
  });

  it('asks no after-set of a failed run', () => {
    const f = finishRun(asked({ given: { before: full }, play: play('failed', 50) }));
    expect(f.run.answers_after).toBeNull();
  });

  it('asks no after-set once the assignment is completed', () => {
    const runs = [{ id: 'r1', answers_before: other }];
    expect(finishRun(asked({ assignment: completed, runs, play: play('complete', 500) })).kept).toBe(true);
  });

  it('refuses an incomplete set', () => {
    expect(refusal(() => finishRun(asked({ given: { before: { calm: 3 }, after: full } })))).toEqual({
      status: 422,
      message: 'answers.before: 1 of 2 statements unanswered',
    });
  });

  it('completes the answers kept on the run with those sent now', () => {
    const run = { id: 'r2', module_version: 3, answers_before: { calm: 3 }, answers_after: null };
    const f = finishRun(asked({ run, given: { before: { rest: 2 }, after: full } }));
    expect(f.run.answers_before).toEqual(full);
    expect(f.assignment?.run_answers_before).toEqual(full);
  });

  it('asks no before-set once an earlier run holds a complete one, and reports that earlier set', () => {
    const runs = [
      { id: 'r0', answers_before: { calm: 1 } },
      { id: 'r1', answers_before: other },
    ];
    const f = finishRun(asked({ runs, given: { after: full } }));
    expect(f.run.answers_before).toBeNull();
    expect(f.assignment?.run_answers_before).toEqual(other);
  });

  it('reports the earlier complete before-set over the one this run holds', () => {
    const runs = [{ id: 'r1', answers_before: other }];
    const f = finishRun(asked({ runs, given: { before: full, after: full } }));
    expect(f.run.answers_before).toEqual(full);
    expect(f.assignment?.run_answers_before).toEqual(other);
  });

  it('does not count the run being finished as an earlier run', () => {
    const runs = [{ id: 'r2', answers_before: full }];
    expect(refusal(() => finishRun(asked({ runs, given: { after: full } }))).status).toBe(422);
  });

  it('keeps the after-set of the first completed run in the report', () => {
    const runs = [{ id: 'r1', answers_before: other }];
    const f = finishRun(asked({ assignment: completed, runs, given: { after: full }, play: play('complete', 500) }));
    expect(f.run.answers_after).toEqual(full);
    expect(f.assignment?.run_answers_after).toEqual(completed.run_answers_after);
  });

  it('reports the sets of the run itself on a module without a questionnaire', () => {
    const run = { id: 'r2', module_version: 3, answers_before: full, answers_after: other };
    expect(finishRun(input({ run })).assignment).toMatchObject({
      run_answers_before: full,
      run_answers_after: other,
    });
  });
});
