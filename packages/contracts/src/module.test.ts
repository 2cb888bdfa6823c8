import { describe, expect, it } from 'vitest';
import { SCHEMA_MESSAGES } from './module-messages.ts';
import { blankAction, DEFAULT_GAME_RECORD, moduleSchema, type Module } from './module.ts';

describe('module schema', () => {
  it("refuses a gauge named '__proto__' instead of dropping it without a word", () => {
    // JSON.parse makes '__proto__' an own key, as a module's JSON does when it reaches the server.
    const gauges = JSON.parse('{"__proto__": 50, "Mental": 50}') as Record<string, number>;
    const result = moduleSchema.safeParse({ ...DEFAULT_GAME_RECORD, starting_gauges: gauges });
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'starting_gauges.__proto__: “__proto__” cannot be a gauge name: choose another.',
    ]);
  });

  it('keeps gauges named after other properties of JavaScript objects', () => {
    const gauges = { constructor: 10, toString: 20, hasOwnProperty: 30 };
    expect(moduleSchema.parse({ ...DEFAULT_GAME_RECORD, starting_gauges: gauges }).starting_gauges).toEqual(gauges);
  });
});

/** A module with one of everything, every optional field given. */
const full: Module = {
  ...DEFAULT_GAME_RECORD,
  game_title: 'Full',
  days: 5,
  daily_time_tokens: 4,
  starting_gauges: { energy: 50 },
  daily_change: { energy: -5 },
  healthy_range: { energy: [40, 80] },
  lessons: { energy: { low: 'Rest more.', high: 'Do more.' } },
  objectives: [{ name: 'Win', active: true, hidden: false }],
  actions: [
    {
      ...blankAction('Run'),
      results: { energy: -3 },
      next_day_tokens: 1,
      later: [{ in_days: 1, results: { energy: 2 }, next_day_tokens: 1, text: 'Fitter.' }],
    },
  ],
  events: [
    {
      name: 'Storm',
      text: 'Rain.',
      days: [1, 2],
      chance: 50,
      required_objectives: ['Win'],
      choices: [
        {
          label: 'Stay in',
          results: { energy: 1 },
          token_cost: 1,
          changes_inventory: { add: ['Tea'], remove: [] },
          changes_objectives: { add: [], remove: ['Win'] },
          next_day_tokens: 0,
          later: [{ in_days: 1, text: 'Rested.' }],
        },
      ],
      resources: [{ name: 'Chaplain', contact: '555-0100' }],
    },
  ],
  scoring: { objective_points: 10, range_day_points: 1, stars: [10, 20] },
};

/** Every path to a value of `value`, objects and arrays included. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  const inside = Array.isArray(value)
    ? value.flatMap((v, i) => paths(v, [...at, i]))
    : Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]));
  return [at, ...inside];
}

/** `value` with `replacement` at `path` (undefined: the field removed). */
function replaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((v, i) => (i === step ? replaced(v, rest, replacement) : v));
  const entries = Object.entries(value as object).map(([k, v]) => [k, k === step ? replaced(v, rest, replacement) : v]);
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

describe("the module schema's messages", () => {
  const templates = Object.values(SCHEMA_MESSAGES).map(
    (t) => new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`),
  );

  it('are all plain templates of module-messages.ts, whatever is wrong wherever', () => {
    expect(moduleSchema.safeParse(full).success).toBe(true);
    const bad = [undefined, null, '', ' ', 'x'.repeat(6000), -1.5, -1e9, 1e15, true, [], [1, 2, 3], {}, { extra: 1 }];
    const messages = new Set<string>();
    for (const path of paths(full)) {
      for (const value of bad) {
        const result = moduleSchema.safeParse(replaced(full, path, value));
        for (const issue of result.error?.issues ?? []) messages.add(issue.message);
      }
    }
    expect(messages.size).toBeGreaterThan(10);
    expect([...messages].filter((m) => !templates.some((t) => t.test(m)))).toEqual([]);
  });
});
