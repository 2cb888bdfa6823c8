/**
 * /'s loader (lib/route-prefetch.ts): the game's bundle, and the trainee's list and record that
 * the game asks for as soon as its bundle has run, asked for beside the page's code instead, and
 * handed to the game's first calls (api-client.ts, prefetchJson). Small: the router imports it.
 */
import { prefetchJson } from '#lib/api-client.ts';
import { preloadGameBundle } from '#lib/game/load-game.ts';
import { sessionWillShow } from '#lib/route-prefetch.ts';

export function loader(): null {
  if (!sessionWillShow(false)) return null;
  preloadGameBundle();
  for (const path of ['game/assignments', 'self/record']) prefetchJson(path);
  return null;
}
