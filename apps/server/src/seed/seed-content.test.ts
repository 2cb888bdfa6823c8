import { describe, expect, it } from 'vitest';
import { moduleSchema, isBaseModule } from '@airman/contracts/module.ts';
import { questionnaireSchema } from '@airman/contracts/questionnaire.ts';
import { cafQuestionnaire } from './caf-questionnaire.ts';
import { readyAirmanModule } from './ready-airman-module.ts';

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

  it('the questionnaire is valid, with four items in each domain', () => {
    const q = questionnaireSchema.parse(cafQuestionnaire);
    expect(q.title).toBe('Comprehensive Airman Fitness');
    for (const d of ['mental', 'physical', 'social', 'spiritual']) {
      expect(q.items.filter((i) => i.domain === d)).toHaveLength(4);
    }
  });
});
