/**
 * The play interface: every screen of the game as Carbon-styled HTML inside the
 * region named 'Game controls' (Section 508: real buttons, radio groups and
 * headings), with the gauges and the debrief's chart drawn in SVG. One polite
 * live region announces each change and shows what the last move did: after
 * every action and every answer to an event focus goes to it (the outcome, in
 * view at every size), the help the event names scrolled into view below it;
 * after anything else focus stays on the control used, or goes to the next
 * logical one. It never falls to the body.
 * Each screen is drawn by its own module in view/; this one swaps them in and
 * places focus. The debrief's module (with its chart) is a chunk of its own, fetched
 * while the player plays, so that the first screen after Play comes sooner.
 */
import type { GameController, Screen } from './controller.ts';
import { el } from './dom.ts';
import { keepScroll } from './play-layout.ts';
import { briefingScreen } from './view/briefing.ts';
import type { debriefScreen } from './view/debrief.ts';
import { errorScreen } from './view/error.ts';
import { listScreen } from './view/list.ts';
import { loadingScreen } from './view/loading.ts';
import { viewParts, type Nodes } from './view/parts.ts';
import { playView } from './view/play.ts';
import { questionnaireScreen, type DrawnQuestionnaire } from './view/questionnaire.ts';

export interface View {
  destroy(): void;
}

type DebriefModule = { debriefScreen: typeof debriefScreen };

/** The debrief screen's module: fetched once, fetched again after a failure. */
function debriefLoader(): { load(): Promise<DebriefModule>; loaded(): DebriefModule | undefined } {
  let pending: Promise<DebriefModule> | undefined;
  let module: DebriefModule | undefined;
  const load = () => {
    pending ??= import('./view/debrief.ts').then(
      (m) => (module = m),
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  return { load, loaded: () => module };
}

export function mountView(host: HTMLElement, controller: GameController): View {
  // Focus comes here after a move (tabindex -1: never a Tab stop of its own).
  const live = el('p', {
    class: 'game__live',
    role: 'status',
    'aria-live': 'polite',
    tabindex: -1,
    'data-key': 'outcome',
  });
  const body = el('div', { class: 'game__screen' });
  const region = el('section', { class: 'game', 'aria-label': 'Game controls' }, live, body);
  host.append(region);

  const parts = viewParts(live);
  const play = playView(controller, parts);
  let chart: { destroy(): void } | null = null;
  let last: Screen | null = null;
  /** The questionnaire on screen, patched in place as answers come in. */
  let questionnaire: DrawnQuestionnaire | null = null;

  const debriefView = debriefLoader();
  /** The debrief screen waiting for its module, or the module failed to arrive ('failed'). */
  let debriefWait: 'loading' | 'failed' = 'loading';

  const find = (key: string) => body.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);

  function screenView(screen: Screen): Nodes {
    switch (screen.kind) {
      case 'loading':
        return loadingScreen(screen);
      case 'error':
        return errorScreen(screen, controller, parts);
      case 'list':
        return listScreen(screen, controller, parts);
      case 'briefing':
        return briefingScreen(screen, controller, parts);
      case 'questionnaire':
        questionnaire = questionnaireScreen(screen, controller, parts);
        return questionnaire.nodes;
      case 'play':
        return play.draw(screen);
      case 'debrief': {
        const loaded = debriefView.loaded();
        if (!loaded) return awaitDebrief(screen);
        const view = loaded.debriefScreen(screen, controller, parts);
        chart = view.chart;
        return view.nodes;
      }
    }
  }

  /**
   * The debrief before its module has arrived: a line saying so, then the debrief once it is
   * here (if the player is still on it); if it cannot be fetched, what to do about it.
   */
  function awaitDebrief(screen: Screen): Nodes {
    if (debriefWait === 'failed') {
      return [
        parts.heading('Your results could not be shown'),
        el(
          'p',
          { class: 'game__error' },
          'Your run is kept. The page could not fetch the results screen: check your connection, then try again.',
        ),
        parts.button(
          'Try again',
          'retry-debrief',
          () => {
            debriefWait = 'loading';
            render(screen, 'Fetching your results.');
          },
          { kind: 'primary' },
        ),
      ];
    }
    debriefView.load().then(
      () => {
        if (last === screen) render(screen, '');
      },
      () => {
        debriefWait = 'failed';
        if (last === screen) render(screen, 'Your results could not be shown. Check your connection, then try again.');
      },
    );
    return loadingScreen({ kind: 'loading', message: 'Loading your results…' });
  }

  /**
   * Where focus goes after a change that rebuilt the screen: after an action or an event's answer that was
   * taken, to the outcome, the event's help (if it names any) brought into view under it; after any other
   * change of the play screen, by the play screen's rule; else to the screen's heading.
   */
  function focusAfter(previous: Screen | null, screen: Screen, key: string | undefined): void {
    const played = previous?.kind === 'play' && screen.kind === 'play';
    if (played && previous.state !== screen.state && (key?.startsWith('action:') || key?.startsWith('choice:'))) {
      find('help')?.scrollIntoView({ block: 'nearest' });
      live.focus();
      live.scrollIntoView({ block: 'nearest' });
      return;
    }
    const target = played ? play.focusAfterMove(screen, key, find) : null;
    (target ?? find('heading'))?.focus();
  }

  const render = (screen: Screen, announcement: string) => {
    const previous = last;
    last = screen;
    // Fetched while the player plays, so that the run's end does not wait on the network.
    if (screen.kind === 'play') debriefView.load().catch(() => undefined);
    if (announcement) parts.announce(announcement);
    if (previous?.kind === 'questionnaire' && screen.kind === 'questionnaire' && previous.phase === screen.phase) {
      questionnaire?.patch(screen);
      return;
    }
    const active = document.activeElement;
    const hadFocus = active instanceof HTMLElement && region.contains(active);
    const key = hadFocus ? active.dataset.key : undefined;
    chart?.destroy();
    chart = null;
    questionnaire = null;
    keepScroll(body, () => body.replaceChildren(...screenView(screen).filter((n): n is Node => n !== null)));
    if (previous?.kind === 'play' && screen.kind === 'play' && announcement && previous.state !== screen.state) {
      play.beep(!announcement.includes('−'));
    }
    if (hadFocus) focusAfter(previous, screen, key);
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && last?.kind === 'play' && last.confirmQuit) {
      e.preventDefault();
      controller.askQuit(false);
    }
  };
  region.addEventListener('keydown', onKey);
  const unsubscribe = controller.subscribe(render);
  return {
    destroy() {
      unsubscribe();
      region.removeEventListener('keydown', onKey);
      chart?.destroy();
      play.destroy();
      region.remove();
    },
  };
}
