import { describe, expect, it } from 'vitest';
import { DAY_MAX_ACTIONS } from '@airman/contracts/constants.ts';
import { pendingEvent, start, visibleObjectives, type GameState } from './game-state.ts';
import { apply, available } from './rules.ts';
import { score } from './score.ts';
import { eventfulModule, play, tinyModule } from './test-modules.ts';

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
    const rested = play(
      start({ ...tinyModule, daily_time_tokens: 30, starting_gauges: { energy: 50 } }, 1),
      ...Array.from({ length: DAY_MAX_ACTIONS }, () => ({ action: 'Rest' })),
    );
    expect(rested.gauges.energy).toBe(100);
  });

  it(`refuses an action beyond ${DAY_MAX_ACTIONS} in a day, and takes it again the next day`, () => {
    const module = { ...tinyModule, daily_time_tokens: 1000, starting_gauges: { energy: 50 } };
    const full = play(start(module, 1), ...Array.from({ length: DAY_MAX_ACTIONS }, () => ({ action: 'Rest' })));
    const error = `No more actions today (${DAY_MAX_ACTIONS} a day): end the day`;
    expect(apply(full, { action: 'Rest' })).toEqual({ ok: false, error: `Rest: ${error}` });
    expect(available(full).find((a) => a.action === 'Rest')).toEqual({ action: 'Rest', ok: false, reason: error });
    expect(apply(play(full, { end_day: true }), { action: 'Rest' }).ok).toBe(true);
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

  it('is Complete after the last day when every goal is done, Failed otherwise', () => {
    const won = play(
      start(tinyModule, 1),
      { action: 'Fetch' },
      { action: 'Deliver it' },
      { end_day: true },
      { end_day: true },
    );
    expect(won.outcome).toBe('complete');
    const idle = play(start(tinyModule, 1), { end_day: true }, { end_day: true });
    expect(idle.outcome).toBe('failed');
  });

  it('treats an objective revealed late as a missed bonus, never a failure', () => {
    const nosy = play(
      start(tinyModule, 1),
      { action: 'Fetch' },
      { action: 'Deliver it' },
      { end_day: true },
      { action: 'Snoop' },
      { end_day: true },
    );
    expect(nosy.objectives['Secret']).toBe('active');
    expect(nosy.outcome).toBe('complete');
  });

  it('refuses unknown and unavailable actions without changing the state', () => {
    const s = start(tinyModule, 1);
    expect(apply(s, { action: 'Fly' })).toEqual({ ok: false, error: "No action named 'Fly'" });
    expect(apply(s, { action: 'Closed' })).toEqual({ ok: false, error: 'Closed: Disabled' });
    expect(s).toEqual(start(tinyModule, 1));
  });
});

describe('events, daily changes and scoring', () => {
  const day2 = (seed = 1) => play(start(eventfulModule, seed), { end_day: true });

  it('draws the day-2 event and refuses every other move until it is answered', () => {
    const s = day2();
    expect(s.day).toBe(2);
    expect(pendingEvent(s)?.name).toBe('Storm');
    expect(apply(s, { end_day: true })).toEqual({ ok: false, error: "Respond to 'Storm' first" });
    expect(apply(s, { action: 'Rest' })).toEqual({ ok: false, error: "Respond to 'Storm' first" });
    expect(available(s).find((a) => a.action === 'Rest')?.reason).toBe("Respond to 'Storm' first");
    expect(apply(s, { choose: 2 })).toEqual({ ok: false, error: 'Use the parcel as a lamp: Requires item: Parcel' });
    expect(apply(s, { choose: 5 })).toEqual({ ok: false, error: "'Storm' has no choice 6" });
    expect(apply(start(eventfulModule, 1), { choose: 0 })).toEqual({
      ok: false,
      error: 'There is no event to respond to',
    });
  });

  it("applies a choice: time, gauges, tomorrow's tokens, items and objectives", () => {
    const fixed = play(day2(), { choose: 1 });
    expect(fixed.pendingEvent).toBe(-1);
    expect(fixed.tokens).toBe(1);
    expect(fixed.gauges).toEqual({ energy: 13, mood: 55 });
    expect(play(fixed, { end_day: true }).tokens).toBe(4);
    const lit = play(start(eventfulModule, 1), { action: 'Fetch' }, { end_day: true }, { choose: 2 });
    expect(lit.inventory).toEqual({});
    expect(lit.objectives['Secret']).toBe('complete');
  });

  it('drains gauges overnight, and a gauge drained to 0 loses the run', () => {
    expect(day2().gauges['energy']).toBe(17);
    const drained = play(start({ ...eventfulModule, daily_change: { energy: -20 } }, 1), { end_day: true });
    expect(drained.outcome).toBe('failed');
  });

  it("scores objectives and gauge-days in range, with the module's own star thresholds", () => {
    const won = play(
      start(eventfulModule, 1),
      { action: 'Fetch' },
      { action: 'Deliver it' },
      { end_day: true },
      { choose: 0 },
      { end_day: true },
      { end_day: true },
    );
    expect(won.outcome).toBe('complete');
    // Day 1: energy 18, mood 50 → 2 in range; day 2: mood 35 → 1; day 3: 1.
    expect(won.rangeDays).toBe(4);
    expect(score(won)).toEqual({ points: 50 + 4 * 5, stars: 2 });
    expect(
      score(play(start(eventfulModule, 1), { end_day: true }, { choose: 0 }, { end_day: true }, { end_day: true })),
    ).toEqual({ points: 20, stars: 0 });
  });
});
