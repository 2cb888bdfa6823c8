import { describe, expect, it } from 'vitest';
import { blankAction, moduleSchema, isBaseModule } from '@airman/contracts/module.ts';
import { SENSIBLE } from '@airman/engine/balance.ts';
import { isShortcut, playRule } from '@airman/engine/play.ts';
import { questionnaireSchema } from '@airman/contracts/questionnaire.ts';
import { cafQuestionnaire } from './caf-questionnaire.ts';
import { readyAirmanModule } from '@airman/engine/ready-airman-module.ts';

describe('seed content', () => {
  it('ready_airman_training is a valid base module with the four fitness gauges', () => {
    const m = moduleSchema.parse(readyAirmanModule);
    expect(isBaseModule(m)).toBe(true);
    expect(Object.keys(m.starting_gauges).sort()).toEqual(['mental', 'physical', 'social', 'spiritual']);
    expect(m.days).toBe(7);
    expect(m.actions.length).toBeGreaterThanOrEqual(12);
  });

  it('uses every field of the module format', () => {
    const m = readyAirmanModule;
    expect(m.objectives.some((o) => o.hidden)).toBe(true);
    expect(m.objectives.some((o) => !o.active)).toBe(true);
    expect(m.actions.some((a) => a.disabled)).toBe(true);
    expect(m.actions.some((a) => a.set_cooldown > 0)).toBe(true);
    expect(m.actions.some((a) => a.required_objectives.length > 0)).toBe(true);
    expect(m.actions.some((a) => a.changes_inventory.add.length > 0)).toBe(true);
    expect(m.actions.some((a) => a.changes_inventory.remove.length > 0)).toBe(true);
    expect(m.actions.some((a) => a.changes_objectives.add.length > 0)).toBe(true);
    expect(m.actions.some((a) => a.changes_objectives.remove.length > 0)).toBe(true);
    expect(m.actions.some((a) => Object.values(a.results).some((v) => v < 0))).toBe(true);
  });

  it('refers only to gauges and objectives it defines', () => {
    const gauges = new Set(Object.keys(readyAirmanModule.starting_gauges));
    const objectives = new Set(readyAirmanModule.objectives.map((o) => o.name));
    for (const a of readyAirmanModule.actions) {
      for (const g of Object.keys(a.results)) expect(gauges.has(g), `${a.name}: ${g}`).toBe(true);
      for (const o of [...a.required_objectives, ...a.changes_objectives.add, ...a.changes_objectives.remove]) {
        expect(objectives.has(o), `${a.name}: ${o}`).toBe(true);
      }
    }
  });

  it("meets a first-term airman's week: at least 12 events of 2–3 choices, shortcuts that cost later", () => {
    const events = readyAirmanModule.events ?? [];
    expect(events.length).toBeGreaterThanOrEqual(12);
    for (const e of events) expect(e.choices.length, e.name).toBeGreaterThanOrEqual(2);
    for (const e of events) expect(e.choices.length, e.name).toBeLessThanOrEqual(3);
    for (const name of ['Skip meals to cram', 'Late-night gaming', 'Work a double shift']) {
      expect(isShortcut(readyAirmanModule.actions.find((a) => a.name === name) ?? blankAction(name)), name).toBe(true);
    }
    const car = events.find((e) => e.name === 'Car trouble');
    expect(car?.choices.some((c) => c.label.includes('payday lender') && isShortcut(c))).toBe(true);
    expect(Object.keys(readyAirmanModule.lessons ?? {}).sort()).toEqual(['mental', 'physical', 'social', 'spiritual']);
  });

  it("names real help in the wingman's crisis, and never pays its right answer in gauge points", () => {
    const crisis = readyAirmanModule.events?.find((e) => e.text.includes('Nobody would even notice'));
    expect(crisis?.resources?.map((r) => `${r.name}: ${r.contact}`)).toEqual([
      'Veterans/Military Crisis Line: Dial 988, then press 1',
      expect.stringMatching(/^Immediate danger: Call 911 or go to the nearest emergency room/),
      expect.stringMatching(/chaplain/i),
      expect.stringMatching(/^Mental Health Clinic/),
      expect.stringContaining('800-342-9647'),
    ]);
    const family = readyAirmanModule.events?.find((e) => e.name === 'Family emergency');
    expect(family?.resources?.[0]?.name).toBe('American Red Cross (Hero Care)');
    expect(family?.choices.map((c) => c.label).join(' ')).not.toMatch(/for the day/);
    for (const choice of crisis?.choices ?? []) {
      expect(
        Object.values(choice.results ?? {}).every((v) => v <= 0),
        choice.label,
      ).toBe(true);
    }
  });

  it('marks the shortcuts it teaches against risky, each with its lesson', () => {
    const risky = (event: string, label: string) =>
      readyAirmanModule.events?.find((e) => e.name === event)?.choices.find((c) => c.label.includes(label));
    for (const [event, label] of [
      ['Car trouble', 'payday lender'],
      ['Your partner feels forgotten', 'long message'],
      ['Unit softball game', 'Decline'],
      ['Roommate trouble', 'Let it slide'],
    ] as const) {
      expect(risky(event, label), label).toMatchObject({ risky: true, lesson: expect.any(String) });
    }
    expect(risky('Roommate trouble', 'Talk it out')?.risky).toBeUndefined();
  });

  it('draws each event in at least a quarter of the weeks a sensible player plays', () => {
    const seeds = 1000;
    const met = new Map<string, number>();
    for (let seed = 0; seed < seeds; seed++) {
      const { state } = playRule(readyAirmanModule, seed, SENSIBLE);
      for (const i of state.drawn) {
        const name = readyAirmanModule.events?.[i]?.name ?? '';
        met.set(name, (met.get(name) ?? 0) + 1);
      }
    }
    for (const event of readyAirmanModule.events ?? []) {
      expect((met.get(event.name) ?? 0) / seeds, event.name).toBeGreaterThanOrEqual(0.25);
    }
  });

  it('the questionnaire is valid, with four items in each domain', () => {
    const q = questionnaireSchema.parse(cafQuestionnaire);
    expect(q.title).toBe('Comprehensive Airman Fitness');
    for (const d of ['mental', 'physical', 'social', 'spiritual']) {
      expect(q.items.filter((i) => i.domain === d)).toHaveLength(4);
    }
  });
});
