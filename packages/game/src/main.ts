/**
 * The game bundle's entry: mounts the canvas and the accessible controls into
 * the host the shell gives, and returns how to unmount everything.
 */
import '@airman/contracts/zod-setup.ts';
import type { GameBridge } from './bridge.ts';
import { mountCanvas } from './canvas-view.ts';
import { GameController } from './controller.ts';
import { mountControls } from './dom-controls.ts';
import { createGameApi } from './game-api.ts';

export interface MountedGame {
  destroy(): void;
  fps(): number;
}

export async function mountGame(canvasHost: HTMLElement, controlsHost: HTMLElement, bridge: GameBridge): Promise<MountedGame> {
  const getToken = () =>
    new Promise<string | null>((resolve) => {
      const off = bridge.onShellEvent((e) => {
        if (e.type === 'token') {
          off();
          resolve(e.token);
        }
      });
      bridge.toShell({ type: 'token-request' });
    });
  const api = createGameApi({
    getToken,
    saveToken: (token) => bridge.toShell({ type: 'token-write', token }),
    ended: () => bridge.toShell({ type: 'session-ended' }),
  });
  const controller = new GameController(api);
  const removeControls = mountControls(controlsHost, controller);
  const canvas = await mountCanvas(canvasHost, controller);
  void controller.loadList();
  bridge.toShell({ type: 'ready' });
  return {
    fps: canvas.fps,
    destroy() {
      controller.dispose();
      removeControls();
      canvas.destroy();
    },
  };
}
