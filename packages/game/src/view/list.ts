/**
 * The list screen: the player's assignments, past due first, then due soonest, then completed;
 * each with its status, due and completed dates, best result, a "Late" tag for a completion after
 * its due date, and its Play button.
 */
import { formatDueDate } from '@airman/contracts/due-date.ts';
import type { GameController } from '../controller.ts';
import { el } from '../dom.ts';
import { bestWords, type ListedAssignment } from '../training-list.ts';
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

const day = (ms: number) => new Date(ms).toLocaleDateString([], { dateStyle: 'medium' });

function fact(term: string, ...value: (Node | string | null)[]): HTMLElement {
  return el('div', {}, el('dt', {}, term), el('dd', {}, ...value));
}

function assignmentCard(a: ListedAssignment, controller: GameController, { button }: ViewParts): Nodes {
  const stars = a.best ? '★'.repeat(a.best.stars) + '☆'.repeat(3 - a.best.stars) : '';
  return [
    el('h3', { class: 'game-list__title' }, a.title),
    el(
      'dl',
      { class: 'game-list__facts' },
      fact('Status', a.pastDue ? el('strong', {}, a.status) : a.status),
      fact('Due', a.due_at > 0 ? formatDueDate(a.due_at) : 'No due date'),
      a.completed_at > 0
        ? fact(
            'Completed',
            day(a.completed_at),
            a.late ? el('span', { class: 'cds--tag cds--tag--sm cds--tag--magenta game-list__late' }, 'Late') : null,
          )
        : null,
      a.best
        ? fact('Best', el('span', { 'aria-hidden': 'true', class: 'game-list__stars' }, stars), ` ${bestWords(a.best)}`)
        : null,
    ),
    button(`Play ${a.title}`, `play:${a.module}`, () => void controller.open(a), { kind: 'primary' }),
  ];
}
