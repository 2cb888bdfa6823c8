/**
 * Keeping a session alive without losing what the page holds.
 *
 * - While the user is active (a key or pointer press), a token older than
 *   REFRESH_AFTER_MS is swapped for a fresh one (`POST session/refresh`), so an
 *   active user never meets an expired token; one idle for the token's whole
 *   lifetime (8 hours) does.
 * - A request the server refuses for its token waits, its body kept, while the
 *   user signs in again over the page (the session dialog); it is then sent
 *   again with the new token. Every request refused meanwhile waits for the same
 *   sign-in. Only when the user chooses to sign out does the page go.
 */
import { decodeToken, tokenState } from './token-store.ts';
import type { LogoutReason } from './session-messages.ts';

/** A token this old is renewed at the user's next key or pointer press. */
export const REFRESH_AFTER_MS = 5 * 60 * 1000;

/** Whether an active user's token is due for renewal: still valid and issued REFRESH_AFTER_MS ago or more. */
export function refreshDue(token: string | null, now: number = Date.now()): boolean {
  if (!token || tokenState(token, now) !== 'valid') return false;
  const issuedAt = decodeToken(token)?.iat;
  // A token without an issue time cannot be aged: renew it.
  if (issuedAt === undefined) return true;
  return now - issuedAt * 1000 >= REFRESH_AFTER_MS;
}

type Listener = (reason: LogoutReason) => void;
const listeners = new Set<Listener>();
let pending: { promise: Promise<boolean>; resolve(renewed: boolean): void; reason: LogoutReason } | null = null;

/** The session dialog subscribes here; returns the unsubscribe function. */
export function onRenewalNeeded(listener: Listener): () => void {
  listeners.add(listener);
  if (pending) listener(pending.reason);
  return () => listeners.delete(listener);
}

/**
 * Asks the user to sign in again; resolves true once a fresh token for the same
 * account is stored, false when they chose to sign out or no page can ask (no
 * session dialog is mounted, as on the game's own session end).
 */
export function renewSession(reason: LogoutReason): Promise<boolean> {
  if (pending) return pending.promise;
  if (listeners.size === 0) return Promise.resolve(false);
  let resolve: (renewed: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((r) => (resolve = r));
  pending = { promise, resolve, reason };
  for (const listener of listeners) listener(reason);
  return promise;
}

/** Whether a sign-in is being waited for. */
export function renewalPending(): boolean {
  return pending !== null;
}

/** Ends the wait: true after a new token was stored, false when the user signs out instead. */
export function settleRenewal(renewed: boolean): void {
  const current = pending;
  pending = null;
  current?.resolve(renewed);
}
