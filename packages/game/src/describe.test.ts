import { describe, expect, it } from 'vitest';
import { start } from '@airman/engine/game-state.ts';
import { apply } from '@airman/engine/rules.ts';
import { tinyModule } from '@airman/engine/test-modules.ts';
import { describeChanges, describeEffects, type MoveEffects } from './describe.ts';

describe('what a move does, in words', () => {
  it('says what comes back later and when, before the choice', () => {
    expect(
      describeEffects({
        token_cost: 1,
        results: { physical: -3 },
        later: [
          { in_days: 1, results: { physical: -6, mental: -3 }, text: 'Running on empty.' },
          { in_days: 3, next_day_tokens: -2, text: 'You owe a Saturday.' },
        ],
      }),
    ).toBe('−3 Physical · 1 token · later: −6 Physical −3 Mental tomorrow · later: −2 tokens in 3 days');
  });

  it('shows gauges, cost and cooldown before the choice, as the player reads them', () => {
    expect(describeEffects({ results: { physical: 8, social: -2, mental: 0 }, token_cost: 2, set_cooldown: 1 })).toBe(
      '+8 Physical −2 Social · 2 tokens · once a day',
    );
    expect(describeEffects({ token_cost: 1, set_cooldown: 7 })).toBe('1 token · once a week');
    expect(describeEffects({ token_cost: 0, set_cooldown: 3, next_day_tokens: -3 })).toBe(
      'no time · once every 3 days · tomorrow −3 tokens',
    );
    expect(describeEffects({ token_cost: 1, next_day_tokens: 1 })).toBe('1 token · tomorrow +1 token');
    expect(
      describeEffects({
        token_cost: 3,
        changes_inventory: { add: ['Badge'], remove: ['Plan', 'Drill', 'Drill', 'Drill'] },
        changes_objectives: { add: [], remove: ['Pass'] },
      }),
    ).toBe('3 tokens · gives Badge · uses Plan, Drill ×3 · completes Pass');
  });

  it('says when a later cost falls after the last day, and leaves out tokens tomorrow on it', () => {
    const shortcut: MoveEffects = {
      token_cost: 1,
      next_day_tokens: 2,
      later: [
        { in_days: 1, results: { physical: -6 }, text: 'Crash.' },
        { in_days: 3, results: { mental: -2 }, text: 'Again.' },
      ],
    };
    expect(describeEffects(shortcut, 3)).toBe(
      '1 token · tomorrow +2 tokens · later: −6 Physical tomorrow · later: −2 Mental in 3 days',
    );
    expect(describeEffects(shortcut, 1)).toBe(
      '1 token · tomorrow +2 tokens · later: −6 Physical tomorrow · later: −2 Mental after the last day',
    );
    expect(describeEffects(shortcut, 0)).toBe(
      '1 token · later: −6 Physical after the last day · later: −2 Mental after the last day',
    );
  });

  it('announces gauge, objective and item changes together', () => {
    const s0 = start(tinyModule, 1);
    const fetched = apply(s0, { action: 'Fetch' });
    if (!fetched.ok) throw new Error(fetched.error);
    expect(describeChanges(s0, fetched.state)).toBe('Energy −2. Gained: Parcel.');
    const delivered = apply(fetched.state, { action: 'Deliver it' });
    if (!delivered.ok) throw new Error(delivered.error);
    expect(describeChanges(fetched.state, delivered.state)).toBe('Objective done: Deliver. Used: Parcel.');
    const snooped = apply(s0, { action: 'Snoop' });
    if (!snooped.ok) throw new Error(snooped.error);
    expect(describeChanges(s0, snooped.state)).toBe('New objective: Secret.');
  });
});
