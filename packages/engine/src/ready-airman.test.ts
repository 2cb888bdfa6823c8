import { describe, expect, it } from 'vitest';
import { moduleSchema } from '@airman/contracts/module.ts';
import { readyAirmanModule } from '../../../apps/server/src/seed/ready-airman-module.ts';
import { replay } from './replay.ts';
import { solve } from './solver.ts';
import { validate } from './validate.ts';

describe('ready_airman_training', () => {
  it('is valid and can be won: the solver finds a line that replays to Complete', () => {
    expect(moduleSchema.parse(readyAirmanModule)).toEqual(readyAirmanModule);
    expect(validate(readyAirmanModule)).toEqual([]);
    const verdict = solve(readyAirmanModule);
    expect(verdict.winnable).toBe(true);
    if (verdict.winnable !== true) return;
    const r = replay(readyAirmanModule, 42, verdict.line);
    expect(r.ok && r.state.outcome).toBe('complete');
  });

  it('is lost by a do-nothing week', () => {
    const r = replay(readyAirmanModule, 1, Array.from({ length: 7 }, () => ({ end_day: true as const })));
    expect(r.ok && r.state.outcome).toBe('failed');
  });

  it('is lost by burning out: a gauge that reaches 0 ends the run', () => {
    const log = [
      { action: 'Work a double shift' },
      { action: 'Skip meals to cram' },
      { action: 'Skip meals to cram' },
      { action: 'Skip meals to cram' },
      { action: 'Skip meals to cram' },
      { end_day: true as const },
      { action: 'Skip meals to cram' },
      { action: 'Skip meals to cram' },
    ];
    const r = replay(readyAirmanModule, 1, log);
    expect(r.ok && r.state.outcome).toBe('failed');
    expect(r.ok && Object.values(r.state.gauges)).toContain(0);
  });
});
