/**
 * The play screen's event parts: today's event as a card whose choices are
 * shown in the run's shuffled order, what came back this morning from an
 * earlier move, and the real help the answered event names.
 */
import type { GameCommand } from '@airman/contracts/game.ts';
import { answeredToday, type GameState } from '@airman/engine/game-state.ts';
import { landedToday } from '@airman/engine/rules.ts';
import type { EventView } from './controller.ts';
import { describeEffects, landingEffects } from './describe.ts';
import { el } from './dom.ts';

/** The view's own ways to draw a move's button, so every move looks and behaves alike. */
export interface PanelTools {
  moveButton(label: Node, key: string, onClick: () => void, unavailable: string | undefined): HTMLButtonElement;
  moveLabel(name: string, effects: string, reason: string | undefined): Node;
  command(command: GameCommand): void;
}

/** Today's event awaiting a choice: its name, its text and its choices, in the order shown. */
export function eventCard(state: GameState, event: EventView, tools: PanelTools): HTMLElement {
  const choices = state.module.events?.[state.pendingEvent]?.choices ?? [];
  return el(
    'article',
    { class: 'cds--tile game-event', 'aria-labelledby': 'game-event-name' },
    el('h3', { id: 'game-event-name', class: 'game-event__name' }, `Event: ${event.name}`),
    el('p', {}, event.text),
    el(
      'ul',
      { class: 'game-event__choices' },
      ...event.choices.map((choice) => {
        const effects = choices[choice.index];
        return el(
          'li',
          {},
          tools.moveButton(
            tools.moveLabel(
              choice.label,
              effects ? describeEffects(effects, state.module.days - state.day) : '',
              choice.reason,
            ),
            `choice:${choice.index}`,
            () => tools.command({ choose: choice.index }),
            choice.ok ? undefined : `${choice.label}: ${choice.reason ?? ''}`,
          ),
        );
      }),
    ),
  );
}

/** What came back at the start of today, as a note on the play screen; null when nothing did. */
export function cameBackNote(state: GameState): HTMLElement | null {
  const landed = landedToday(state);
  if (landed.length === 0) return null;
  return el(
    'section',
    { class: 'cds--tile game-later', 'aria-labelledby': 'game-later-name' },
    el('h3', { id: 'game-later-name' }, 'What came back today'),
    el(
      'ul',
      {},
      ...landed.map((l) =>
        el(
          'li',
          {},
          el('span', { class: 'game-later__text' }, l.text),
          ` ${landingEffects(l)} (from day ${l.from_day}: ${l.source}).`,
        ),
      ),
    ),
  );
}

/** ' Came back: {text} {effects}.' for each consequence that landed this morning, for the announcement. */
export function cameBackNotice(state: GameState): string {
  return landedToday(state)
    .map((l) => ` Came back: ${l.text} ${landingEffects(l)}.`)
    .join('');
}

/** The help the event answered today names, shown once the player has chosen; null when it names none. */
export function helpNote(state: GameState): HTMLElement | null {
  const answered = answeredToday(state);
  const resources = answered?.event.resources ?? [];
  if (!answered || resources.length === 0) return null;
  return el(
    'section',
    // Scrolled into view after the answer (focus on the outcome above it), so the help is seen at every size.
    { class: 'cds--tile game-help', 'aria-labelledby': 'game-help-name', 'data-key': 'help' },
    el('h3', { id: 'game-help-name' }, 'Where to find help'),
    el('p', {}, `If '${answered.event.name}' is close to your own life, real help is there:`),
    el('ul', {}, ...resources.map((r) => el('li', {}, el('strong', {}, r.name), `: ${r.contact}`))),
  );
}
