/**
 * The shell ↔ game bridge (spec §7 "Game canvas events"): a small typed event
 * interface between the page that hosts the game at / and the game itself.
 * The game asks for the access token and receives it; it may write a fresher
 * token to local storage, where the shell's HTTP client re-reads it. When the
 * server keeps refusing the token, the game tells the shell, which sends the
 * user to the login page as for its own calls (spec §7).
 */

/** What the game sends to the shell. */
export type GameToShell =
  | { type: 'token-request' }
  | { type: 'token-write'; token: string }
  /** The server refused the game's token even after re-reading it: the shell ends the session. */
  | { type: 'session-ended' }
  | { type: 'loading'; percent: number }
  | { type: 'ready' };

/** What the shell sends to the game. */
export type ShellToGame = { type: 'token'; token: string | null };

export interface GameBridge {
  /** Sends an event from the game to the shell. */
  toShell(event: GameToShell): void;
  /** Subscribes the game to shell events; returns the unsubscribe function. */
  onShellEvent(listener: (event: ShellToGame) => void): () => void;
}

/** A bridge in one page: events are delivered synchronously to the other side's listeners. */
export function createBridge(
  handleGameEvent: (event: GameToShell, reply: (e: ShellToGame) => void) => void,
): GameBridge {
  const listeners = new Set<(event: ShellToGame) => void>();
  const reply = (event: ShellToGame) => {
    for (const listener of listeners) listener(event);
  };
  return {
    toShell: (event) => handleGameEvent(event, reply),
    onShellEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
