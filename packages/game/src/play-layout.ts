/**
 * The play screen's layout. A status bar on top (the run's title, the day,
 * the time tokens left, the score and the compact gauges with what the last
 * move changed) and the day's tools at the bottom (End Day, Sound, Quit) stay
 * in view; the moves and the objectives scroll between them, so what a tap did
 * is seen without scrolling, on a phone as on a laptop.
 */
import { plural } from './describe.ts';
import { el } from './dom.ts';

export interface PlayParts {
  heading: HTMLElement;
  day: number;
  days: number;
  tokens: number;
  points: number;
  gauges: HTMLElement;
  /** The event or the actions. */
  moves: Node[];
  /** Objectives and inventory. */
  side: Node[];
  /** End Day, Sound, Quit. */
  tools: Node[];
}

/** 'Day 3 of 7 · 1 time token left · 120 points'. */
export function dayLine(day: number, days: number, tokens: number, points: number): string {
  return `Day ${day} of ${days} · ${plural(tokens, 'time token')} left · ${plural(points, 'point')}`;
}

export function playLayout(parts: PlayParts): HTMLElement {
  return el(
    'div',
    { class: 'game-play' },
    el(
      'div',
      { class: 'game-play__status' },
      el(
        'div',
        { class: 'game-play__headline' },
        parts.heading,
        el('p', { class: 'game-play__day' }, dayLine(parts.day, parts.days, parts.tokens, parts.points)),
      ),
      parts.gauges,
    ),
    el(
      'div',
      { class: 'game-play__main' },
      el('div', { class: 'game-play__moves' }, ...parts.moves),
      el('div', { class: 'game-play__side' }, ...parts.side),
    ),
    el('div', { class: 'game__buttons game-play__tools' }, ...parts.tools),
  );
}

/** Keeps the moves' scroll position when the play screen is drawn anew after a move. */
export function keepScroll(container: HTMLElement, redraw: () => void): void {
  const before = container.querySelector('.game-play__main')?.scrollTop;
  redraw();
  const main = container.querySelector('.game-play__main');
  if (before !== undefined && main) main.scrollTop = before;
}
