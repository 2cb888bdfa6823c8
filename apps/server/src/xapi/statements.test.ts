import { describe, expect, it } from 'vitest';
import { cafQuestionnaire } from '#seed/caf-questionnaire.ts';
import { isoDuration, registration, StatementBuilder, statementId } from './statements.ts';
import { uuidV5 } from './uuid-v5.ts';

describe('xAPI statement parts', () => {
  it('makes RFC 9562 version 5 UUIDs', () => {
    // The RFC's own example: the DNS namespace and www.example.com.
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('gives a run one id per verb (and per questionnaire set), the same every time', () => {
    const ids = [
      statementId('run-1', 'launched'),
      statementId('run-1', 'initialized'),
      statementId('run-1', 'answered', 'before'),
      statementId('run-1', 'answered', 'after'),
      statementId('run-2', 'launched'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(statementId('run-1', 'launched')).toBe(ids[0]);
    expect(registration('u', 'm')).toBe(registration('u', 'm'));
    expect(registration('u', 'm')).not.toBe(registration('u', 'n'));
  });

  it('writes durations as ISO 8601 to the hundredth of a second', () => {
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(1_234)).toBe('PT1.23S');
    expect(isoDuration(17 * 60_000 + 34_370)).toBe('PT17M34.37S');
    expect(isoDuration(3_600_000 + 5_000)).toBe('PT1H0M5S');
  });

  it("states a follow-up's answers once per completion, in the assignment's registration", () => {
    const xapi = new StatementBuilder('https://train.example.mil');
    const answers = Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, 3]));
    const facts = { user_id: 'u', module_id: 'm', completed_at: 1_000, answered_at: Date.UTC(2026, 0, 2), answers };
    const s = xapi.followupAnswered(facts, cafQuestionnaire);
    expect(s).toMatchObject({
      actor: { account: { homePage: 'https://train.example.mil', name: 'u' } },
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
      object: { id: 'https://train.example.mil/xapi/modules/m/questionnaire/followup' },
      result: { completion: true },
      context: { registration: registration('u', 'm') },
      timestamp: '2026-01-02T00:00:00.000Z',
    });
    expect(xapi.followupAnswered(facts, cafQuestionnaire).id).toBe(s.id);
    expect(xapi.followupAnswered({ ...facts, completed_at: 2_000 }, cafQuestionnaire).id).not.toBe(s.id);
    expect(s.id).not.toBe(statementId('u', 'answered', 'after'));
  });
});
