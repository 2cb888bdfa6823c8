import { describe, expect, it } from 'vitest';
import { replay } from './replay.ts';
import { solve } from './solver.ts';
import { action, tinyModule } from './test-modules.ts';

describe('solver', () => {
  it('finds a winning line that replays to Complete', () => {
    const verdict = solve(tinyModule);
    expect(verdict.winnable).toBe(true);
    if (verdict.winnable !== true) return;
    const r = replay(tinyModule, 0, verdict.line);
    expect(r.ok && r.state.outcome).toBe('complete');
  });

  it('proves a module unwinnable when an active objective can never be completed', () => {
    const m = { ...tinyModule, actions: tinyModule.actions.filter((a) => a.name !== 'Deliver it') };
    expect(solve(m)).toMatchObject({ winnable: false, reason: expect.stringContaining('Deliver') });
  });

  it('proves a module unwinnable by search when the only way costs too much', () => {
    const m = {
      ...tinyModule,
      actions: [
        action({
          name: 'Fetch',
          token_cost: 1,
          changes_inventory: { add: ['Parcel'], remove: [] },
          results: { energy: -6 },
        }),
        action({
          name: 'Deliver it',
          token_cost: 1,
          changes_inventory: { add: [], remove: ['Parcel', 'Parcel'] },
          changes_objectives: { add: [], remove: ['Deliver'] },
        }),
      ],
    };
    expect(solve(m).winnable).toBe(false);
  });

  it('answers unknown when the bound is reached', () => {
    expect(solve(tinyModule, { maxStates: 1 }).winnable).toBe('unknown');
  });
});
