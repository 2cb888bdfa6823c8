/**
 * The play screen: the day, tokens and points, the gauges, today's event or the Actions
 * toolbar (one Tab stop, arrow keys between actions), the objectives and inventory, and End
 * Day, Sound and Quit (with its confirmation). It keeps what outlives one drawing: the gauge
 * panel, the sound, and the action the toolbar's Tab stop is on.
 */
import { isGoal, visibleObjectives } from '@airman/engine/game-state.ts';
import type { GameController } from '../controller.ts';
import { describeEffects } from '../describe.ts';
import { el } from '../dom.ts';
import { cameBackNote, eventCard, helpNote, type PanelTools } from '../event-panel.ts';
import { GaugePanel } from '../gauges.ts';
import { playLayout } from '../play-layout.ts';
import { Sound } from '../sound.ts';
import type { Nodes, ScreenOf, ViewParts } from './parts.ts';

type PlayScreen = ScreenOf<'play'>;

const ARROWS_NEXT = new Set(['ArrowRight', 'ArrowDown']);
const ARROWS_PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

export interface PlayView {
  draw(screen: PlayScreen): Nodes;
  /**
   * Where focus goes after End Day, Quit or a refused move redrew the screen (an action or an answer taken
   * sends it to the outcome: view.ts), `key` naming the control that had it: that control again when it is
   * still there, else the next logical one.
   */
  focusAfterMove(
    screen: PlayScreen,
    key: string | undefined,
    find: (key: string) => HTMLElement | null,
  ): HTMLElement | null;
  /** A short tone after a move: rising when nothing dropped. */
  beep(good: boolean): void;
  destroy(): void;
}

export function playView(controller: GameController, { announce, heading, button }: ViewParts): PlayView {
  const sound = new Sound();
  const gauges = new GaugePanel();
  /** The action the Actions toolbar's Tab stop is on (roving tabindex). */
  let currentAction: string | null = null;

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

  const panelTools: PanelTools = {
    moveButton: (label, key, onClick, unavailable) =>
      button(label, key, onClick, { className: 'game-move', ...(unavailable === undefined ? {} : { unavailable }) }),
    moveLabel,
    command: (command) => controller.command(command),
  };

  function actionsToolbar(screen: PlayScreen): HTMLElement {
    const names = screen.actions.map((a) => a.action);
    if (currentAction === null || !names.includes(currentAction))
      currentAction = screen.actions.find((a) => a.ok)?.action ?? names[0] ?? null;
    const buttons = screen.actions.map((a) => {
      const action = screen.state.module.actions.find((x) => x.name === a.action);
      const b = button(
        moveLabel(
          a.action,
          action ? describeEffects(action, screen.state.module.days - screen.state.day) : '',
          a.reason,
        ),
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

  function draw(screen: PlayScreen): Nodes {
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

  function focusAfterMove(
    screen: PlayScreen,
    key: string | undefined,
    find: (key: string) => HTMLElement | null,
  ): HTMLElement | null {
    const firstChoice = () => find(`choice:${screen.event?.choices[0]?.index ?? 0}`);
    let target: HTMLElement | null = null;
    // A new day that opens with an event: on to its first choice.
    if (key === 'end-day' && screen.event) target = firstChoice();
    else if (key && find(key)) target = find(key);
    else if (key === 'quit') target = find('quit-no');
    else if (key === 'quit-no' || key === 'quit-yes') target = find('quit');
    else if (screen.event) target = firstChoice();
    else if (currentAction !== null) target = find(`action:${currentAction}`);
    return target ?? find('end-day');
  }

  return {
    draw,
    focusAfterMove,
    beep: (good) => sound.beep(good),
    destroy() {
      gauges.destroy();
      sound.close();
    },
  };
}
