/**
 * The game's screens as a state machine, independent of how they are drawn:
 * the play interface renders its screens and sends it the player's intents.
 */
import type { GameCommand, RunScore } from '@airman/contracts/game.ts';
import type { EventChoice, Module } from '@airman/contracts/module.ts';
import type { Questionnaire, QuestionnaireAnswers } from '@airman/contracts/questionnaire.ts';
import type { RecordScore } from '@airman/contracts/record.ts';
import { own } from '@airman/contracts/own.ts';
import { domainScores } from '@airman/contracts/questionnaire-score.ts';
import { pendingEvent, shownChoices, start, type GameState } from '@airman/engine/game-state.ts';
import { apply, available, choiceUnavailableReason, type Availability } from '@airman/engine/rules.ts';
import { replay } from '@airman/engine/replay.ts';
import { points, score } from '@airman/engine/score.ts';
import { debrief, type Debrief } from './debrief.ts';
import { cameBackNotice } from './event-panel.ts';
import { describeChanges, plural } from './describe.ts';
import type { GameApi } from './game-api.ts';
import { Saves } from './saves.ts';
import { bestAfter, bestWords, trainingList, type ListedAssignment } from './training-list.ts';

/** Today's event while it awaits the player's choice. */
export interface EventView {
  name: string;
  text: string;
  choices: { index: number; label: string; ok: boolean; reason?: string }[];
}

/** The questionnaire's scores by domain, before and after the run (0–100, or null when unanswered). */
export interface FitnessView {
  domains: { id: string; name: string; before: number | null; after: number | null }[];
}

export type Screen =
  | { kind: 'loading'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'list'; assignments: ListedAssignment[] }
  | { kind: 'briefing'; title: string; module: Module; hasQuestionnaire: boolean; best: RecordScore | null }
  | {
      kind: 'questionnaire';
      phase: 'before' | 'after';
      questionnaire: Questionnaire;
      answers: QuestionnaireAnswers;
      title: string;
    }
  | {
      kind: 'play';
      title: string;
      state: GameState;
      actions: Availability[];
      event: EventView | null;
      points: number;
      confirmQuit: boolean;
      dayEnded: boolean;
    }
  | {
      kind: 'debrief';
      title: string;
      debrief: Debrief;
      score: RunScore;
      /** 'survey': the run is over and the after-questionnaire comes next; 'saved': the result is stored. */
      stage: 'survey' | 'saved';
      fitness: FitnessView | null;
    };

interface Run {
  id: string;
  seed: number;
  assignment: ListedAssignment;
  log: GameCommand[];
  state: GameState;
  /** Which questionnaire this run asks: before day 1, after a completed last day. */
  asks: { before: boolean; after: boolean };
  /** The answers kept so far (complete once the questionnaire's Continue was pressed). */
  before: QuestionnaireAnswers;
  after: QuestionnaireAnswers;
}

/** Whether every statement of the questionnaire has an answer in the set. */
export function answeredAll(q: Questionnaire, answers: QuestionnaireAnswers): boolean {
  return q.items.every((i) => answers[i.id] !== undefined);
}

type Listener = (screen: Screen, announcement: string) => void;

export class GameController {
  private screen: Screen = { kind: 'loading', message: 'Loading your training…' };
  private run: Run | null = null;
  private questionnaire: Questionnaire | null = null;
  private readonly listeners = new Set<Listener>();
  private disposed = false;
  /** Moves and answers, kept on the server as they are made, in order. */
  private saves = new Saves();

  constructor(private readonly api: GameApi) {}

  get current(): Screen {
    return this.screen;
  }

  /** Resolves once every move and answer made so far has been kept (or its save failed). */
  saved(): Promise<void> {
    return this.saves.settled();
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
    const message = error instanceof Error ? error.message : String(error);
    this.show({ kind: 'error', message }, `Something went wrong: ${message}`);
  }

  async loadList(): Promise<void> {
    this.run = null;
    this.show({ kind: 'loading', message: 'Loading your training…' }, '');
    try {
      const [listed, record] = await Promise.all([this.api.assignments(), this.api.record()]);
      const assignments = trainingList(listed, record, Date.now());
      this.show(
        { kind: 'list', assignments },
        `${assignments.length} training module${assignments.length === 1 ? '' : 's'} assigned.`,
      );
    } catch (e) {
      this.fail(e);
    }
  }

  async open(assignment: ListedAssignment): Promise<void> {
    this.show({ kind: 'loading', message: `Starting ${assignment.title}…` }, `Starting ${assignment.title}.`);
    // The questionnaire asked for beside the run, not a round trip after it: a module that has
    // one asks it before the first run and after until a run completes (its failure counts only
    // when the run asks it).
    const questionnaire = assignment.has_questionnaire && !this.questionnaire ? this.api.questionnaire() : undefined;
    questionnaire?.catch(() => undefined);
    try {
      const started = await this.api.startRun(assignment.module);
      const replayed = replay(started.module, started.seed, started.log);
      const state = replayed.ok ? replayed.state : start(started.module, started.seed);
      this.saves = new Saves();
      this.run = {
        id: started.run_id,
        seed: started.seed,
        assignment,
        log: replayed.ok ? [...started.log] : [],
        state,
        asks: assignment.has_questionnaire ? started.questionnaire : { before: false, after: false },
        before: started.answers_before ?? {},
        after: started.answers_after ?? {},
      };
      const asked = this.run.asks.before || this.run.asks.after;
      if (asked) this.questionnaire ??= await (questionnaire ?? this.api.questionnaire());
      // A questionnaire left part-way resumes where it was, its answers kept.
      if (this.run.log.length === 0 && this.needsBefore() && Object.keys(this.run.before).length > 0) {
        this.showQuestionnaire('before', 'The questionnaire, where you left it.');
        return;
      }
      if (this.run.log.length === 0) {
        this.show(
          {
            kind: 'briefing',
            title: assignment.title,
            module: started.module,
            hasQuestionnaire: this.needsBefore(),
            best: assignment.best,
          },
          `${assignment.title}: briefing.${assignment.best ? ` Your best: ${bestWords(assignment.best)}.` : ''}`,
        );
        return;
      }
      if (state.outcome !== 'in_progress') {
        await this.ended();
        return;
      }
      this.showPlay(`Resumed on day ${state.day}.${this.eventNotice()}`);
    } catch (e) {
      this.fail(e);
    }
  }

  /** Whether the questionnaire is still to be answered before day 1. */
  private needsBefore(): boolean {
    const run = this.run;
    return Boolean(run?.asks.before && this.questionnaire && !answeredAll(this.questionnaire, run.before));
  }

  /** Whether the finished run asks the after-questionnaire: a completed run, until the assignment's first. */
  private needsAfter(): boolean {
    const run = this.run;
    return Boolean(run?.asks.after && this.questionnaire && run.state.outcome === 'complete');
  }

  private showQuestionnaire(phase: 'before' | 'after', announcement: string): void {
    const run = this.run;
    if (!run || !this.questionnaire) return;
    this.show(
      {
        kind: 'questionnaire',
        phase,
        questionnaire: this.questionnaire,
        answers: { ...run[phase] },
        title: run.assignment.title,
      },
      announcement,
    );
  }

  /** Leaves the briefing: the questionnaire when it is due, else day 1. */
  begin(): void {
    const run = this.run;
    if (!run || this.screen.kind !== 'briefing') return;
    if (this.needsBefore()) {
      this.showQuestionnaire('before', 'Before you start: the Comprehensive Airman Fitness questionnaire.');
      return;
    }
    this.showPlay(`Day 1 of ${run.state.module.days}.${this.eventNotice()}`);
  }

  /** One answer, kept on the run as it is given: a reload resumes the questionnaire here. */
  answer(item: string, value: number): void {
    const run = this.run;
    if (this.screen.kind !== 'questionnaire' || !run) return;
    const { phase } = this.screen;
    run[phase] = { ...run[phase], [item]: value };
    this.saves.add(() => this.api.answers(run.id, { [phase]: { [item]: value } }));
    this.show({ ...this.screen, answers: { ...this.screen.answers, [item]: value } }, '');
  }

  async submitQuestionnaire(): Promise<void> {
    const s = this.screen;
    if (s.kind !== 'questionnaire' || !this.run) return;
    if (s.phase === 'before') {
      this.show({ kind: 'loading', message: 'Saving your answers…' }, 'Saving your answers.');
      try {
        // Every answer once more, after those on their way: a reload never asks again or loses them.
        await this.saves.settled();
        await this.api.answers(this.run.id, { before: s.answers });
      } catch (e) {
        this.fail(e);
        return;
      }
      this.run.before = { ...s.answers };
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
          // In the order shown to the player, shuffled by the run's seed; each keeps its index in the module.
          choices: shownChoices(state).map((index) => {
            const c = event.choices[index] as EventChoice;
            const reason = choiceUnavailableReason(state, c);
            return reason === undefined
              ? { index, label: c.label, ok: true }
              : { index, label: c.label, ok: false, reason };
          }),
        }
      : null;
    this.show(
      {
        kind: 'play',
        title: this.run.assignment.title,
        state,
        actions: available(state),
        event: eventView,
        points: points(state),
        confirmQuit: false,
        dayEnded,
      },
      announcement,
    );
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
      void this.ended();
      return;
    }
    // Every move is kept as it is made: a reload resumes this very move, and no day is played twice.
    const log = [...run.log];
    this.saves.add(() => this.api.progress(run.id, log));
    const changes = describeChanges(before, state);
    if ('end_day' in command) {
      this.showPlay(
        `Day ${state.day} of ${state.module.days}. ${plural(state.tokens, 'time token')}.${changes ? ` Overnight: ${changes}` : ''}${cameBackNotice(state)}${this.eventNotice()}`,
        true,
      );
      return;
    }
    const label = 'choose' in command ? (pendingEvent(before)?.choices[command.choose]?.label ?? '') : command.action;
    this.showPlay(`${label}. ${changes}${changes ? ' ' : ''}${plural(state.tokens, 'time token')} left.`);
  }

  /**
   * The run is over: the result first. With a questionnaire, the finished moves
   * are kept on the run at once (a reload comes back here) and the debrief
   * leads to the after-survey, which stores the result with the answers.
   */
  private async ended(): Promise<void> {
    const run = this.run;
    if (!run) return;
    if (this.needsAfter() && this.questionnaire) {
      const d = debrief(run.state.module, run.seed, run.log);
      // An after-survey left part-way resumes where it was.
      if (Object.keys(run.after).length > 0) {
        this.showQuestionnaire('after', 'The questionnaire, where you left it.');
        return;
      }
      this.show(
        {
          kind: 'debrief',
          title: run.assignment.title,
          debrief: d,
          score: score(d.state),
          stage: 'survey',
          fitness: null,
        },
        `${d.reason}. Answer the questionnaire once more to save your result.`,
      );
      try {
        await this.saves.settled();
        await this.api.progress(run.id, run.log);
      } catch (e) {
        this.fail(e);
      }
      return;
    }
    await this.finish(undefined);
  }

  /** From the debrief to the after-survey. */
  toSurvey(): void {
    const run = this.run;
    if (!run || this.screen.kind !== 'debrief' || this.screen.stage !== 'survey') return;
    this.showQuestionnaire('after', 'Answer the questionnaire once more.');
  }

  private async finish(after: QuestionnaireAnswers | undefined): Promise<void> {
    const run = this.run;
    if (!run) return;
    this.show({ kind: 'loading', message: 'Saving your run…' }, 'Saving your run.');
    try {
      await this.saves.settled();
      // The sets this run asked, complete: the server refuses a part-answered one.
      const before = run.asks.before && Object.keys(run.before).length > 0 ? run.before : undefined;
      const answers = before || after ? { ...(before ? { before } : {}), ...(after ? { after } : {}) } : undefined;
      const result = await this.api.finish(run.id, { log: run.log, ...(answers ? { answers } : {}) });
      const d = debrief(run.state.module, run.seed, run.log);
      const q = this.questionnaire;
      const fitness: FitnessView | null =
        q && before && after
          ? (() => {
              const b = domainScores(q, before);
              const a = domainScores(q, after);
              return {
                domains: q.domains.map((dom) => ({
                  id: dom.id,
                  name: dom.name,
                  before: own(b, dom.id) ?? null,
                  after: own(a, dom.id) ?? null,
                })),
              };
            })()
          : null;
      const { points: earned, stars } = result.score;
      const summary =
        result.outcome === 'complete'
          ? `${d.reason}. ${stars} of 3 stars, ${plural(earned, 'point')}.`
          : `${d.reason}. ${plural(earned, 'point')}.`;
      this.show(
        { kind: 'debrief', title: run.assignment.title, debrief: d, score: result.score, stage: 'saved', fitness },
        this.api.keepsResults ? `Result saved. ${summary}` : summary,
      );
    } catch (e) {
      this.fail(e);
    }
  }

  /** A new run of the same assignment, from its briefing. */
  async playAgain(): Promise<void> {
    const run = this.run;
    if (!run || this.screen.kind !== 'debrief' || this.screen.stage !== 'saved') return;
    const best = this.api.keepsResults ? bestAfter(run.assignment.best, this.screen.score) : run.assignment.best;
    await this.open({ ...run.assignment, best });
  }

  askQuit(confirm: boolean): void {
    if (this.screen.kind !== 'play') return;
    this.show(
      { ...this.screen, confirmQuit: confirm },
      confirm ? 'Quit this run? Your progress in it will be lost.' : '',
    );
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
