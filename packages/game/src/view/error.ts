/** The error screen: what went wrong, and the way back to the player's training. */
import type { GameController } from '../controller.ts';
import { el } from '../dom.ts';
import type { Nodes, ScreenOf, ViewParts } from './parts.ts';

export function errorScreen(
  screen: ScreenOf<'error'>,
  controller: GameController,
  { heading, button }: ViewParts,
): Nodes {
  return [
    heading('Something went wrong'),
    el('p', { class: 'game__error' }, screen.message),
    button('Back to my training', 'back', () => void controller.loadList(), { kind: 'primary' }),
  ];
}
