import { describe, expect, it } from 'vitest';
import { plan } from '@airman/engine/play.ts';
import { score } from '@airman/engine/score.ts';
import { replay } from '@airman/engine/replay.ts';
import { tinyModule } from '@airman/engine/test-modules.ts';
import { localGameApi } from './local-api.ts';

describe("the play-test's game API, answered in the page", () => {
  it('offers the edited module, starts runs with fresh seeds, and judges a run with the engine', async () => {
    const seeds = [11, 12];
    const api = localGameApi(tinyModule, () => seeds.shift() ?? 0);
    expect((await api.assignments()).map((a) => [a.title, a.has_questionnaire])).toEqual([['Tiny', false]]);
    const first = await api.startRun('tiny');
    const second = await api.startRun('tiny');
    expect([first.seed, second.seed]).toEqual([11, 12]);
    expect(first.run_id).not.toBe(second.run_id);
    const line = plan(tinyModule, second.seed).line;
    const judged = replay(tinyModule, second.seed, line);
    if (!judged.ok) throw new Error(judged.error);
    expect(await api.finish(second.run_id, { log: line })).toEqual({
      outcome: 'complete',
      game_status: 1,
      score: score(judged.state),
    });
    expect(await api.finish(first.run_id, { log: [{ end_day: true }, { end_day: true }] })).toMatchObject({
      outcome: 'failed',
      game_status: 2,
    });
    await expect(api.finish(first.run_id, { log: [{ action: 'Closed' }] })).rejects.toThrow(
      'Illegal move 1: Closed: Disabled',
    );
  });
});
