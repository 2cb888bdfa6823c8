/**
 * Downloads the game bundle with real progress, then imports it (the import is
 * served from the HTTP cache the download filled).
 */
import type { Module } from '@airman/contracts/module.ts';
import type { GameHost, MountedGame } from '@airman/game/main.ts';

export const GAME_BUNDLE_URL = '/game/game.js';

/**
 * The address the server gives the page (a meta element): the bundle's with its hash, kept in the
 * cache for good, so the import after the download is answered from the cache without a request.
 */
export function gameBundleUrl(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="game-bundle"]')?.content || GAME_BUNDLE_URL;
}

/**
 * Starts the bundle's download ahead of loadGame: a preload its fetch takes over (same address,
 * mode and credentials), kept once in the page's head.
 */
export function preloadGameBundle(): void {
  const href = gameBundleUrl();
  if ([...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some((l) => l.href.endsWith(href)))
    return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'fetch');
  link.href = href;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

export interface GameModule {
  mountGame(area: HTMLElement, host: GameHost): Promise<MountedGame>;
  mountPlayTest(area: HTMLElement, module: Module): MountedGame;
}

export async function loadGame(onProgress: (percent: number) => void, signal: AbortSignal): Promise<GameModule> {
  const url = gameBundleUrl();
  const res = await fetch(url, { signal });
  if (!res.ok || !res.body) throw new Error(`The game could not be downloaded (HTTP ${res.status}).`);
  // The decoded size (the server sends it: Content-Length counts compressed bytes).
  const total = Number(res.headers.get('x-decoded-length') ?? res.headers.get('content-length') ?? 0);
  const reader = res.body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.length;
    if (total > 0) onProgress(Math.min(99, Math.round((received / total) * 100)));
  }
  const module = (await import(/* @vite-ignore */ url)) as GameModule;
  onProgress(100);
  return module;
}
