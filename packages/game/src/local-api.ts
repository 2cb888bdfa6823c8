/**
 * The game API answered in the page, for the module editor's play-test: the
 * module being edited (unsaved changes included) is the one assignment, a run
 * gets a fresh random seed, and the result is worked out by the same engine
 * the server replays with. Nothing is sent, so no run and no report row is
 * stored.
 */
import type { ListedAssignment } from './training-list.ts';
import type { Module } from '@airman/contracts/module.ts';
import { replay } from '@airman/engine/replay.ts';
import { score } from '@airman/engine/score.ts';
import type { GameApi } from './game-api.ts';

/** game_status of a run as the server stores it (spec §3): 1 Complete, 2 Failed. */
const COMPLETE = 1;
const FAILED = 2;

export function playTestAssignment(module: Module): ListedAssignment {
  return {
    module: module.id || 'play-test',
    title: module.game_title,
    description: module.game_description,
    due_at: 0,
    status: 'Play-test',
    game_status: 0,
    started_at: 0,
    completed_at: 0,
    has_questionnaire: false,
    best: null,
    late: false,
    pastDue: false,
    done: false,
  };
}

export function localGameApi(
  module: Module,
  randomSeed: () => number = () => Math.floor(Math.random() * 2 ** 31),
): GameApi {
  const seeds = new Map<string, number>();
  return {
    keepsResults: false,
    assignments: () => Promise.resolve([playTestAssignment(module)]),
    record: () => Promise.resolve(null),
    startRun: () => {
      const runId = `play-test-${seeds.size + 1}`;
      const seed = randomSeed();
      seeds.set(runId, seed);
      return Promise.resolve({
        run_id: runId,
        seed,
        module,
        log: [],
        answers_before: null,
        answers_after: null,
        questionnaire: { before: false, after: false },
      });
    },
    progress: () => Promise.resolve(),
    answers: () => Promise.resolve(),
    finish: (runId, body) => {
      const seed = seeds.get(runId);
      if (seed === undefined) return Promise.reject(new Error('This play-test run is not known'));
      const replayed = replay(module, seed, body.log);
      if (!replayed.ok) return Promise.reject(new Error(`Illegal move ${replayed.index + 1}: ${replayed.error}`));
      const complete = replayed.state.outcome === 'complete';
      return Promise.resolve({
        outcome: complete ? 'complete' : 'failed',
        game_status: complete ? COMPLETE : FAILED,
        score: score(replayed.state),
      });
    },
    quit: () => Promise.resolve(),
    questionnaire: () => Promise.reject(new Error('A play-test has no questionnaire')),
  };
}
