import { describe, expect, it } from 'vitest';
import { GAME_LOG_MAX, MODULE_MAX_DAYS } from '@airman/contracts/constants.ts';
import { gameLogSchema } from '@airman/contracts/game.ts';
import { largestModule, longestLog } from './largest-module.ts';
import { replay } from './replay.ts';
import { maxPoints, score } from './score.ts';
import { validateStructure } from './validate.ts';

/** The score columns' type: PostgreSQL's integer. */
const INT4_MAX = 2 ** 31 - 1;

describe('the largest module the caps allow', () => {
  const module = largestModule();
  const { log, state } = longestLog(module, 1);

  it('is a module that saves', () => {
    expect(validateStructure(module).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('is played to its last day in a log the game contract takes, and replays to the same end', () => {
    expect(state.day).toBe(MODULE_MAX_DAYS);
    expect(state.outcome).toBe('complete');
    expect(log.length).toBeLessThanOrEqual(GAME_LOG_MAX);
    expect(gameLogSchema.safeParse(log).success).toBe(true);
    const replayed = replay(module, 1, log);
    expect(replayed.ok && score(replayed.state)).toEqual(score(state));
  });

  it('scores at most what a score column holds', () => {
    expect(maxPoints(module)).toBeLessThanOrEqual(INT4_MAX);
    expect(score(state).points).toBe(maxPoints(module));
  });
});
