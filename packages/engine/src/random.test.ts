import { describe, expect, it } from 'vitest';
import type { Module } from '@airman/contracts/module.ts';
import { start } from './game-state.ts';
import { choiceOrder, eventOrder, roll } from './random.ts';
import { tinyModule } from './test-modules.ts';

describe('roll', () => {
  it('is the same for the same seed, day and event', () => {
    expect(roll(42, 3, 1)).toBe(roll(42, 3, 1));
  });

  it('spreads evenly over 0–99', () => {
    const buckets = new Array<number>(10).fill(0);
    for (let seed = 0; seed < 20_000; seed++) {
      const r = roll(seed, 1 + (seed % 7), seed % 5);
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThan(100);
      buckets[Math.floor(r / 10)]! += 1;
    }
    for (const n of buckets) expect(Math.abs(n - 2000)).toBeLessThan(200);
  });

  it('differs between days and events of one seed', () => {
    const rolls = new Set<number>();
    for (let day = 1; day <= 7; day++) for (let i = 0; i < 7; i++) rolls.add(roll(7, day, i));
    expect(rolls.size).toBeGreaterThan(30);
  });
});

describe('choiceOrder', () => {
  it('is a permutation of the choices, the same for the same seed, day and event', () => {
    for (let seed = 0; seed < 200; seed++) {
      const order = choiceOrder(seed, 3, 2, 3);
      expect([...order].sort()).toEqual([0, 1, 2]);
      expect(choiceOrder(seed, 3, 2, 3)).toEqual(order);
    }
  });

  it('puts each choice first about equally often over many runs', () => {
    const first = [0, 0, 0];
    for (let seed = 0; seed < 3000; seed++) first[choiceOrder(seed, 1 + (seed % 7), seed % 4, 3)[0] as number]! += 1;
    for (const n of first) expect(Math.abs(n - 1000)).toBeLessThan(100);
  });

  it('shows a single choice as it is', () => {
    expect(choiceOrder(9, 1, 0, 1)).toEqual([0]);
  });
});

describe('events drawn shuffled', () => {
  const twoEvents: Module = {
    ...tinyModule,
    days: 3,
    events: ['First', 'Second'].map((name) => ({
      name,
      text: name,
      days: [1, 3],
      chance: 100,
      choices: [{ label: 'OK' }],
    })),
  };
  const firstDrawn = (m: Module, seed: number) => m.events?.[start(m, seed).pendingEvent]?.name;

  it('tries the events in an order of its own each day, the same for a seed and day', () => {
    expect(eventOrder(7, 2, 5)).toEqual(eventOrder(7, 2, 5));
    expect([...eventOrder(7, 2, 5)].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets a later event come first as often as the first one, where in order it never does', () => {
    const seeds = Array.from({ length: 200 }, (_, i) => i);
    expect(new Set(seeds.map((s) => firstDrawn(twoEvents, s)))).toEqual(new Set(['First']));
    const shuffled = { ...twoEvents, events_drawn: 'shuffled' as const };
    const second = seeds.filter((s) => firstDrawn(shuffled, s) === 'Second').length;
    expect(second).toBeGreaterThan(70);
    expect(second).toBeLessThan(130);
  });
});
