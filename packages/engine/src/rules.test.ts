import { describe, expect, it } from 'vitest';
import { start, visibleObjectives, type GameState } from './game-state.ts';
import { apply, available } from './rules.ts';
import { tinyModule } from './test-modules.ts';

function play(state: GameState, ...commands: ({ action: string } | { end_day: true })[]): GameState {
  return commands.reduce((s, c) => {
    const r = apply(s, c);
    if (!r.ok) throw new Error(r.error);
    return r.state;
  }, state);
}

const reasons = (s: GameState) => Object.fromEntries(available(s).map((a) => [a.action, a.reason ?? 'ok']));

describe('rules', () => {
  it('starts on day 1 with full tokens, starting gauges and the active objectives', () => {
    const s = start(tinyModule, 1);
    expect([s.day, s.tokens, s.gauges, s.outcome]).toEqual([1, 3, { energy: 10 }, 'in_progress']);
    expect(visibleObjectives(s)).toEqual([{ name: 'Deliver', status: 'active' }]);
  });

  it('says why each action is not on offer', () => {
    const s = start(tinyModule, 1);
    expect(reasons(s)).toMatchObject({ 'Deliver it': 'Requires item: Parcel', Closed: 'Disabled', Fetch: 'ok' });
    const after = play(s, { action: 'Fetch' });
    expect(reasons(after)).toMatchObject({ Fetch: 'Cooling down (1 day left)', 'Deliver it': 'ok' });
    const broke = play(after, { action: 'Rest' });
    expect(reasons(broke)).toMatchObject({ 'Deliver it': 'Not enough time tokens (needs 2, 1 left)' });
  });

  it('spends tokens, changes gauges within 0–100, and moves items and objectives', () => {
    const s = play(start(tinyModule, 1), { action: 'Fetch' }, { action: 'Deliver it' });
    expect(s.tokens).toBe(0);
    expect(s.gauges.energy).toBe(8);
    expect(s.inventory).toEqual({});
    expect(s.objectives.Deliver).toBe('complete');
    const rested = play(start({ ...tinyModule, daily_time_tokens: 30 }, 1), ...Array.from({ length: 25 }, () => ({ action: 'Rest' })));
    expect(rested.gauges.energy).toBe(100);
  });

  it('reveals a hidden objective when an action activates it', () => {
    const s = play(start(tinyModule, 1), { action: 'Snoop' });
    expect(visibleObjectives(s)).toContainEqual({ name: 'Secret', status: 'active' });
  });

  it('refreshes tokens and counts cooldowns down at the end of a day', () => {
    const s = play(start(tinyModule, 1), { action: 'Fetch' }, { end_day: true });
    expect([s.day, s.tokens, s.cooldowns]).toEqual([2, 3, {}]);
  });

  it('fails the run as soon as a gauge reaches 0', () => {
    const s = play(start(tinyModule, 1), { action: 'Overwork' }, { action: 'Overwork' });
    expect(s.gauges.energy).toBe(0);
    expect(s.outcome).toBe('failed');
    expect(apply(s, { end_day: true })).toEqual({ ok: false, error: 'The run is over' });
  });

  it('is Complete after the last day when no visible objective is active, Failed otherwise', () => {
    const won = play(start(tinyModule, 1), { action: 'Fetch' }, { action: 'Deliver it' }, { end_day: true }, { end_day: true });
    expect(won.outcome).toBe('complete');
    const idle = play(start(tinyModule, 1), { end_day: true }, { end_day: true });
    expect(idle.outcome).toBe('failed');
    const nosy = play(start(tinyModule, 1), { action: 'Fetch' }, { action: 'Deliver it' }, { end_day: true }, { action: 'Snoop' }, { end_day: true });
    expect(nosy.outcome).toBe('failed');
  });

  it('refuses unknown and unavailable actions without changing the state', () => {
    const s = start(tinyModule, 1);
    expect(apply(s, { action: 'Fly' })).toEqual({ ok: false, error: "No action named 'Fly'" });
    expect(apply(s, { action: 'Closed' })).toEqual({ ok: false, error: 'Closed: Disabled' });
    expect(s).toEqual(start(tinyModule, 1));
  });
});
