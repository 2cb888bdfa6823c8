/** The list screen: the player's assignments, each with its status, due date and Play button. */
import type { GameAssignment } from '@airman/contracts/game.ts';
import { formatDueDate } from '@airman/contracts/due-date.ts';
import type { GameController } from '../controller.ts';
import { el } from '../dom.ts';
import type { Nodes, ScreenOf, ViewParts } from './parts.ts';

export function listScreen(screen: ScreenOf<'list'>, controller: GameController, parts: ViewParts): Nodes {
  return [
    parts.heading('Your training'),
    screen.assignments.length === 0
      ? el('p', {}, 'No modules are assigned to you.')
      : el(
          'ul',
          { class: 'game-list' },
          ...screen.assignments.map((a) =>
            el('li', { class: 'cds--tile game-list__item' }, ...assignmentCard(a, controller, parts)),
          ),
        ),
  ];
}

function assignmentCard(a: GameAssignment, controller: GameController, { button }: ViewParts): Nodes {
  const due = a.due_at > 0 ? `, due ${formatDueDate(a.due_at)}` : '';
  return [
    el('h3', { class: 'game-list__title' }, a.title),
    el('p', {}, `${a.status}${due}`),
    button(`Play ${a.title}`, `play:${a.module}`, () => void controller.open(a), { kind: 'primary' }),
  ];
}
