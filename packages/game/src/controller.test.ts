import { describe, expect, it } from 'vitest';
import type { GameCommand, StartRunResponse } from '@airman/contracts/game.ts';
import type { QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import { makeGameAssignment } from '@airman/contracts/test-assignments.ts';
import { makeItem, makeQuestionnaire } from '@airman/contracts/test-questionnaire.ts';
import { tinyModule } from '@airman/engine/test-modules.ts';
import { replay } from '@airman/engine/replay.ts';
import { score } from '@airman/engine/score.ts';
import { GameController, type Screen } from './controller.ts';
import type { GameApi } from './game-api.ts';
import type { ListedAssignment } from './training-list.ts';

const questionnaire = makeQuestionnaire({ items: [makeItem('a', 'I slept.'), makeItem('b', 'I ate.')] });

const assignment: ListedAssignment = {
  ...makeGameAssignment('tiny', { title: 'Tiny', has_questionnaire: true }),
  best: null,
  late: false,
  pastDue: false,
  done: false,
};

/**
 * The game API as the server answers it, kept in memory (the HTTP boundary): one open run at a
 * time, which keeps the log and the answers it is sent; the questionnaire asked as the server's
 * rule says (before on the first run, after until a run completes).
 */
class RunStore implements GameApi {
  readonly keepsResults = true;
  readonly calls: string[] = [];
  private run: { id: string; log: GameCommand[]; before: QuestionnaireAnswers; after: QuestionnaireAnswers } | null =
    null;
  private runs = 0;
  private answeredBefore = false;
  private completed = false;

  assignments = () => Promise.resolve([assignment]);
  record = () => Promise.resolve(null);
  questionnaire = () => Promise.resolve(questionnaire);
  quit = () => Promise.resolve();

  startRun(): Promise<StartRunResponse> {
    this.run ??= { id: `run-${++this.runs}`, log: [], before: {}, after: {} };
    const { id, log, before, after } = this.run;
    return Promise.resolve({
      run_id: id,
      seed: 7,
      module: tinyModule,
      log: [...log],
      answers_before: Object.keys(before).length > 0 ? { ...before } : null,
      answers_after: Object.keys(after).length > 0 ? { ...after } : null,
      questionnaire: { before: !this.answeredBefore, after: !this.completed },
    });
  }

  progress(runId: string, log: GameCommand[]): Promise<void> {
    this.calls.push(`progress ${log.length}`);
    if (this.run?.id === runId) this.run.log = [...log];
    return Promise.resolve();
  }

  answers(runId: string, body: { before?: QuestionnaireAnswers; after?: QuestionnaireAnswers }): Promise<void> {
    this.calls.push(`answers ${JSON.stringify(body)}`);
    if (this.run?.id === runId) {
      this.run.before = { ...this.run.before, ...body.before };
      this.run.after = { ...this.run.after, ...body.after };
    }
    return Promise.resolve();
  }

  finish(_runId: string, body: { log: GameCommand[]; answers?: { before?: QuestionnaireAnswers } }) {
    this.calls.push(`finish ${JSON.stringify(body.answers ?? null)}`);
    const r = replay(tinyModule, 7, body.log);
    if (!r.ok) return Promise.reject(new Error(r.error));
    if (body.answers?.before) this.answeredBefore = true;
    if (r.state.outcome === 'complete') this.completed = true;
    this.run = null;
    return Promise.resolve({ outcome: r.state.outcome as 'complete', game_status: 1, score: score(r.state) });
  }
}

/** The controller's screens as they come, and a wait for the one the test needs. */
function watch(controller: GameController) {
  let latest: Screen = controller.current;
  controller.subscribe((s) => (latest = s));
  return {
    get screen(): Screen {
      return latest;
    },
    async until<K extends Screen['kind']>(kind: K): Promise<Extract<Screen, { kind: K }>> {
      for (let i = 0; i < 50 && latest.kind !== kind; i++) await new Promise((r) => setTimeout(r, 0));
      if (latest.kind !== kind) throw new Error(`expected the ${kind} screen, got ${latest.kind}`);
      return latest as Extract<Screen, { kind: K }>;
    },
  };
}

const win: GameCommand[] = [{ action: 'Fetch' }, { action: 'Deliver it' }, { end_day: true }, { end_day: true }];

describe('the game controller', () => {
  it('keeps each answer and each move as it is given: a reload resumes the questionnaire and the day exactly', async () => {
    const server = new RunStore();
    const first = new GameController(server);
    const seen = watch(first);
    await first.open(assignment);
    first.begin();
    await seen.until('questionnaire');
    first.answer('a', 2);
    await first.saved();
    // A reload part-way through the questionnaire: back on it, its answer kept.
    const second = new GameController(server);
    const again = watch(second);
    await second.open(assignment);
    expect((await again.until('questionnaire')).answers).toEqual({ a: 2 });
    second.answer('b', 1);
    await second.submitQuestionnaire();
    await again.until('play');
    second.command({ action: 'Fetch' });
    second.command({ action: 'Rest' });
    await second.saved();
    // A reload mid-day: the same day, tokens and moves, nothing to play twice.
    const third = new GameController(server);
    const resumed = watch(third);
    await third.open(assignment);
    const play = await resumed.until('play');
    expect([play.state.day, play.state.tokens, play.state.gauges]).toEqual([1, 1, { energy: 13 }]);
    expect(server.calls).toEqual([
      'answers {"before":{"a":2}}',
      'answers {"before":{"b":1}}',
      'answers {"before":{"a":2,"b":1}}',
      'progress 1',
      'progress 2',
    ]);
  });

  it('asks no questionnaire on a replay once the first run completed with both sets', async () => {
    const server = new RunStore();
    const controller = new GameController(server);
    const seen = watch(controller);
    const play = async (log: GameCommand[]) => {
      for (const command of log) controller.command(command);
    };
    await controller.open(assignment);
    expect(seen.screen).toMatchObject({ kind: 'briefing', hasQuestionnaire: true });
    controller.begin();
    await seen.until('questionnaire');
    controller.answer('a', 1);
    controller.answer('b', 1);
    await controller.submitQuestionnaire();
    await seen.until('play');
    await play(win);
    expect(await seen.until('debrief')).toMatchObject({ stage: 'survey' });
    controller.toSurvey();
    await seen.until('questionnaire');
    controller.answer('a', 2);
    controller.answer('b', 2);
    await controller.submitQuestionnaire();
    expect(await seen.until('debrief')).toMatchObject({ stage: 'saved' });

    await controller.playAgain();
    expect(await seen.until('briefing')).toMatchObject({ hasQuestionnaire: false });
    controller.begin();
    await seen.until('play');
    await play(win);
    expect(await seen.until('debrief')).toMatchObject({ stage: 'saved', fitness: null });
    expect(server.calls.filter((c) => c.startsWith('finish'))).toEqual([
      'finish {"before":{"a":1,"b":1},"after":{"a":2,"b":2}}',
      'finish null',
    ]);
  });

  it('asks for the questionnaire beside the run, not once the run has started', async () => {
    const server = new RunStore();
    let startRun: () => void = () => undefined;
    const asked: string[] = [];
    const started = server.startRun.bind(server);
    server.startRun = () => {
      asked.push('run');
      return new Promise((resolve) => (startRun = () => resolve(started())));
    };
    server.questionnaire = () => {
      asked.push('questionnaire');
      return Promise.resolve(questionnaire);
    };
    const controller = new GameController(server);
    const opening = controller.open(assignment);
    // Both asked before the run's answer is in.
    expect(asked).toEqual(['questionnaire', 'run']);
    startRun();
    await opening;
    expect(controller.current).toMatchObject({ kind: 'briefing', hasQuestionnaire: true });
    expect(asked).toEqual(['questionnaire', 'run']);
  });

  it('shows the run when its questionnaire could not be loaded and the run does not ask it', async () => {
    const server = new RunStore();
    const started = server.startRun.bind(server);
    server.startRun = async () => ({ ...(await started()), questionnaire: { before: false, after: false } });
    server.questionnaire = () => Promise.reject(new Error('offline'));
    const controller = new GameController(server);
    await controller.open(assignment);
    expect(controller.current).toMatchObject({ kind: 'briefing', hasQuestionnaire: false });
  });
});
