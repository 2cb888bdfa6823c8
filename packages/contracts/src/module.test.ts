import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_RECORD, moduleSchema } from './module.ts';

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
