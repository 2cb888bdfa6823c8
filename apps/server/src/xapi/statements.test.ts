import { describe, expect, it } from 'vitest';
import { isoDuration, registration, statementId } from './statements.ts';
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
});
