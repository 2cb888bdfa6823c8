/**
 * The debrief's day-by-day gauge chart, drawn in SVG at the width it is given
 * (its text keeps its size on a phone), with each gauge's line in its own
 * colour and dash, the healthy ranges shaded behind them, a legend, and the
 * same figures as a table that marks each value outside its range.
 */
import type { DayGauges } from './debrief.ts';
import { el, svg } from './dom.ts';
import { gaugeLabel } from './describe.ts';

/** Carbon's 60–70 grades: each at least 3:1 against a white layer. */
const COLORS = ['#0f62fe', '#198038', '#8a3ffc', '#d02670', '#00539a', '#da1e28', '#005d5d'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4', '4 4'];
const HEIGHT = 200;
const PAD = { left: 36, right: 12, top: 10, bottom: 28 };

const dayName = (day: number) => (day === 0 ? 'Start' : `Day ${day}`);

/** Gauge → its healthy [min, max]. */
export type Ranges = Readonly<Record<string, readonly [number, number]>>;

/** The distinct ranges, each with the gauges that have it: 'Mental, Physical 50–85'. */
export function rangeGroups(
  names: readonly string[],
  ranges: Ranges,
): { min: number; max: number; gauges: string[] }[] {
  const groups = new Map<string, { min: number; max: number; gauges: string[] }>();
  for (const name of names) {
    const range = ranges[name];
    if (!range) continue;
    const key = `${range[0]}-${range[1]}`;
    const group = groups.get(key) ?? { min: range[0], max: range[1], gauges: [] };
    group.gauges.push(name);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** 'low', 'high' or '' for a value against its gauge's range. */
export function rangeMark(value: number, range: readonly [number, number] | undefined): '' | 'low' | 'high' {
  if (!range) return '';
  return value < range[0] ? 'low' : value > range[1] ? 'high' : '';
}

export function chartSvg(days: readonly DayGauges[], width: number, ranges: Ranges = {}): SVGSVGElement {
  const w = Math.max(240, Math.floor(width));
  const names = Object.keys(days[0]?.gauges ?? {});
  const x = (i: number) => PAD.left + (days.length <= 1 ? 0 : (i * (w - PAD.left - PAD.right)) / (days.length - 1));
  const y = (v: number) => PAD.top + ((100 - v) * (HEIGHT - PAD.top - PAD.bottom)) / 100;
  const grid = [0, 50, 100].map((v) =>
    svg(
      'g',
      {},
      svg('line', { class: 'game-chart__grid', x1: PAD.left, x2: w - PAD.right, y1: y(v), y2: y(v) }),
      svg('text', { class: 'game-chart__text', x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end' }, String(v)),
    ),
  );
  // Day labels: every one when they fit, else every other.
  const step = (w - PAD.left - PAD.right) / Math.max(1, days.length - 1) < 44 ? 2 : 1;
  const labels = days.map((d, i) =>
    i % step === 0 || i === days.length - 1
      ? svg(
          'text',
          {
            class: 'game-chart__text',
            x: x(i),
            y: HEIGHT - 8,
            'text-anchor': i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle',
          },
          d.day === 0 ? 'Start' : String(d.day),
        )
      : null,
  );
  // The healthy ranges behind the lines: a light band with dark edges (≥ 3:1 against the chart).
  const bands = rangeGroups(names, ranges).map(({ min, max }) =>
    svg(
      'g',
      { class: 'game-chart__band' },
      svg('rect', {
        class: 'game-chart__band-fill',
        x: PAD.left,
        y: y(max),
        width: w - PAD.left - PAD.right,
        height: Math.max(1, y(min) - y(max)),
      }),
      svg('line', { class: 'game-chart__band-edge', x1: PAD.left, x2: w - PAD.right, y1: y(max), y2: y(max) }),
      svg('line', { class: 'game-chart__band-edge', x1: PAD.left, x2: w - PAD.right, y1: y(min), y2: y(min) }),
    ),
  );
  const lines = names.map((name, n) =>
    svg('polyline', {
      class: 'game-chart__line',
      points: days.map((d, i) => `${x(i).toFixed(1)},${y(d.gauges[name] ?? 0).toFixed(1)}`).join(' '),
      stroke: COLORS[n % COLORS.length],
      'stroke-dasharray': DASHES[n % DASHES.length] || undefined,
    }),
  );
  return svg(
    'svg',
    {
      class: 'game-chart__svg',
      width: w,
      height: HEIGHT,
      viewBox: `0 0 ${w} ${HEIGHT}`,
      'aria-hidden': 'true',
      focusable: 'false',
    },
    ...bands,
    ...grid,
    ...labels,
    ...lines,
  );
}

/** The chart, its legend, its ranges in words and its table, redrawn only when its width changes. */
export function gaugeChart(days: readonly DayGauges[], ranges: Ranges = {}): { element: HTMLElement; destroy(): void } {
  const names = Object.keys(days[0]?.gauges ?? {});
  const groups = rangeGroups(names, ranges);
  const plot = el('div', { class: 'game-chart__plot' });
  const legend = el(
    'ul',
    { class: 'game-chart__legend', 'aria-hidden': 'true' },
    ...names.map((name, n) =>
      el(
        'li',
        {},
        svg(
          'svg',
          { width: 28, height: 10, 'aria-hidden': 'true', focusable: 'false' },
          svg('line', {
            x1: 0,
            x2: 28,
            y1: 5,
            y2: 5,
            class: 'game-chart__line',
            stroke: COLORS[n % COLORS.length],
            'stroke-dasharray': DASHES[n % DASHES.length] || undefined,
          }),
        ),
        ` ${gaugeLabel(name)}`,
      ),
    ),
    groups.length > 0
      ? el(
          'li',
          {},
          svg(
            'svg',
            { width: 28, height: 14, 'aria-hidden': 'true', focusable: 'false' },
            svg('rect', { class: 'game-chart__band-fill', x: 0, y: 1, width: 28, height: 12 }),
            svg('line', { class: 'game-chart__band-edge', x1: 0, x2: 28, y1: 1, y2: 1 }),
            svg('line', { class: 'game-chart__band-edge', x1: 0, x2: 28, y1: 13, y2: 13 }),
          ),
          ' Healthy range',
        )
      : null,
  );
  const rangesInWords =
    groups.length > 0
      ? el(
          'p',
          { class: 'game-chart__ranges' },
          `Shaded: the healthy range${groups.length > 1 ? 's' : ''} (${groups
            .map((g) => `${g.gauges.map(gaugeLabel).join(', ')} ${g.min}–${g.max}`)
            .join('; ')}). A gauge that ends a day inside its range scores.`,
        )
      : null;
  const table = el(
    'table',
    { class: 'game-chart__table cds--data-table cds--data-table--sm' },
    el('caption', { class: 'visually-hidden' }, 'Gauges at the start and at the end of each day'),
    el(
      'thead',
      {},
      el('tr', {}, el('th', { scope: 'col' }, 'Gauge'), ...days.map((d) => el('th', { scope: 'col' }, dayName(d.day)))),
    ),
    el(
      'tbody',
      {},
      ...names.map((name) =>
        el(
          'tr',
          {},
          el('th', { scope: 'row' }, gaugeLabel(name)),
          ...days.map((d) => {
            const value = d.gauges[name];
            if (value === undefined) return el('td', {}, '');
            const mark = rangeMark(value, ranges[name]);
            return el(
              'td',
              mark ? { class: `game-chart__cell--${mark}` } : {},
              mark ? `${value} (${mark})` : String(value),
            );
          }),
        ),
      ),
    ),
  );
  const element = el(
    'figure',
    { class: 'game-chart' },
    el('figcaption', { class: 'game-chart__caption' }, 'Your gauges, day by day'),
    plot,
    legend,
    rangesInWords,
    el(
      'details',
      { class: 'game-chart__details' },
      el('summary', {}, 'The figures as a table'),
      el(
        'div',
        { class: 'game-chart__scroll', role: 'region', 'aria-label': 'The figures as a table', tabindex: 0 },
        table,
      ),
    ),
  );
  let width = 0;
  const observer = new ResizeObserver(([entry]) => {
    const next = Math.floor(entry?.contentRect.width ?? 0);
    if (next > 0 && next !== width) {
      width = next;
      plot.replaceChildren(chartSvg(days, width, ranges));
    }
  });
  observer.observe(plot);
  return { element, destroy: () => observer.disconnect() };
}
