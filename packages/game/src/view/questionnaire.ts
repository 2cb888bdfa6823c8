/**
 * The questionnaire screen: one radio group per statement, the count answered and Continue,
 * which says why it waits while a statement is unanswered. An answer patches the count and
 * Continue in place, so focus stays on the radio button chosen.
 */
import { own } from '@airman/contracts/own.ts';
import { unansweredItems } from '@airman/contracts/questionnaire-score.ts';
import type { GameController } from '../controller.ts';
import { el } from '../dom.ts';
import type { Nodes, ScreenOf, ViewParts } from './parts.ts';

type QuestionnaireScreen = ScreenOf<'questionnaire'>;

export interface DrawnQuestionnaire {
  nodes: Nodes;
  /** Brings the count and Continue up to date with the answers of the same phase. */
  patch(screen: QuestionnaireScreen): void;
}

export function questionnaireScreen(
  screen: QuestionnaireScreen,
  controller: GameController,
  { announce, heading, button }: ViewParts,
): DrawnQuestionnaire {
  const q = screen.questionnaire;
  const progress = el('p', { class: 'game-questionnaire__progress' });
  const reason = el('span', { class: 'game__reason' });
  /** Each statement's first option: where focus goes when Continue finds it unanswered. */
  const firstOption = new Map<string, HTMLInputElement>();
  const next = button(
    el('span', {}, 'Continue', reason),
    'continue',
    () => {
      const current = controller.current;
      if (current.kind !== 'questionnaire') return;
      const [missing] = unansweredItems(q, current.answers);
      if (!missing) {
        void controller.submitQuestionnaire();
        return;
      }
      announce('Answer every statement first.');
      firstOption.get(missing.id)?.focus();
    },
    { kind: 'primary' },
  );
  const groups = q.items.map((item, n) => {
    const name = `q-${screen.phase}-${item.id}`;
    const options = q.scale.map((option) => {
      const id = `${name}-${option.value}`;
      const input = el('input', {
        class: 'cds--radio-button',
        type: 'radio',
        name,
        id,
        value: option.value,
        'data-key': `q:${item.id}:${option.value}`,
      });
      input.checked = own(screen.answers, item.id) === option.value;
      input.addEventListener('change', () => controller.answer(item.id, option.value));
      if (!firstOption.has(item.id)) firstOption.set(item.id, input);
      return el(
        'div',
        { class: 'cds--radio-button-wrapper' },
        input,
        el(
          'label',
          { for: id, class: 'cds--radio-button__label' },
          el('span', { class: 'cds--radio-button__appearance' }),
          el('span', { class: 'cds--radio-button__label-text' }, option.label),
        ),
      );
    });
    return el(
      'fieldset',
      { class: 'cds--fieldset game-question' },
      el('legend', { class: 'cds--label game-question__legend' }, `${n + 1}. ${item.text}`),
      el('div', { class: 'cds--radio-button-group game-question__options' }, ...options),
    );
  });

  const patch = (current: QuestionnaireScreen): void => {
    const total = current.questionnaire.items.length;
    const answered = total - unansweredItems(current.questionnaire, current.answers).length;
    progress.textContent = `${answered} of ${total} answered.`;
    const complete = answered === total;
    if (complete) next.removeAttribute('aria-disabled');
    else next.setAttribute('aria-disabled', 'true');
    reason.textContent = complete ? '' : ` (answer every statement first: ${total - answered} left)`;
  };
  patch(screen);
  return {
    nodes: [
      heading(`${q.title} (${screen.phase === 'before' ? 'before' : 'after'} the run)`),
      el('p', {}, q.instructions),
      el('p', { class: 'game__hint' }, 'Tab moves from statement to statement; the arrow keys choose an answer.'),
      ...groups,
      progress,
      el('div', { class: 'game__buttons' }, next),
    ],
    patch,
  };
}
