/**
 * 'Game controls': the accessible mirror of every screen (Section 508). Real
 * buttons and radio groups for keyboard and screen-reader users, the state as
 * text, and an aria-live announcement of each change.
 */
import { visibleObjectives } from '@airman/engine/game-state.ts';
import type { GameController, Screen } from './controller.ts';
import { describeEffects } from './describe.ts';
import { formatDueDate } from '@airman/contracts/due-date.ts';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function button(label: string, onClick: () => void, disabledReason?: string): HTMLButtonElement {
  const b = el('button', { type: 'button', className: 'game-controls__button' }, label);
  if (disabledReason) {
    // aria-disabled keeps it focusable, so the reason can be read.
    b.setAttribute('aria-disabled', 'true');
    b.append(el('span', { className: 'game-controls__reason' }, ` — ${disabledReason}`));
  } else {
    b.addEventListener('click', onClick);
  }
  return b;
}

export function mountControls(container: HTMLElement, controller: GameController): () => void {
  const region = el('section', { className: 'game-controls' });
  region.setAttribute('aria-label', 'Game controls');
  const live = el('p', { className: 'game-controls__live' });
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('role', 'status');
  const body = el('div');
  region.append(body, live);
  container.append(region);

  const render = (screen: Screen, announcement: string) => {
    body.replaceChildren(...view(screen, controller));
    if (announcement) live.textContent = announcement;
  };
  const unsubscribe = controller.subscribe(render);
  return () => {
    unsubscribe();
    region.remove();
  };
}

function view(screen: Screen, c: GameController): Node[] {
  switch (screen.kind) {
    case 'loading':
      return [el('p', {}, screen.message)];
    case 'error':
      return [el('p', { className: 'game-controls__error' }, screen.message), button('Back to my training', () => void c.loadList())];
    case 'list':
      return [
        el('h2', {}, 'Your training'),
        screen.assignments.length === 0
          ? el('p', {}, 'No modules are assigned to you.')
          : el(
              'ul',
              {},
              ...screen.assignments.map((a) =>
                el(
                  'li',
                  {},
                  el('span', {}, `${a.title}: ${a.status}${a.due_at > 0 ? `, due ${formatDueDate(a.due_at)}` : ''}. `),
                  button(`Play ${a.title}`, () => void c.open(a)),
                ),
              ),
            ),
      ];
    case 'questionnaire': {
      const q = screen.questionnaire;
      const complete = q.items.every((i) => screen.answers[i.id] !== undefined);
      return [
        el('h2', {}, `${q.title} (${screen.phase === 'before' ? 'before' : 'after'} the run)`),
        el('p', {}, q.instructions),
        ...q.items.map((item) => {
          const fs = el('fieldset', { className: 'game-controls__item' }, el('legend', {}, item.text));
          for (const option of q.scale) {
            const id = `q-${screen.phase}-${item.id}-${option.value}`;
            const input = el('input', { type: 'radio', name: `q-${screen.phase}-${item.id}`, id, value: String(option.value), checked: screen.answers[item.id] === option.value });
            input.addEventListener('change', () => c.answer(item.id, option.value));
            fs.append(el('span', { className: 'game-controls__option' }, input, el('label', { htmlFor: id }, option.label)));
          }
          return fs;
        }),
        button('Continue', () => void c.submitQuestionnaire(), complete ? undefined : 'answer every statement first'),
      ];
    }
    case 'play': {
      const s = screen.state;
      const inventory = Object.entries(s.inventory).map(([item, n]) => (n > 1 ? `${item} ×${n}` : item));
      const ranges = s.module.healthy_range ?? {};
      const gauges = Object.entries(s.gauges).map(([g, v]) => {
        const range = ranges[g];
        return range ? `${g} ${v} (healthy ${range[0]}–${range[1]}${v < range[0] ? ', low' : v > range[1] ? ', high' : ''})` : `${g} ${v}`;
      });
      const event = screen.event;
      const moves = event
        ? [
            el('h3', {}, `Event: ${event.name}`),
            el('p', {}, event.text),
            el(
              'ul',
              { className: 'game-controls__actions' },
              ...event.choices.map((choice) => {
                const effects = s.module.events?.[s.pendingEvent]?.choices[choice.index];
                return el('li', {}, button(`${choice.label} (${effects ? describeEffects(effects) : ''})`, () => c.command({ choose: choice.index }), choice.ok ? undefined : choice.reason));
              }),
            ),
          ]
        : [
            el('h3', {}, 'Actions'),
            el(
              'ul',
              { className: 'game-controls__actions' },
              ...screen.actions.map((a) => {
                const action = s.module.actions.find((x) => x.name === a.action);
                const cooldown = action?.set_cooldown ? `; cooldown ${action.set_cooldown} day${action.set_cooldown === 1 ? '' : 's'}` : '';
                const effects = action ? ` (${describeEffects(action)}${cooldown})` : '';
                return el('li', {}, button(`${a.action}${effects}`, () => c.command({ action: a.action }), a.ok ? undefined : a.reason));
              }),
            ),
            button('End Day', () => c.command({ end_day: true })),
          ];
      return [
        el('h2', {}, screen.title),
        el('p', {}, `Day ${s.day} of ${s.module.days}. ${s.tokens} time tokens left. Score so far: ${screen.points} points.`),
        el('p', {}, `Gauges: ${gauges.join(', ')}.`),
        el('p', {}, `Objectives: ${visibleObjectives(s).map((o) => `${o.name} (${o.status === 'complete' ? 'done' : o.status === 'active' ? 'to do' : 'not started'})`).join(', ') || 'none'}.`),
        el('p', {}, `Inventory: ${inventory.join(', ') || 'empty'}.`),
        ...moves,
        screen.confirmQuit
          ? el('div', { className: 'game-controls__confirm' }, el('p', {}, 'Quit this run? Your progress in it will be lost.'), button('Yes, quit', () => void c.quit()), button('Keep playing', () => c.askQuit(false)))
          : button('Quit', () => c.askQuit(true)),
      ];
    }
    case 'outcome':
      return [
        el('h2', {}, `${screen.title}: ${screen.outcome === 'complete' ? 'Complete' : 'Failed'}`),
        el('p', {}, screen.outcome === 'complete' ? `${screen.score.stars} of 3 stars, ${screen.score.points} points.` : `${screen.score.points} points.`),
        el('p', {}, `Final gauges: ${Object.entries(screen.state.gauges).map(([g, v]) => `${g} ${v}`).join(', ')}.`),
        button('Back to my training', () => void c.loadList()),
      ];
  }
}
