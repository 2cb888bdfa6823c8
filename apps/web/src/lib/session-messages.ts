/** Why a user was sent to the login page, and the texts of spec §8 for each reason. */
export type LogoutReason = 'missing' | 'invalid' | 'expired';

export const SESSION_MESSAGES: Record<LogoutReason, string> = {
  missing: 'Please login in to continue...',
  invalid: 'Your session is no longer valid, please login in to continue...',
  expired: 'Your session has expired, please login in to continue...',
};

/** After a deliberate Log Out: not one of the session messages, which say a login is needed. */
export const SIGNED_OUT_MESSAGE = 'You have logged out.';

type Listener = (reason: LogoutReason) => void;
const listeners = new Set<Listener>();

/** Subscribes to forced logouts (from the HTTP client); returns the unsubscribe function. */
export function onForcedLogout(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function forceLogout(reason: LogoutReason): void {
  for (const listener of listeners) listener(reason);
}
