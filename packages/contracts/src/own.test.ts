import { describe, expect, it } from 'vitest';
import { nullRecord, own } from './own.ts';
import { domainScores, unansweredItems } from './questionnaire-score.ts';
import { questionnaireSchema } from './questionnaire.ts';
import { makeItem, makeQuestionnaire } from './test-questionnaire.ts';

const MEMBERS = Object.getOwnPropertyNames(Object.prototype);

describe('records keyed by an author’s names', () => {
  it('never reads a member of Object.prototype as a value', () => {
    for (const name of MEMBERS) {
      expect(own({}, name), name).toBeUndefined();
      expect(own(JSON.parse(`{"${name}": 3}`) as Record<string, number>, name), name).toBe(3);
    }
  });

  it("keeps '__proto__' as a key of a null-prototype record", () => {
    const record = nullRecord<number>();
    record['__proto__'] = 4;
    expect(Object.keys(record)).toEqual(['__proto__']);
    expect(own(record, '__proto__')).toBe(4);
  });

  const questionnaire = makeQuestionnaire({
    scale: [
      { value: 1, label: 'Low' },
      { value: 3, label: 'High' },
    ],
    domains: [
      { id: 'constructor', name: 'Mind' },
      { id: '__proto__', name: 'Body' },
    ],
    items: [
      makeItem('valueOf', 'One?', { domain: 'constructor' }),
      makeItem('toString', 'Two?', { domain: '__proto__', reverse: true }),
    ],
  });

  it('counts an item named after a member unanswered until it is answered', () => {
    expect(unansweredItems(questionnaire, {}).map((i) => i.id)).toEqual(['valueOf', 'toString']);
    expect(unansweredItems(questionnaire, { toString: 1 }).map((i) => i.id)).toEqual(['valueOf']);
  });

  it('scores domains named after members, an unanswered one as null', () => {
    const scores = domainScores(questionnaire, { toString: 1 });
    expect(Object.keys(scores)).toEqual(['constructor', '__proto__']);
    expect([own(scores, 'constructor'), own(scores, '__proto__')]).toEqual([null, 100]);
  });

  it("refuses '__proto__' as an item id, which no answer could name", () => {
    const parsed = questionnaireSchema.safeParse({
      ...questionnaire,
      items: [makeItem('__proto__', 'One?', { domain: 'constructor' })],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      "items.0.id: '__proto__' cannot be an item id",
    ]);
  });
});
