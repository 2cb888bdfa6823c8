/**
 * The gauges, compact enough for the play screen's status bar: one cell each,
 * the value in text, a mark of what the last move or night changed ('+8',
 * '−5'), and a bar drawn in SVG with the healthy range as a band over its
 * track. A change eases the bars to their new values with
 * requestAnimationFrame, only while they move (at once when the player
 * prefers reduced motion); a new day sweeps the panel once (CSS). Nothing is
 * drawn while nothing changes.
 */
import { own } from '@airman/contracts/own.ts';
import type { GameState } from '@airman/engine/game-state.ts';
import { el, reducedMotion, svg } from './dom.ts';
import { gaugeLabel, signed } from './describe.ts';

const DURATION_MS = 450;

/**
 * A gauge's bar `elapsedMs` into its ease from `from` to `target` (cubic ease-out over
 * DURATION_MS). Done as soon as the bar drawn (two decimals) is the target's: the ease's
 * last frames would draw nothing new, so the bar lands on the target and no frame follows.
 */
export function easeStep(from: number, target: number, elapsedMs: number): { value: number; done: boolean } {
  const t = Math.min(1, Math.max(0, elapsedMs / DURATION_MS));
  const value = from + (target - from) * (1 - (1 - t) ** 3);
  return t >= 1 || value.toFixed(2) === target.toFixed(2) ? { value: target, done: true } : { value, done: false };
}

interface Row {
  value: HTMLElement;
  state: HTMLElement;
  change: HTMLElement;
  fill: SVGRectElement;
  from: number;
  shown: number;
  target: number;
}

export class GaugePanel {
  readonly element: HTMLUListElement;
  private readonly rows = new Map<string, Row>();
  private frame = 0;
  private started = 0;
  private module: GameState['module'] | null = null;
  private last: GameState | null = null;

  constructor() {
    this.element = el('ul', { class: 'game-gauges', 'aria-label': 'Gauges' });
  }

  /** Shows the run's gauges; animates the ones that changed. */
  update(state: GameState, dayEnded: boolean): void {
    // The same state drawn again (a question asked, a toggle): its change marks stay.
    if (state === this.last) return;
    const previous = this.module === state.module ? this.last : null;
    this.last = state;
    if (this.module !== state.module) this.build(state);
    let moved = false;
    for (const [name, value] of Object.entries(state.gauges)) {
      const row = this.rows.get(name);
      if (!row) continue;
      this.mark(name, row, value);
      const delta = previous ? value - (previous.gauges[name] ?? value) : 0;
      row.change.textContent = delta === 0 ? '' : signed(delta);
      if (row.target !== value) {
        row.from = row.shown;
        row.target = value;
        moved = true;
      }
    }
    if (dayEnded && !reducedMotion()) {
      // Restarts the sweep: one CSS animation, then nothing.
      this.element.classList.remove('game-gauges--new-day');
      void this.element.offsetWidth;
      this.element.classList.add('game-gauges--new-day');
    }
    if (!moved) return;
    if (reducedMotion()) {
      for (const row of this.rows.values()) this.draw(row, row.target);
      return;
    }
    this.started = performance.now();
    if (this.frame === 0) this.frame = requestAnimationFrame(this.tick);
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.element.remove();
  }

  private readonly tick = (now: number): void => {
    let done = true;
    for (const row of this.rows.values()) {
      const step = easeStep(row.from, row.target, now - this.started);
      this.draw(row, step.value);
      done &&= step.done;
    }
    this.frame = done ? 0 : requestAnimationFrame(this.tick);
  };

  private draw(row: Row, value: number): void {
    row.shown = value;
    row.fill.setAttribute('width', value.toFixed(2));
    row.value.textContent = String(Math.round(value));
  }

  /** ', low' or ', high' beside a gauge outside its healthy range: said in words, not by colour alone. */
  private mark(name: string, row: Row, value: number): void {
    const range = own(this.module?.healthy_range, name);
    const outside = range ? (value < range[0] ? 'low' : value > range[1] ? 'high' : '') : '';
    row.state.textContent = outside ? ` (${outside})` : '';
    row.fill.classList.toggle('game-gauge__fill--outside', outside !== '');
  }

  private build(state: GameState): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.module = state.module;
    this.rows.clear();
    const items = Object.entries(state.gauges).map(([name, value]) => {
      const range = own(state.module.healthy_range, name);
      const valueText = el('span', { class: 'game-gauge__value' }, String(value));
      const stateText = el('span', { class: 'game-gauge__state' });
      const change = el('span', { class: 'game-gauge__change' });
      const fill = svg('rect', { class: 'game-gauge__fill', x: 0, y: 4, height: 8, width: value });
      const bar = svg(
        'svg',
        {
          class: 'game-gauge__bar',
          viewBox: '0 0 100 16',
          preserveAspectRatio: 'none',
          'aria-hidden': 'true',
          focusable: 'false',
        },
        svg('rect', { class: 'game-gauge__track', x: 0, y: 4, width: 100, height: 8 }),
        fill,
        range
          ? svg('rect', { class: 'game-gauge__band', x: range[0], y: 1, width: range[1] - range[0], height: 14 })
          : null,
      );
      const row: Row = { value: valueText, state: stateText, change, fill, from: value, shown: value, target: value };
      this.rows.set(name, row);
      this.mark(name, row, value);
      return el(
        'li',
        { class: 'game-gauge' },
        el(
          'span',
          { class: 'game-gauge__label' },
          el('span', { class: 'game-gauge__name' }, `${gaugeLabel(name)} `),
          valueText,
          stateText,
          ' ',
          change,
          range ? el('span', { class: 'game-gauge__range' }, ` healthy ${range[0]}–${range[1]}`) : null,
        ),
        bar,
      );
    });
    this.element.replaceChildren(...items);
  }
}
