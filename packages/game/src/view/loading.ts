/** The loading screen: one line saying what is loading; focus rests on it. */
import { el } from '../dom.ts';
import type { Nodes, ScreenOf } from './parts.ts';

export function loadingScreen(screen: ScreenOf<'loading'>): Nodes {
  return [el('p', { class: 'game__loading', tabindex: -1, 'data-key': 'heading' }, screen.message)];
}
