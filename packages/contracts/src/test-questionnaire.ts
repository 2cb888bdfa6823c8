/** A questionnaire for tests: each test names only the fields it is about. */
import type { Questionnaire } from './questionnaire.ts';

type Item = Questionnaire['items'][number];

/** A scale valued 1, 2, 3, … in the order of its labels. */
export function scaleOf(...labels: string[]): Questionnaire['scale'] {
  return labels.map((label, i) => ({ value: i + 1, label }));
}

/** An item of the 'mental' domain, scored forwards, unless the test says otherwise. */
export function makeItem(id: string, text: string, overrides: Partial<Item> = {}): Item {
  return { id, domain: 'mental', text, reverse: false, ...overrides };
}

/** One domain, one item, a two-point scale. */
export function makeQuestionnaire(overrides: Partial<Questionnaire> = {}): Questionnaire {
  return {
    title: 'Comprehensive Airman Fitness',
    instructions: 'Choose how much you agree with each statement.',
    scale: scaleOf('Disagree', 'Agree'),
    domains: [{ id: 'mental', name: 'Mental' }],
    items: [makeItem('m1', 'I stay calm under pressure.')],
    ...overrides,
  };
}
