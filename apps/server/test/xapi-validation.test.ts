import { describe, expect, it } from 'vitest';
import { StatementBuilder, type RunFacts } from '../src/xapi/statements.ts';
import { cafQuestionnaire } from '../src/seed/caf-questionnaire.ts';
import { statementErrors, supportedVersion } from './xapi-validation.ts';

const valid = () => ({
  id: 'f9b5e1f8-1c0e-4b0a-9d55-1a2b3c4d5e6f',
  actor: { objectType: 'Agent', account: { homePage: 'https://train.example.mil', name: 'u-1' } },
  verb: { id: 'http://adlnet.gov/expapi/verbs/passed', display: { 'en-US': 'passed' } },
  object: {
    objectType: 'Activity',
    id: 'https://train.example.mil/xapi/modules/m-1',
    definition: { type: 'http://adlnet.gov/expapi/activities/simulation', name: { 'en-US': 'Module' } },
  },
  result: { score: { raw: 40, min: 0, max: 200, scaled: 0.2 }, success: true, completion: true, duration: 'PT10M3.5S' },
  context: {
    registration: '0b0c1b4e-8f6a-5d2b-9c3e-4f5a6b7c8d9e',
    platform: 'Ready Airman Training',
    language: 'en-US',
  },
  timestamp: '2026-03-01T10:00:00.000Z',
});

type Statement = ReturnType<typeof valid> & Record<string, unknown>;

/** The statement with one change made. */
function changed(change: (s: Statement) => void): Statement {
  const s = valid() as Statement;
  change(s);
  return s;
}

describe('statementErrors', () => {
  it('finds nothing wrong with a valid statement', () => {
    expect(statementErrors(valid())).toEqual([]);
  });

  it('finds nothing wrong with any statement the product builds', () => {
    const facts: RunFacts = {
      run_id: 'run-1',
      user_id: 'user-1',
      module_id: 'ready-airman',
      module_title: 'Ready Airman Training',
      status: 'complete',
      started_at: Date.UTC(2026, 2, 1, 9),
      finished_at: Date.UTC(2026, 2, 1, 9, 42, 7, 120),
      score_points: 120,
      max_points: 150,
      answers_before: Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, 2])),
      answers_after: Object.fromEntries(cafQuestionnaire.items.map((i) => [i.id, 4])),
    };
    const builder = new StatementBuilder('https://train.example.mil');
    const statements = [
      ...builder.all(facts, cafQuestionnaire),
      ...builder.all({ ...facts, status: 'failed', score_points: 0 }, cafQuestionnaire),
      ...builder.all({ ...facts, status: 'quit' }, null),
    ];
    expect(statements.length).toBe(17);
    for (const s of statements) expect(statementErrors(JSON.parse(JSON.stringify(s)))).toEqual([]);
  });

  it.each<[string, (s: Statement) => void, string]>([
    ['an id that is not a UUID', (s) => (s.id = 'run-1/passed'), 'id: must be a UUID'],
    ['a property xAPI does not define', (s) => (s.score = 3), 'score: is not a property xAPI defines here'],
    ['no actor', (s) => delete (s as Partial<Statement>).actor, 'actor: is required'],
    [
      'an agent without an identifier',
      (s) => (s.actor = { objectType: 'Agent' } as Statement['actor']),
      'actor: an Agent has exactly one of mbox, mbox_sha1sum, openid, account (it has 0)',
    ],
    [
      'an agent with two identifiers',
      (s) => Object.assign(s.actor, { mbox: 'mailto:a@example.mil' }),
      'actor: an Agent has exactly one of mbox, mbox_sha1sum, openid, account (it has 2)',
    ],
    [
      'an mbox that is not a mailto: IRI',
      (s) => (s.actor = { objectType: 'Agent', mbox: 'a@example.mil' } as unknown as Statement['actor']),
      'actor.mbox: must be a mailto: IRI of one address',
    ],
    [
      'an account home page that is no IRL',
      (s) => (s.actor.account.homePage = 'train'),
      'actor.account.homePage: must be an http(s) IRL',
    ],
    ['an account without a name', (s) => (s.actor.account.name = ''), 'actor.account.name: must not be empty'],
    ['a verb id that is no IRI', (s) => (s.verb.id = 'passed'), 'verb.id: must be an absolute IRI'],
    [
      'a display that is no language map',
      (s) => ((s.verb as Record<string, unknown>).display = 'passed'),
      'verb.display: must be a language map',
    ],
    [
      'a display in no language',
      (s) => (s.verb.display = { 'en US': 'passed' } as unknown as Statement['verb']['display']),
      'verb.display.en US: is not an RFC 5646 language tag',
    ],
    ['an activity id that is no IRI', (s) => (s.object.id = 'module 1'), 'object.id: must be an absolute IRI'],
    [
      'a definition property xAPI does not define',
      (s) => ((s.object.definition as Record<string, unknown>).title = 'Module'),
      'object.definition.title: is not a property xAPI defines here',
    ],
    ['a scaled score above 1', (s) => (s.result.score.scaled = 1.5), 'result.score.scaled: must be within -1 and 1'],
    ['a scaled score below -1', (s) => (s.result.score.scaled = -1.01), 'result.score.scaled: must be within -1 and 1'],
    ['a raw score above max', (s) => (s.result.score.raw = 201), 'result.score.raw: must not be above max'],
    ['a raw score below min', (s) => (s.result.score.raw = -1), 'result.score.raw: must not be below min'],
    ['min not below max', (s) => (s.result.score.min = 200), 'result.score.min: must be below max'],
    [
      'a success that is not a boolean',
      (s) => ((s.result as Record<string, unknown>).success = 'yes'),
      'result.success: must be true or false',
    ],
    [
      'a completion that is not a boolean',
      (s) => ((s.result as Record<string, unknown>).completion = 1),
      'result.completion: must be true or false',
    ],
    [
      'a duration in seconds',
      (s) => (s.result.duration = '603.5'),
      'result.duration: must be an ISO 8601 duration (PT1H2M3.45S)',
    ],
    [
      'an empty duration',
      (s) => (s.result.duration = 'PT'),
      'result.duration: must be an ISO 8601 duration (PT1H2M3.45S)',
    ],
    [
      'a registration that is not a UUID',
      (s) => (s.context.registration = 'assignment-1'),
      'context.registration: must be a UUID',
    ],
    [
      'a language that is no tag',
      (s) => (s.context.language = 'English!'),
      'context.language: must be an RFC 5646 language tag',
    ],
    [
      'a timestamp that is no date',
      (s) => (s.timestamp = '1 March 2026'),
      'timestamp: must be an ISO 8601 date and time (2026-01-31T12:00:00.000Z)',
    ],
    [
      'a timestamp on a day that does not exist',
      (s) => (s.timestamp = '2026-02-30T10:00:00Z'),
      'timestamp: must be an ISO 8601 date and time (2026-01-31T12:00:00.000Z)',
    ],
    [
      'a timestamp with an unknown offset',
      (s) => (s.timestamp = '2026-03-01T10:00:00-00:00'),
      'timestamp: must not have the offset -00:00',
    ],
    ['a version that is not 1.0.x', (s) => (s.version = '2.0.0'), 'version: must be 1.0.x'],
    [
      'a platform about an agent',
      (s) => ((s as Record<string, unknown>).object = { objectType: 'Agent', mbox: 'mailto:b@example.mil' }),
      'context.platform: is only for a statement about an Activity',
    ],
    [
      'a voiding statement about an activity',
      (s) => (s.verb.id = 'http://adlnet.gov/expapi/verbs/voided'),
      'object: a voiding statement is about a StatementRef',
    ],
  ])('refuses %s', (_what, change, error) => {
    expect(statementErrors(changed(change))).toContain(error);
  });

  it('takes the other kinds of objects and actors xAPI defines', () => {
    const group = {
      objectType: 'Group',
      member: [{ mbox_sha1sum: 'a'.repeat(40) }, { openid: 'https://id.example.mil/u/2' }],
    };
    const statement = changed((s) => {
      (s as Record<string, unknown>).actor = group;
      (s as Record<string, unknown>).object = {
        objectType: 'SubStatement',
        actor: { mbox: 'mailto:c@example.mil' },
        verb: { id: 'http://adlnet.gov/expapi/verbs/attempted' },
        object: { id: 'https://train.example.mil/xapi/modules/m-1' },
      };
      s.context = { registration: s.context.registration } as Statement['context'];
    });
    expect(statementErrors(statement)).toEqual([]);
    const ref = changed((s) => {
      s.verb.id = 'http://adlnet.gov/expapi/verbs/voided';
      (s as Record<string, unknown>).object = { objectType: 'StatementRef', id: valid().id };
      delete (s as Partial<Statement>).context;
      delete (s as Partial<Statement>).result;
    });
    expect(statementErrors(ref)).toEqual([]);
  });

  it('refuses an anonymous group without members and a SubStatement inside another', () => {
    expect(statementErrors(changed((s) => ((s as Record<string, unknown>).actor = { objectType: 'Group' })))).toContain(
      'actor.member: must be an array of Agents',
    );
    const nested = changed((s) => {
      (s as Record<string, unknown>).object = {
        objectType: 'SubStatement',
        actor: s.actor,
        verb: s.verb,
        object: { objectType: 'SubStatement', actor: s.actor, verb: s.verb, object: { id: 'https://a.example/b' } },
      };
      delete (s as Partial<Statement>).context;
    });
    expect(statementErrors(nested)).toContain(
      'object.object.objectType: a SubStatement must not hold another SubStatement',
    );
  });

  it('refuses what is not an object', () => {
    expect(statementErrors([valid()])).toEqual(['statement: must be an object']);
    expect(statementErrors('statement')).toEqual(['statement: must be an object']);
  });
});

describe('supportedVersion', () => {
  it('takes 1.0 and 1.0.x and nothing else', () => {
    expect(['1.0', '1.0.0', '1.0.3'].map(supportedVersion)).toEqual([true, true, true]);
    expect([undefined, '', '0.95', '1.1.0', '2.0.0'].map(supportedVersion)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
