/**
 * Keeps a signed-in user's session going on an open page: renews the token as
 * they work, and when the session ends anyway (idle past the token's lifetime,
 * or revoked) shows the sign-in dialog over the page (session-dialog.tsx).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AuthResponse } from '@airman/contracts/api.ts';
import { sendJson } from '../lib/api-client.ts';
import type { LogoutReason } from '../lib/session-messages.ts';
import { onRenewalNeeded, refreshDue } from '../lib/session-renewal.ts';
import { decodeToken, readToken } from '../lib/token-store.ts';

const SessionDialog = lazy(() => import('./session-dialog.tsx').then((m) => ({ default: m.SessionDialog })));

/** At most one renewal attempt this often, however busy the keyboard. */
const REFRESH_ATTEMPT_GAP_MS = 60_000;

/** Renews the token at the user's key and pointer presses once it is REFRESH_AFTER_MS old. */
function useActiveRefresh(userId: string, signIn: (token: string) => void): void {
  const latest = useRef(signIn);
  useEffect(() => {
    latest.current = signIn;
  });
  useEffect(() => {
    let running = false;
    let lastTry = 0;
    const onActivity = () => {
      const now = Date.now();
      if (running || now - lastTry < REFRESH_ATTEMPT_GAP_MS || !refreshDue(readToken(), now)) return;
      running = true;
      lastTry = now;
      sendJson<AuthResponse>('post', 'session/refresh')
        .then(({ auth }) => {
          if (decodeToken(auth)?.user_id === userId) latest.current(auth);
        })
        // Not renewed now (the server busy, say): the next press tries again after the gap.
        .catch(() => undefined)
        .finally(() => (running = false));
    };
    const options = { capture: true, passive: true };
    window.addEventListener('keydown', onActivity, options);
    window.addEventListener('pointerdown', onActivity, options);
    return () => {
      window.removeEventListener('keydown', onActivity, options);
      window.removeEventListener('pointerdown', onActivity, options);
    };
  }, [userId]);
}

export function SessionKeeper({ userId, signIn }: { userId: string; signIn(token: string): void }) {
  const [reason, setReason] = useState<LogoutReason | null>(null);
  useActiveRefresh(userId, signIn);
  useEffect(() => onRenewalNeeded(setReason), []);
  if (!reason) return null;
  return (
    <Suspense fallback={null}>
      <SessionDialog reason={reason} onDone={() => setReason(null)} />
    </Suspense>
  );
}
