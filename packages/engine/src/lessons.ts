/**
 * The one lesson a run teaches (docs/game-rules.md): the module's lesson for
 * the gauge that spent the most days out of its healthy range in this run,
 * below it (`low`) or above it (`high`).
 */
import type { Module } from '@airman/contracts/module.ts';
import type { GameState } from './game-state.ts';

export interface RunLesson {
  gauge: string;
  side: 'low' | 'high';
  /** Days the gauge ended on that side of its healthy range. */
  days: number;
  text: string;
}

/**
 * The lesson for the gauge and side with the most days out of range among
 * those the module has a lesson for; on a tie, the gauge that comes first in
 * `starting_gauges`, below before above. Undefined when no gauge with a
 * lesson ended a day out of its range.
 */
export function lessonFor(module: Module, state: GameState): RunLesson | undefined {
  let best: RunLesson | undefined;
  for (const gauge of Object.keys(module.starting_gauges)) {
    const lesson = module.lessons && Object.hasOwn(module.lessons, gauge) ? module.lessons[gauge] : undefined;
    const days = Object.hasOwn(state.gaugeDays, gauge) ? state.gaugeDays[gauge] : undefined;
    if (!lesson || !days) continue;
    for (const side of ['low', 'high'] as const) {
      const text = lesson[side];
      if (text !== undefined && days[side] > 0 && (!best || days[side] > best.days))
        best = { gauge, side, days: days[side], text };
    }
  }
  return best;
}
