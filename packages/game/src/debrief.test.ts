import { describe, expect, it } from 'vitest';
import { tinyModule } from '@airman/engine/test-modules.ts';
import { debrief } from './debrief.ts';

describe('the debrief of a finished run', () => {
  it('says a completed run did every goal, with the gauges at the start and the end of each day', () => {
    const d = debrief(tinyModule, 7, [
      { action: 'Fetch' },
      { action: 'Deliver it' },
      { end_day: true },
      { action: 'Rest' },
      { end_day: true },
    ]);
    expect(d.outcome).toBe('complete');
    expect(d.reason).toBe('Complete: every goal done in 2 days');
    expect(d.days).toEqual([
      { day: 0, gauges: { energy: 10 } },
      { day: 1, gauges: { energy: 8 } },
      { day: 2, gauges: { energy: 13 } },
    ]);
    expect(d.done).toEqual(['Deliver']);
    expect(d.missed).toEqual([]);
  });

  it('names the gauge that reached 0 and the day', () => {
    const d = debrief(tinyModule, 7, [{ end_day: true }, { action: 'Overwork' }, { action: 'Overwork' }]);
    expect(d.outcome).toBe('failed');
    expect(d.reason).toBe('Failed: Energy reached 0 on day 2');
    expect(d.days.at(-1)).toEqual({ day: 2, gauges: { energy: 0 } });
    expect(d.missed).toEqual(['Deliver']);
  });

  it('names the goals left undone, and lists a revealed bonus as missed', () => {
    const d = debrief(tinyModule, 7, [{ action: 'Snoop' }, { end_day: true }, { end_day: true }]);
    expect(d.reason).toBe('Failed: Deliver was not done by day 2');
    expect(d.missed).toEqual(['Deliver', 'Secret']);
  });
});
