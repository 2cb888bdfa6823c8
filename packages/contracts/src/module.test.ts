import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyTitle } from './module.ts';

describe('copyTitle (spec §4)', () => {
  // West of UTC, where an evening is already the next day in UTC. Node applies a
  // TZ set at run time to the dates read after it; each test file has its own process.
  beforeAll(() => {
    vi.stubEnv('TZ', 'America/Denver');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it("is '{title} Copy {date}' with the user's own calendar date (YYYY-MM-DD), not UTC's", () => {
    // 2027-01-05 20:30 in Denver (UTC-7) is 2027-01-06 03:30 UTC.
    const evening = new Date(Date.UTC(2027, 0, 6, 3, 30));
    expect(evening.getTimezoneOffset()).toBe(7 * 60);
    expect(copyTitle('Ready Airman Training', evening)).toBe('Ready Airman Training Copy 2027-01-05');
  });
});
