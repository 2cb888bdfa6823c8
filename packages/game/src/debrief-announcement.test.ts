import { describe, expect, it } from 'vitest';
import { plan } from '@airman/engine/play.ts';
import { tinyModule } from '@airman/engine/test-modules.ts';
import { GameController, type Screen } from './controller.ts';
import type { GameApi } from './game-api.ts';
import { localGameApi, playTestAssignment } from './local-api.ts';

/** Plays the tiny module's planned line to its end and answers the debrief's announcement. */
async function playToDebrief(api: GameApi, seed: number): Promise<{ screen: Screen; announcement: string }> {
  const controller = new GameController(api);
  const debrief = new Promise<{ screen: Screen; announcement: string }>((resolve) =>
    controller.subscribe((screen, announcement) => {
      if (screen.kind === 'debrief') resolve({ screen, announcement });
    }),
  );
  await controller.open(playTestAssignment(tinyModule));
  controller.begin();
  for (const command of plan(tinyModule, seed).line) controller.command(command);
  return debrief;
}

describe('the debrief of a run', () => {
  it('never says a play-test result was saved: nothing of it is stored', async () => {
    const { screen, announcement } = await playToDebrief(
      localGameApi(tinyModule, () => 5),
      5,
    );
    expect(screen).toMatchObject({ kind: 'debrief', debrief: { outcome: 'complete' } });
    expect(announcement).toMatch(/^Complete: every goal done in 2 days\. \d of 3 stars, \d+ points\.$/);
  });

  it('says the result was saved when the game API stores it', async () => {
    const stored: GameApi = { ...localGameApi(tinyModule, () => 5), keepsResults: true };
    const { announcement } = await playToDebrief(stored, 5);
    expect(announcement).toMatch(/^Result saved\. Complete: every goal done in 2 days\./);
  });
});
