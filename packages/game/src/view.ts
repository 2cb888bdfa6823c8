/**
 * The play interface: every screen of the game as Carbon-styled HTML inside the
 * region named 'Game controls' (Section 508: real buttons, radio groups and
 * headings), with the gauges and the debrief's chart drawn in SVG. One polite
 * live region announces each change. After every move focus stays on the
 * control used, or goes to the next logical one; it never falls to the body.
 */
import type { GameAssignment } from '@airman/contracts/game.ts';
import { own } from '@airman/contracts/own.ts';
import { unansweredItems } from '@airman/contracts/questionnaire-score.ts';
import { isGoal, visibleObjectives } from '@airman/engine/game-state.ts';
import { starThresholds, objectivePoints, rangeDayPoints } from '@airman/engine/score.ts';
import type { GameController, Screen } from './controller.ts';
import { debriefView } from './debrief-view.ts';
import { describeEffects, gaugeLabel, resultWords } from './describe.ts';
import { el } from './dom.ts';
import { cameBackNote, eventCard, helpNote, type PanelTools } from './event-panel.ts';
import { GaugePanel } from './gauges.ts';
import { keepScroll, playLayout } from './play-layout.ts';
import { Sound } from './sound.ts';
import { formatDueDate } from '@airman/contracts/due-date.ts';

type Nodes = (Node | null)[];
type ScreenOf<K extends Screen['kind']> = Extract<Screen, { kind: K }>;

const ARROWS_NEXT = new Set(['ArrowRight', 'ArrowDown']);
const ARROWS_PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

export interface View {
  destroy(): void;
}

export function mountView(host: HTMLElement, controller: GameController): View {
  const live = el('p', { class: 'game__live', role: 'status', 'aria-live': 'polite' });
  const body = el('div', { class: 'game__screen' });
  const region = el('section', { class: 'game', 'aria-label': 'Game controls' }, live, body);
  host.append(region);

  const sound = new Sound();
  const gauges = new GaugePanel();
  let chart: { destroy(): void } | null = null;
  let last: Screen | null = null;
  /** The action the Actions toolbar's Tab stop is on (roving tabindex). */
  let currentAction: string | null = null;
  /** The questionnaire screen's parts that change as answers come in. */
  let questionnaireParts: { progress: HTMLElement; next: HTMLButtonElement; reason: HTMLElement } | null = null;

  const announce = (message: string) => {
    // The same words twice in a row are still read: a no-break space makes them new.
    live.textContent = message === live.textContent ? `${message}\u00a0` : message;
  };
  const find = (key: string) => body.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);

  const button = (
    label: Node | string,
    key: string,
    onClick: () => void,
    options: {
      kind?: 'primary' | 'secondary' | 'tertiary' | 'ghost' | 'danger';
      unavailable?: string;
      className?: string;
    } = {},
  ): HTMLButtonElement => {
    const kind = options.kind ?? 'secondary';
    const b = el(
      'button',
      {
        type: 'button',
        class: options.className ?? `cds--btn cds--btn--${kind} game__button`,
        'data-key': key,
        'aria-disabled': options.unavailable ? 'true' : undefined,
      },
      label,
    );
    // aria-disabled keeps it focusable, so its reason can be read; pressing it says why.
    b.addEventListener('click', () => (options.unavailable ? announce(options.unavailable) : onClick()));
    return b;
  };

  const heading = (text: string) => el('h2', { class: 'game__heading', tabindex: -1, 'data-key': 'heading' }, text);

  function listView(screen: ScreenOf<'list'>): Nodes {
    return [
      heading('Your training'),
      screen.assignments.length === 0
        ? el('p', {}, 'No modules are assigned to you.')
        : el(
            'ul',
            { class: 'game-list' },
            ...screen.assignments.map((a) => el('li', { class: 'cds--tile game-list__item' }, ...assignmentCard(a))),
          ),
    ];
  }

  function assignmentCard(a: GameAssignment): Nodes {
    const due = a.due_at > 0 ? `, due ${formatDueDate(a.due_at)}` : '';
    return [
      el('h3', { class: 'game-list__title' }, a.title),
      el('p', {}, `${a.status}${due}`),
      button(`Play ${a.title}`, `play:${a.module}`, () => void controller.open(a), { kind: 'primary' }),
    ];
  }

  function briefingView(screen: ScreenOf<'briefing'>): Nodes {
    const m = screen.module;
    const goals = m.objectives.filter(isGoal).map((o) => o.name);
    const ranges = Object.entries(m.healthy_range ?? {}).filter(([g]) => Object.hasOwn(m.starting_gauges, g));
    const [two, three] = starThresholds(m);
    const night = resultWords(m.daily_change);
    return [
      heading(screen.title),
      m.game_description ? el('p', { class: 'game-briefing__lead' }, m.game_description) : null,
      el('h3', {}, 'Your goals'),
      goals.length > 0
        ? el('ul', { class: 'game__bullets' }, ...goals.map((g) => el('li', {}, g)))
        : el('p', {}, `No goals: play all ${m.days} days.`),
      el('h3', {}, 'How a day works'),
      el(
        'p',
        {},
        `${m.days} day${m.days === 1 ? '' : 's'}, ${m.daily_time_tokens} time tokens a day. Each action shows what it does and costs before you choose it; tokens left at the end of a day are lost. Some days bring an event: choose a response before you act.${night ? ` Every night: ${night}.` : ''}`,
      ),
      el('h3', {}, 'How a run is lost'),
      el(
        'ul',
        { class: 'game__bullets' },
        el('li', {}, 'A gauge that reaches 0 ends the run: Failed.'),
        goals.length > 0 ? el('li', {}, `A goal not done by the end of day ${m.days}: Failed.`) : null,
        el('li', {}, 'Objectives that appear during the run are bonuses: missing one never fails it.'),
      ),
      el('h3', {}, 'How it is scored'),
      el(
        'ul',
        { class: 'game__bullets' },
        el('li', {}, `${objectivePoints(m)} points for each objective done.`),
        ranges.length > 0
          ? el(
              'li',
              {},
              `${rangeDayPoints(m)} points for each gauge inside its healthy range at the end of a day (${ranges.map(([g, [lo, hi]]) => `${gaugeLabel(g)} ${lo}–${hi}`).join(', ')}).`,
            )
          : null,
        el('li', {}, `A completed run earns 1 star, 2 stars from ${two} points, 3 stars from ${three} points.`),
      ),
      el(
        'div',
        { class: 'game__buttons' },
        button(
          screen.hasQuestionnaire ? 'Continue to the questionnaire' : 'Start day 1',
          'begin',
          () => controller.begin(),
          { kind: 'primary' },
        ),
        button('Back to my training', 'back', () => void controller.loadList(), { kind: 'ghost' }),
      ),
    ];
  }

  function questionnaireView(screen: ScreenOf<'questionnaire'>): Nodes {
    const q = screen.questionnaire;
    const progress = el('p', { class: 'game-questionnaire__progress' });
    const reason = el('span', { class: 'game__reason' });
    const next = button(
      el('span', {}, 'Continue', reason),
      'continue',
      () => {
        const current = controller.current;
        if (current.kind !== 'questionnaire') return;
        const [missing] = unansweredItems(q, current.answers);
        if (!missing) {
          void controller.submitQuestionnaire();
          return;
        }
        announce('Answer every statement first.');
        body.querySelector<HTMLInputElement>(`input[name="${CSS.escape(`q-${screen.phase}-${missing.id}`)}"]`)?.focus();
      },
      { kind: 'primary' },
    );
    questionnaireParts = { progress, next, reason };
    const groups = q.items.map((item, n) => {
      const name = `q-${screen.phase}-${item.id}`;
      const options = q.scale.map((option) => {
        const id = `${name}-${option.value}`;
        const input = el('input', {
          class: 'cds--radio-button',
          type: 'radio',
          name,
          id,
          value: option.value,
          'data-key': `q:${item.id}:${option.value}`,
        });
        input.checked = own(screen.answers, item.id) === option.value;
        input.addEventListener('change', () => controller.answer(item.id, option.value));
        return el(
          'div',
          { class: 'cds--radio-button-wrapper' },
          input,
          el(
            'label',
            { for: id, class: 'cds--radio-button__label' },
            el('span', { class: 'cds--radio-button__appearance' }),
            el('span', { class: 'cds--radio-button__label-text' }, option.label),
          ),
        );
      });
      return el(
        'fieldset',
        { class: 'cds--fieldset game-question' },
        el('legend', { class: 'cds--label game-question__legend' }, `${n + 1}. ${item.text}`),
        el('div', { class: 'cds--radio-button-group game-question__options' }, ...options),
      );
    });
    const view = [
      heading(`${q.title} (${screen.phase === 'before' ? 'before' : 'after'} the run)`),
      el('p', {}, q.instructions),
      el('p', { class: 'game__hint' }, 'Tab moves from statement to statement; the arrow keys choose an answer.'),
      ...groups,
      progress,
      el('div', { class: 'game__buttons' }, next),
    ];
    patchQuestionnaire(screen);
    return view;
  }

  function patchQuestionnaire(screen: ScreenOf<'questionnaire'>): void {
    if (!questionnaireParts) return;
    const total = screen.questionnaire.items.length;
    const answered = total - unansweredItems(screen.questionnaire, screen.answers).length;
    questionnaireParts.progress.textContent = `${answered} of ${total} answered.`;
    const complete = answered === total;
    if (complete) questionnaireParts.next.removeAttribute('aria-disabled');
    else questionnaireParts.next.setAttribute('aria-disabled', 'true');
    questionnaireParts.reason.textContent = complete ? '' : ` (answer every statement first: ${total - answered} left)`;
  }

  function playView(screen: ScreenOf<'play'>): Nodes {
    const s = screen.state;
    const inventory = Object.entries(s.inventory).map(([item, n]) => (n > 1 ? `${item} ×${n}` : item));
    gauges.update(s, screen.dayEnded);
    const goals = new Set(s.module.objectives.filter(isGoal).map((o) => o.name));
    const objectives = visibleObjectives(s);
    const side = [
      el('h3', {}, 'Objectives'),
      objectives.length === 0
        ? el('p', {}, 'None.')
        : el(
            'ul',
            { class: 'game-objectives' },
            ...objectives.map((o) =>
              el(
                'li',
                { class: `game-objectives__item game-objectives__item--${o.status}` },
                el(
                  'span',
                  { 'aria-hidden': 'true', class: 'game-objectives__mark' },
                  o.status === 'complete' ? '✓' : '○',
                ),
                ` ${o.name}: ${o.status === 'complete' ? 'done' : o.status === 'active' ? 'to do' : 'not started'}${goals.has(o.name) ? ' (goal)' : ' (bonus)'}`,
              ),
            ),
          ),
      el('p', {}, `Inventory: ${inventory.join(', ') || 'empty'}.`),
    ];
    const event = screen.event;
    const moves = event
      ? [eventCard(s, event, panelTools)]
      : [helpNote(s), el('h3', { id: 'game-actions-name' }, 'Actions'), actionsToolbar(screen)];
    const quit = screen.confirmQuit
      ? el(
          'div',
          { class: 'game-play__confirm', role: 'group', 'aria-labelledby': 'game-quit-question' },
          el('p', { id: 'game-quit-question' }, 'Quit this run? Your progress in it will be lost.'),
          button('Yes, quit', 'quit-yes', () => void controller.quit(), { kind: 'danger' }),
          button('Keep playing', 'quit-no', () => controller.askQuit(false), { kind: 'secondary' }),
        )
      : button('Quit', 'quit', () => controller.askQuit(true), { kind: 'ghost' });
    const soundToggle = button(
      'Sound',
      'sound',
      () => {
        sound.on = !sound.on;
        soundToggle.setAttribute('aria-pressed', String(sound.on));
        announce(sound.on ? 'Sound on.' : 'Sound off.');
      },
      { kind: 'ghost' },
    );
    soundToggle.setAttribute('aria-pressed', String(sound.on));
    // End Day keeps its place while an event awaits; pressing it then says why it waits.
    const endDay = button('End Day', 'end-day', () => controller.command({ end_day: true }), {
      kind: 'primary',
      ...(event ? { unavailable: `End Day: respond to '${event.name}' first.` } : {}),
    });
    return [
      playLayout({
        heading: heading(screen.title),
        day: s.day,
        days: s.module.days,
        tokens: s.tokens,
        points: screen.points,
        gauges: gauges.element,
        moves: [cameBackNote(s), ...moves].filter((node): node is HTMLElement => node !== null),
        side,
        tools: [endDay, soundToggle, quit],
      }),
    ];
  }

  const panelTools: PanelTools = {
    moveButton: (label, key, onClick, unavailable) =>
      button(label, key, onClick, { className: 'game-move', ...(unavailable === undefined ? {} : { unavailable }) }),
    moveLabel: (name, effects, reason) => moveLabel(name, effects, reason),
    command: (command) => controller.command(command),
  };

  function moveLabel(name: string, effects: string, reason: string | undefined): Node {
    // Spaces between the parts: the button's accessible name reads as a sentence.
    const label = el(
      'span',
      { class: 'game-move__content' },
      el('span', { class: 'game-move__name' }, name),
      ' ',
      el('span', { class: 'game-move__effects' }, effects),
    );
    if (reason) label.append(' ', el('span', { class: 'game-move__reason' }, `Not now: ${reason}`));
    return label;
  }

  function actionsToolbar(screen: ScreenOf<'play'>): HTMLElement {
    const names = screen.actions.map((a) => a.action);
    if (currentAction === null || !names.includes(currentAction))
      currentAction = screen.actions.find((a) => a.ok)?.action ?? names[0] ?? null;
    const buttons = screen.actions.map((a) => {
      const action = screen.state.module.actions.find((x) => x.name === a.action);
      const b = button(
        moveLabel(a.action, action ? describeEffects(action) : '', a.reason),
        `action:${a.action}`,
        () => controller.command({ action: a.action }),
        {
          className: 'game-move',
          ...(a.ok ? {} : { unavailable: `${a.action}: ${a.reason ?? ''}` }),
        },
      );
      b.tabIndex = a.action === currentAction ? 0 : -1;
      return b;
    });
    const bar = el(
      'div',
      {
        class: 'game-actions',
        role: 'toolbar',
        'aria-labelledby': 'game-actions-name',
        'aria-orientation': 'vertical',
      },
      ...buttons,
    );
    // Arrow keys move between actions, Tab leaves the toolbar (one Tab stop).
    bar.addEventListener('keydown', (e) => {
      const i = buttons.findIndex((b) => b === document.activeElement);
      if (i < 0) return;
      let next = -1;
      if (ARROWS_NEXT.has(e.key)) next = (i + 1) % buttons.length;
      else if (ARROWS_PREVIOUS.has(e.key)) next = (i - 1 + buttons.length) % buttons.length;
      else if (e.key === 'Home') next = 0;
      else if (e.key === 'End') next = buttons.length - 1;
      if (next < 0) return;
      e.preventDefault();
      buttons[next]?.focus();
    });
    bar.addEventListener('focusin', (e) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      const key = target?.dataset.key;
      if (!key?.startsWith('action:')) return;
      currentAction = key.slice('action:'.length);
      for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
    });
    return bar;
  }

  function debriefScreen(screen: ScreenOf<'debrief'>): Nodes {
    const view = debriefView(screen, controller, { heading, button });
    chart = view.chart;
    return view.nodes;
  }

  function screenView(screen: Screen): Nodes {
    switch (screen.kind) {
      case 'loading':
        return [el('p', { class: 'game__loading', tabindex: -1, 'data-key': 'heading' }, screen.message)];
      case 'error':
        return [
          heading('Something went wrong'),
          el('p', { class: 'game__error' }, screen.message),
          button('Back to my training', 'back', () => void controller.loadList(), { kind: 'primary' }),
        ];
      case 'list':
        return listView(screen);
      case 'briefing':
        return briefingView(screen);
      case 'questionnaire':
        return questionnaireView(screen);
      case 'play':
        return playView(screen);
      case 'debrief':
        return debriefScreen(screen);
    }
  }

  /** Where focus goes after a change that rebuilt the screen. */
  function focusAfter(previous: Screen | null, screen: Screen, key: string | undefined): void {
    let target: HTMLElement | null = null;
    if (previous?.kind === 'play' && screen.kind === 'play') {
      // A new day that opens with an event: on to its first choice.
      if (key === 'end-day' && screen.event) target = find(`choice:${screen.event.choices[0]?.index ?? 0}`);
      else if (key && find(key)) target = find(key);
      else if (key === 'quit') target = find('quit-no');
      else if (key === 'quit-no' || key === 'quit-yes') target = find('quit');
      else if (screen.event) target = find(`choice:${screen.event.choices[0]?.index ?? 0}`);
      else if (currentAction !== null) target = find(`action:${currentAction}`);
      target ??= find('end-day');
    }
    target ??= find('heading');
    target?.focus();
  }

  const render = (screen: Screen, announcement: string) => {
    const previous = last;
    last = screen;
    if (announcement) announce(announcement);
    if (previous?.kind === 'questionnaire' && screen.kind === 'questionnaire' && previous.phase === screen.phase) {
      patchQuestionnaire(screen);
      return;
    }
    const active = document.activeElement;
    const hadFocus = active instanceof HTMLElement && region.contains(active);
    const key = hadFocus ? active.dataset.key : undefined;
    chart?.destroy();
    chart = null;
    questionnaireParts = null;
    keepScroll(body, () => body.replaceChildren(...screenView(screen).filter((n): n is Node => n !== null)));
    if (previous?.kind === 'play' && screen.kind === 'play' && announcement && previous.state !== screen.state) {
      sound.beep(!announcement.includes('−'));
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
      gauges.destroy();
      sound.close();
      region.remove();
    },
  };
}
