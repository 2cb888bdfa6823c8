import { describe, expect, it } from 'vitest';
import type { GameCommand } from '@airman/contracts/game.ts';
import type { Module } from '@airman/contracts/module.ts';
import { eventfulModule, tinyModule } from '@airman/engine/test-modules.ts';
import { score } from '@airman/engine/score.ts';
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
    // The hidden bonus never came up: it is still missed, with how it is revealed.
    expect(d.missed).toEqual([{ name: 'Secret', goal: false, seen: false, how: "revealed by taking 'Snoop'" }]);
  });

  it('names the gauge that reached 0 and the day', () => {
    const d = debrief(tinyModule, 7, [{ end_day: true }, { action: 'Overwork' }, { action: 'Overwork' }]);
    expect(d.outcome).toBe('failed');
    expect(d.reason).toBe('Failed: Energy reached 0 on day 2');
    expect(d.days.at(-1)).toEqual({ day: 2, gauges: { energy: 0 } });
    expect(d.missed.map((m) => m.name)).toEqual(['Deliver', 'Secret']);
    expect(d.missed[0]).toEqual({ name: 'Deliver', goal: true, seen: true, how: "done by taking 'Deliver it'" });
  });

  it('names the goals left undone, and lists a revealed bonus as missed', () => {
    const d = debrief(tinyModule, 7, [{ action: 'Snoop' }, { end_day: true }, { end_day: true }]);
    expect(d.reason).toBe('Failed: Deliver was not done by day 2');
    expect(d.missed.map((m) => [m.name, m.seen])).toEqual([
      ['Deliver', true],
      ['Secret', true],
    ]);
  });

  it("says how an objective an event's choice does was missed: the event did not come up, or another choice was made", () => {
    // Eventful: 'Storm' always comes on day 2; its third choice does 'Secret'.
    const lost = debrief(eventfulModule, 3, [{ action: 'Snoop' }, { action: 'Overwork' }, { action: 'Overwork' }]);
    expect(lost.missed.find((m) => m.name === 'Secret')?.how).toBe(
      "done by answering 'Storm' with 'Use the parcel as a lamp' (it did not come up this run)",
    );
    const log: GameCommand[] = [
      { action: 'Snoop' },
      { end_day: true },
      { choose: 0 },
      { end_day: true },
      { end_day: true },
    ];
    const chose = debrief(eventfulModule, 3, log);
    expect(chose.met).toEqual([
      {
        day: 2,
        event: 0,
        name: 'Storm',
        choice: 0,
        label: 'Wait it out',
        lesson: undefined,
        risky: false,
        resources: [],
      },
    ]);
    expect(chose.missed.find((m) => m.name === 'Secret')?.how).toBe(
      "done by answering 'Storm' with 'Use the parcel as a lamp' (you chose 'Wait it out')",
    );
  });

  it('breaks the points down so that they add up to the score', () => {
    const log: GameCommand[] = [
      { action: 'Fetch' },
      { action: 'Deliver it' },
      { end_day: true },
      { choose: 1 },
      { end_day: true },
    ];
    const d = debrief(eventfulModule, 3, [...log, { end_day: true }]);
    expect(d.breakdown.points).toBe(score(d.state).points);
    expect(d.breakdown.objectives).toEqual([{ name: 'Deliver', points: 50 }]);
  });

  it('tells what came back later, the real help of the events met, and the lesson of the run', () => {
    const module: Module = {
      ...eventfulModule,
      actions: eventfulModule.actions.map((a) =>
        a.name === 'Rest' ? { ...a, later: [{ in_days: 1, results: { mood: -1 }, text: 'You overslept.' }] } : a,
      ),
      events: (eventfulModule.events ?? []).map((e) =>
        e.name === 'Storm'
          ? {
              ...e,
              resources: [{ name: 'Chaplain', contact: 'Base chapel' }],
              choices: e.choices.map((c, i) =>
                i === 0 ? { ...c, risky: true, lesson: 'Waiting alone makes a storm longer.' } : c,
              ),
            }
          : e,
      ),
      lessons: { mood: { low: 'Reach out before the storm passes.' } },
    };
    const log: GameCommand[] = [
      { action: 'Rest' },
      { end_day: true },
      { choose: 0 },
      { end_day: true },
      { end_day: true },
    ];
    const d = debrief(module, 3, log);
    expect(d.landed).toMatchObject([{ day: 2, from_day: 1, source: 'Rest', text: 'You overslept.' }]);
    expect(d.met[0]?.resources).toEqual([{ name: 'Chaplain', contact: 'Base chapel' }]);
    expect(d.met[0]).toMatchObject({ risky: true, lesson: 'Waiting alone makes a storm longer.' });
    // Mood: 50, −1 overnight from the landing, −15 waiting out the storm: below 40 at the end of days 2 and 3.
    expect(d.lesson).toEqual({ gauge: 'mood', side: 'low', days: 2, text: 'Reach out before the storm passes.' });
  });
});
