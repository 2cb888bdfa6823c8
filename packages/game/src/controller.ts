/**
 * The game's screens as a state machine, independent of how they are drawn:
 * the canvas view and the accessible 'Game controls' both render its view and
 * send it the player's intents.
 */
import type { GameAssignment, GameCommand, RunScore } from '@airman/contracts/game.ts';
import type { Questionnaire, QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import { pendingEvent, start, type GameState } from '@airman/engine/game-state.ts';
import { apply, available, choiceUnavailableReason, type Availability } from '@airman/engine/rules.ts';
import { replay } from '@airman/engine/replay.ts';
import { points } from '@airman/engine/score.ts';
import { gaugeChanges } from './describe.ts';
import type { GameApi } from './game-api.ts';

/** Today's event while it awaits the player's choice. */
export interface EventView {
  name: string;
  text: string;
  choices: { index: number; label: string; ok: boolean; reason?: string }[];
}

export type Screen =
  | { kind: 'loading'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'list'; assignments: GameAssignment[] }
  | { kind: 'questionnaire'; phase: 'before' | 'after'; questionnaire: Questionnaire; answers: QuestionnaireAnswers; title: string }
  | { kind: 'play'; title: string; state: GameState; actions: Availability[]; event: EventView | null; points: number; confirmQuit: boolean; dayEnded: boolean }
  | { kind: 'outcome'; title: string; outcome: 'complete' | 'failed'; state: GameState; score: RunScore };

interface Run {
  id: string;
  seed: number;
  title: string;
  moduleId: string;
  hasQuestionnaire: boolean;
  log: GameCommand[];
  state: GameState;
  before?: QuestionnaireAnswers;
}

type Listener = (screen: Screen, announcement: string) => void;

export class GameController {
  private screen: Screen = { kind: 'loading', message: 'Loading your training…' };
  private run: Run | null = null;
  private questionnaire: Questionnaire | null = null;
  private readonly listeners = new Set<Listener>();
  private disposed = false;

  constructor(private readonly api: GameApi) {}

  get current(): Screen {
    return this.screen;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.screen, '');
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }

  private show(screen: Screen, announcement: string): void {
    if (this.disposed) return;
    this.screen = screen;
    for (const l of this.listeners) l(screen, announcement);
  }

  private fail(error: unknown): void {
    this.show({ kind: 'error', message: error instanceof Error ? error.message : String(error) }, 'Something went wrong.');
  }

  async loadList(): Promise<void> {
    this.run = null;
    try {
      const assignments = await this.api.assignments();
      this.show({ kind: 'list', assignments }, `${assignments.length} training module${assignments.length === 1 ? '' : 's'} assigned.`);
    } catch (e) {
      this.fail(e);
    }
  }

  async open(assignment: GameAssignment): Promise<void> {
    this.show({ kind: 'loading', message: `Starting ${assignment.title}…` }, `Starting ${assignment.title}.`);
    try {
      const started = await this.api.startRun(assignment.module);
      const replayed = replay(started.module, started.seed, started.log);
      const state = replayed.ok ? replayed.state : start(started.module, started.seed);
      this.run = {
        id: started.run_id,
        seed: started.seed,
        title: assignment.title,
        moduleId: assignment.module,
        hasQuestionnaire: assignment.has_questionnaire,
        log: replayed.ok ? [...started.log] : [],
        state,
        ...(started.answers_before ? { before: started.answers_before } : {}),
      };
      // A resumed run still needs the questionnaire for its after-answers.
      if (assignment.has_questionnaire) this.questionnaire ??= await this.api.questionnaire();
      if (assignment.has_questionnaire && this.questionnaire && !this.run.before && this.run.log.length === 0) {
        this.show({ kind: 'questionnaire', phase: 'before', questionnaire: this.questionnaire, answers: {}, title: assignment.title }, 'Before you start: the Comprehensive Airman Fitness questionnaire.');
        return;
      }
      this.showPlay(started.log.length > 0 ? `Resumed on day ${state.day}.${this.eventNotice()}` : `Day 1 of ${state.module.days}.${this.eventNotice()}`);
    } catch (e) {
      this.fail(e);
    }
  }

  answer(item: string, value: number): void {
    if (this.screen.kind !== 'questionnaire') return;
    this.show({ ...this.screen, answers: { ...this.screen.answers, [item]: value } }, '');
  }

  async submitQuestionnaire(): Promise<void> {
    const s = this.screen;
    if (s.kind !== 'questionnaire' || !this.run) return;
    if (s.phase === 'before') {
      this.show({ kind: 'loading', message: 'Saving your answers…' }, 'Saving your answers.');
      try {
        // Kept on the run at once: a reload never asks again or loses them.
        await this.api.answers(this.run.id, { before: s.answers });
      } catch (e) {
        this.fail(e);
        return;
      }
      this.run.before = s.answers;
      this.showPlay(`Day 1 of ${this.run.state.module.days}.${this.eventNotice()}`);
    } else {
      await this.finish(s.answers);
    }
  }

  private showPlay(announcement: string, dayEnded = false): void {
    if (!this.run) return;
    const state = this.run.state;
    const event = pendingEvent(state);
    const eventView: EventView | null = event
      ? {
          name: event.name,
          text: event.text,
          choices: event.choices.map((c, index) => {
            const reason = choiceUnavailableReason(state, c);
            return reason === undefined ? { index, label: c.label, ok: true } : { index, label: c.label, ok: false, reason };
          }),
        }
      : null;
    this.show({ kind: 'play', title: this.run.title, state, actions: available(state), event: eventView, points: points(state), confirmQuit: false, dayEnded }, announcement);
  }

  /** ' Event: {name}. {text} Choose a response.' when today's event awaits a choice. */
  private eventNotice(): string {
    const event = this.run ? pendingEvent(this.run.state) : undefined;
    return event ? ` Event: ${event.name}. ${event.text} Choose a response.` : '';
  }

  command(command: GameCommand): void {
    const run = this.run;
    if (!run || this.screen.kind !== 'play') return;
    const result = apply(run.state, command);
    if (!result.ok) {
      this.show(this.screen, result.error);
      return;
    }
    const before = run.state;
    run.state = result.state;
    run.log.push(command);
    const state = result.state;
    if (state.outcome !== 'in_progress') {
      // The questionnaire is answered again after the run, however it ended.
      if (run.hasQuestionnaire && this.questionnaire) {
        this.show({ kind: 'questionnaire', phase: 'after', questionnaire: this.questionnaire, answers: {}, title: run.title }, 'The run is over. Answer the questionnaire once more.');
      } else {
        void this.finish(undefined);
      }
      return;
    }
    if ('end_day' in command) {
      void this.api.progress(run.id, run.log).catch(() => undefined);
      const night = gaugeChanges(before.gauges, state.gauges);
      this.showPlay(`Day ${state.day} of ${state.module.days}. ${state.tokens} time tokens.${night ? ` Overnight: ${night}.` : ''}${this.eventNotice()}`, true);
      return;
    }
    const label = 'choose' in command ? (pendingEvent(before)?.choices[command.choose]?.label ?? '') : command.action;
    const changes = gaugeChanges(before.gauges, state.gauges);
    this.showPlay(`${label}. ${changes}${changes ? '. ' : ''}${state.tokens} tokens left.`);
  }

  private async finish(after: QuestionnaireAnswers | undefined): Promise<void> {
    const run = this.run;
    if (!run) return;
    this.show({ kind: 'loading', message: 'Saving your run…' }, 'Saving your run.');
    try {
      const answers = run.hasQuestionnaire ? { ...(run.before ? { before: run.before } : {}), ...(after ? { after } : {}) } : undefined;
      const result = await this.api.finish(run.id, { log: run.log, ...(answers ? { answers } : {}) });
      const { points: earned, stars } = result.score;
      const summary = result.outcome === 'complete' ? `Complete. ${stars} of 3 stars, ${earned} points. Well done!` : `Failed, ${earned} points. Try again.`;
      this.show({ kind: 'outcome', title: run.title, outcome: result.outcome, state: run.state, score: result.score }, summary);
    } catch (e) {
      this.fail(e);
    }
  }

  askQuit(confirm: boolean): void {
    if (this.screen.kind !== 'play') return;
    this.show({ ...this.screen, confirmQuit: confirm }, confirm ? 'Quit this run? Your progress in it will be lost.' : '');
  }

  async quit(): Promise<void> {
    const run = this.run;
    if (!run) return;
    try {
      await this.api.quit(run.id);
    } catch {
      // Already finished elsewhere: the list shows the truth.
    }
    await this.loadList();
  }
}

