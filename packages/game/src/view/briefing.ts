/** The briefing screen: the module's goals, how a day works, how a run is lost and how it is scored. */
import { isGoal } from '@airman/engine/game-state.ts';
import { objectivePoints, rangeDayPoints, starThresholds } from '@airman/engine/score.ts';
import type { GameController } from '../controller.ts';
import { gaugeLabel, resultWords } from '../describe.ts';
import { el } from '../dom.ts';
import { bestWords } from '../training-list.ts';
import type { Nodes, ScreenOf, ViewParts } from './parts.ts';

export function briefingScreen(
  screen: ScreenOf<'briefing'>,
  controller: GameController,
  { heading, button }: ViewParts,
): Nodes {
  const m = screen.module;
  const goals = m.objectives.filter(isGoal).map((o) => o.name);
  const ranges = Object.entries(m.healthy_range ?? {}).filter(([g]) => Object.hasOwn(m.starting_gauges, g));
  const [two, three] = starThresholds(m);
  const night = resultWords(m.daily_change);
  return [
    heading(screen.title),
    screen.best ? el('p', { class: 'game-briefing__best' }, `Your best so far: ${bestWords(screen.best)}.`) : null,
    m.game_description ? el('p', { class: 'game-briefing__lead' }, m.game_description) : null,
    el('h3', {}, 'Your goals'),
    goals.length > 0
      ? el('ul', { class: 'game__bullets' }, ...goals.map((g) => el('li', {}, g)))
      : el('p', {}, `No goals: play all ${m.days} days.`),
    el('h3', {}, 'How a day works'),
    el(
      'p',
      {},
      `${m.days} day${m.days === 1 ? '' : 's'}, ${m.daily_time_tokens} time tokens a day. Each action shows what it does and costs before you choose it; tokens left at the end of a day are lost. Some days bring an event: choose a response before you act.${night ? ` Every night: ${night}.` : ''}`,
    ),
    el('h3', {}, 'How a run is lost'),
    el(
      'ul',
      { class: 'game__bullets' },
      el('li', {}, 'A gauge that reaches 0 ends the run: Failed.'),
      goals.length > 0 ? el('li', {}, `A goal not done by the end of day ${m.days}: Failed.`) : null,
      el('li', {}, 'Objectives that appear during the run are bonuses: missing one never fails it.'),
    ),
    el('h3', {}, 'How it is scored'),
    el(
      'ul',
      { class: 'game__bullets' },
      el('li', {}, `${objectivePoints(m)} points for each objective done.`),
      ranges.length > 0
        ? el(
            'li',
            {},
            `${rangeDayPoints(m)} points for each gauge inside its healthy range at the end of a day (${ranges.map(([g, [lo, hi]]) => `${gaugeLabel(g)} ${lo}–${hi}`).join(', ')}).`,
          )
        : null,
      el('li', {}, `A completed run earns 1 star, 2 stars from ${two} points, 3 stars from ${three} points.`),
    ),
    el(
      'div',
      { class: 'game__buttons' },
      button(
        screen.hasQuestionnaire ? 'Continue to the questionnaire' : 'Start day 1',
        'begin',
        () => controller.begin(),
        { kind: 'primary' },
      ),
      button('Back to my training', 'back', () => void controller.loadList(), { kind: 'ghost' }),
    ),
  ];
}
