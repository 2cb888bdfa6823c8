/**
 * The game bundle's entry: mounts the play interface into the game area the
 * shell gives, and returns how to unmount it.
 */
import type { Module } from '@airman/contracts/module.ts';
import type { GameBridge } from './bridge.ts';
import { GameController } from './controller.ts';
import { createGameApi, type GameHttp } from './game-api.ts';
import { localGameApi, playTestAssignment } from './local-api.ts';
import { mountView } from './view.ts';

export interface MountedGame {
  destroy(): void;
}

export interface GameHost {
  bridge: GameBridge;
  /** The shell's HTTP client (token, time-out, retries, the 401 rule). */
  http: GameHttp;
}

/** Asks the shell for the session's token (spec §7 "Game canvas events"). */
function requestToken(bridge: GameBridge): Promise<string | null> {
  return new Promise((resolve) => {
    const off = bridge.onShellEvent((e) => {
      if (e.type === 'token') {
        off();
        resolve(e.token);
      }
    });
    bridge.toShell({ type: 'token-request' });
  });
}

export async function mountGame(area: HTMLElement, { bridge, http }: GameHost): Promise<MountedGame> {
  const api = createGameApi(http, (token) => bridge.toShell({ type: 'token-write', token }));
  const controller = new GameController(api);
  const view = mountView(area, controller);
  // Without a session there is nothing to play: the shell sends the player to sign in.
  if ((await requestToken(bridge)) === null) bridge.toShell({ type: 'session-ended' });
  else void controller.loadList();
  bridge.toShell({ type: 'ready' });
  return {
    destroy() {
      controller.dispose();
      view.destroy();
    },
  };
}

/**
 * The module editor's play-test: the same game on a module that need not be
 * saved, starting at its briefing. Its runs stay in the page (local-api.ts).
 */
export function mountPlayTest(area: HTMLElement, module: Module): MountedGame {
  const controller = new GameController(localGameApi(module));
  const view = mountView(area, controller);
  void controller.open(playTestAssignment(module));
  return {
    destroy() {
      controller.dispose();
      view.destroy();
    },
  };
}
