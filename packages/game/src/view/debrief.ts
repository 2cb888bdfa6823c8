/**
 * The debrief screen: the result and its reason, the stars and the gap to the
 * next one, the lesson of the run, where the points came from, every
 * objective missed (hidden ones too, with how they are revealed), the gauges
 * day by day against their healthy ranges, what came back later, the events
 * met with the real help they name, and, after the questionnaire, how the
 * player rated themselves before and after: a self-report, not a measurement.
 */
import { starGap } from '@airman/engine/breakdown.ts';
import { balanceDays, objectivePoints, rangeDayPoints, starThresholds, unbalanced } from '@airman/engine/score.ts';
import { gaugeChart } from '../chart.ts';
import type { GameController } from '../controller.ts';
import type { MissedObjective } from '../debrief.ts';
import { gaugeLabel, landingEffects } from '../describe.ts';
import { el } from '../dom.ts';
import type { Nodes, ScreenOf, ViewParts } from './parts.ts';

type DebriefScreen = ScreenOf<'debrief'>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * '60 points short of 3 stars (660 points).', 'Mental was healthy on 2 of 7
 * days: 2 stars (3 need 4).', or '' with 3 stars or no completion.
 */
export function gapWords(screen: Pick<DebriefScreen, 'debrief' | 'score'>): string {
  const d = screen.debrief;
  const gap = starGap(d.state.module, d.state.outcome, screen.score);
  if (!gap) return '';
  const off = gap.short <= 0 ? unbalanced(d.state) : undefined;
  if (off)
    return `${gaugeLabel(off.gauge)} was healthy on ${off.days} of ${plural(d.state.module.days, 'day')}: ${screen.score.stars} stars (3 need ${balanceDays(d.state.module)}).`;
  return `${plural(gap.short, 'point')} short of ${gap.stars} stars (${starThresholds(d.state.module)[gap.stars - 2]} points).`;
}

function missedItem(m: MissedObjective): HTMLElement {
  const kind = m.goal ? 'goal' : m.seen ? 'bonus' : 'hidden bonus';
  return el('li', {}, el('strong', {}, m.name), ` (${kind}): ${m.how}.`);
}

export function debriefScreen(
  screen: DebriefScreen,
  controller: GameController,
  { heading, button }: ViewParts,
): { nodes: Nodes; chart: { destroy(): void } } {
  const d = screen.debrief;
  const module = d.state.module;
  const ranges = module.healthy_range ?? {};
  const played = Math.max(0, d.days.length - 1);
  const chart = gaugeChart(d.days, ranges);
  const { points, stars } = screen.score;
  const gap = gapWords(screen);
  const lesson = d.lesson;
  const risky = d.met.filter((m) => m.risky);
  // The shortcuts whose costs came back, each named once.
  const back = [...new Set(d.landed.map((l) => `'${l.source}'`))];
  const perfect =
    d.outcome === 'complete' && !risky.length && !back.length && d.breakdown.gauges.every((g) => g.days === played);
  const lessonRange = lesson && ranges[lesson.gauge] ? ` (${ranges[lesson.gauge]?.join('–')})` : '';

  const breakdown = el(
    'table',
    { class: 'cds--data-table cds--data-table--sm game-debrief__points' },
    el('caption', { class: 'game-debrief__caption' }, 'Where your points came from'),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Source'), el('th', { scope: 'col' }, 'Points'))),
    el(
      'tbody',
      {},
      ...d.breakdown.objectives.map((o) =>
        el('tr', {}, el('th', { scope: 'row' }, `Objective done: ${o.name}`), el('td', {}, String(o.points))),
      ),
      ...d.breakdown.gauges.map((g) => {
        const range = ranges[g.gauge];
        return el(
          'tr',
          {},
          el(
            'th',
            { scope: 'row' },
            `${gaugeLabel(g.gauge)}: ${g.days} of ${plural(played, 'day')} in its healthy range${range ? ` (${range[0]}–${range[1]})` : ''}`,
          ),
          el('td', {}, String(g.points)),
        );
      }),
    ),
    el('tfoot', {}, el('tr', {}, el('th', { scope: 'row' }, 'Total'), el('td', {}, String(d.breakdown.points)))),
  );
  const rates = `Each objective done is worth ${objectivePoints(module)} points${
    d.breakdown.gauges.length > 0
      ? `; each gauge that ends a day inside its healthy range, ${rangeDayPoints(module)}`
      : ''
  }.`;

  const fitness = screen.fitness;
  return {
    chart,
    nodes: [
      heading(`${screen.title}: ${d.outcome === 'complete' ? 'Complete' : 'Failed'}`),
      el('p', { class: `game-debrief__reason game-debrief__reason--${d.outcome}` }, `${d.reason}.`),
      el(
        'p',
        { class: 'game-debrief__score' },
        el(
          'span',
          { class: 'game-debrief__stars', 'aria-hidden': 'true' },
          `${'★'.repeat(stars)}${'☆'.repeat(3 - stars)} `,
        ),
        el(
          'span',
          {},
          d.outcome === 'complete'
            ? `${stars} of 3 stars, ${points} points.`
            : `No stars: only a completed run earns them. ${points} points.`,
        ),
      ),
      gap ? el('p', { class: 'game-debrief__gap' }, gap) : null,
      lesson || risky.length || back.length || perfect
        ? el(
            'section',
            { class: 'cds--tile game-debrief__lesson', 'aria-labelledby': 'game-lesson' },
            el('h3', { id: 'game-lesson' }, 'What this run teaches'),
            ...risky.map((m) => el('p', {}, `Day ${m.day}, you chose '${m.label}': ${m.lesson ?? ''}`)),
            back.length ? el('p', {}, `The costs of ${back.join(', ')} came back later (below).`) : null,
            perfect
              ? el(
                  'p',
                  {},
                  'A perfect week: every gauge stayed in its healthy range every day, with no shortcut and no risky answer. Keep these habits.',
                )
              : null,
            lesson
              ? el(
                  'p',
                  {},
                  `${gaugeLabel(lesson.gauge)} ended ${plural(lesson.days, 'day')} ${lesson.side === 'low' ? 'below' : 'above'} its healthy range${lessonRange}. ${lesson.text}`,
                )
              : null,
          )
        : null,
      screen.stage === 'survey'
        ? el(
            'div',
            { class: 'game__buttons' },
            el('p', { class: 'game__hint' }, 'Answer the questionnaire once more to save your result.'),
            button('Continue to the questionnaire', 'survey', () => controller.toSurvey(), { kind: 'primary' }),
          )
        : el(
            'div',
            { class: 'game__buttons' },
            button('Play again', 'again', () => void controller.playAgain(), { kind: 'primary' }),
            button('Back to my training', 'back', () => void controller.loadList(), { kind: 'secondary' }),
          ),
      el(
        'div',
        { class: 'game-debrief__grid' },
        el('div', { class: 'game-debrief__section' }, breakdown, el('p', { class: 'game__hint' }, rates)),
        el(
          'div',
          { class: 'game-debrief__objectives game-debrief__section' },
          el(
            'div',
            {},
            el('h3', {}, 'Objectives done'),
            d.done.length === 0
              ? el('p', {}, 'None.')
              : el('ul', { class: 'game__bullets' }, ...d.done.map((o) => el('li', {}, o))),
          ),
          el(
            'div',
            {},
            el('h3', {}, 'Objectives missed'),
            d.missed.length === 0
              ? el('p', {}, 'None: every objective done, hidden ones too.')
              : el('ul', { class: 'game__bullets' }, ...d.missed.map(missedItem)),
          ),
        ),
      ),
      chart.element,
      d.landed.length > 0
        ? el(
            'div',
            { class: 'game-debrief__section' },
            el('h3', {}, 'What came back later'),
            el(
              'ul',
              { class: 'game__bullets' },
              ...d.landed.map((l) =>
                el(
                  'li',
                  {},
                  `${l.day > module.days ? 'Came due after the last day' : `Day ${l.day}`}: ${l.text} (${landingEffects(l)}), from '${l.source}'${l.event ? ` in '${l.event}'` : ''} on day ${l.from_day}.`,
                ),
              ),
            ),
          )
        : null,
      d.met.length > 0
        ? el(
            'div',
            { class: 'game-debrief__section' },
            el('h3', {}, 'Events you met'),
            el(
              'ul',
              { class: 'game__bullets' },
              ...d.met.map((m) =>
                el(
                  'li',
                  {},
                  `Day ${m.day}, ${m.name}: you chose '${m.label}'.`,
                  m.resources.length > 0
                    ? el(
                        'ul',
                        { class: 'game-debrief__help', 'aria-label': `Real help for '${m.name}'` },
                        ...m.resources.map((r) =>
                          el('li', {}, 'Real help: ', el('strong', {}, r.name), `: ${r.contact}`),
                        ),
                      )
                    : null,
                ),
              ),
            ),
          )
        : null,
      fitness
        ? el(
            'div',
            { class: 'game-debrief__fitness' },
            el('h3', { id: 'game-fitness' }, 'How you rated yourself'),
            el(
              'p',
              { class: 'game__hint' },
              'Your own answers to the questionnaire before and after this run, by domain (0–100). They show how you saw yourself each time, minutes apart: not a measurement of your fitness.',
            ),
            el(
              'table',
              { class: 'cds--data-table cds--data-table--sm', 'aria-labelledby': 'game-fitness' },
              el(
                'thead',
                {},
                el(
                  'tr',
                  {},
                  el('th', { scope: 'col' }, 'Domain'),
                  el('th', { scope: 'col' }, 'Before'),
                  el('th', { scope: 'col' }, 'After'),
                  el('th', { scope: 'col' }, 'Change'),
                ),
              ),
              el(
                'tbody',
                {},
                ...fitness.domains.map((f) =>
                  el(
                    'tr',
                    {},
                    el('th', { scope: 'row' }, f.name),
                    el('td', {}, f.before === null ? '–' : String(f.before)),
                    el('td', {}, f.after === null ? '–' : String(f.after)),
                    el('td', {}, f.before === null || f.after === null ? '–' : signedScore(f.after - f.before)),
                  ),
                ),
              ),
            ),
          )
        : null,
    ],
  };
}

function signedScore(n: number): string {
  const r = Math.round(n * 10) / 10;
  return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : '0';
}
