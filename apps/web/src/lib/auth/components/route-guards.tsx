/** The routing rules of spec §2. */
import { useEffect, useState } from 'react';
import { InlineNotification, Loading } from '@carbon/react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SessionKeeper } from '#components/session-keeper.tsx';
import { sessionRefused } from '#lib/api-client.ts';
import { SESSION_MESSAGES, SIGNED_OUT_MESSAGE } from '#lib/session-messages.ts';
import { renewSession } from '#lib/session-renewal.ts';
import { decodeToken, tokenState } from '#lib/token-store.ts';
import { useSession, useSessionShown } from '../api/session.ts';
import { useAuth } from '../auth-context.tsx';
import { isAdministrator } from '#lib/roles.ts';
import { CurrentUserProvider, useCurrentUser } from '../current-user.tsx';

export interface LoginNotice {
  kind: 'info' | 'success' | 'warning';
  text: string;
}

/** When the token expires (a re-render then shows the page kept and the sign-in dialog over it). */
function useExpiryTick(token: string | null): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const exp = token ? decodeToken(token)?.exp : undefined;
    if (exp === undefined) return;
    const ms = exp * 1000 - Date.now();
    if (ms <= 0) return;
    // setTimeout holds at most 2^31-1 ms (24.8 days); a later expiry is re-armed on its next render.
    const timer = setTimeout(() => setTick((t) => t + 1), Math.min(ms + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [token]);
}

/**
 * Signed-in users only; anyone else goes to /login with the reason and the exact
 * address (filters included) to come back to. A session that ends while a page
 * is shown keeps the page: its token is renewed in place (SessionKeeper).
 */
export function RequireAuth() {
  const { token, endedBecause, signIn } = useAuth();
  const location = useLocation();
  const state = tokenState(token);
  // A page already shown with this token is kept when it expires, with the sign-in dialog over it.
  const shown = useSessionShown(token);
  const keep = state === 'expired' && shown;
  const session = useSession(state === 'valid' || keep ? token : null);
  useExpiryTick(token);
  useEffect(() => {
    if (!keep) return;
    void renewSession('expired').then((renewed) => renewed || sessionRefused());
  }, [keep]);
  if (state !== 'valid' && !keep) {
    const reason = state === 'missing' ? (endedBecause ?? 'missing') : state;
    const notice: LoginNotice =
      reason === 'signed-out'
        ? { kind: 'success', text: SIGNED_OUT_MESSAGE }
        : { kind: 'warning', text: SESSION_MESSAGES[reason] };
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ notice, from }} />;
  }
  if (session.isError) {
    return (
      <InlineNotification
        kind="error"
        title="Your session could not be loaded."
        subtitle={session.error.message}
        hideCloseButton
        lowContrast
        role="alert"
      />
    );
  }
  if (!session.data) {
    return <Loading withOverlay={false} description="Loading your session" />;
  }
  return (
    <CurrentUserProvider user={session.data}>
      <Outlet />
      <SessionKeeper userId={session.data.id} signIn={signIn} />
    </CurrentUserProvider>
  );
}

/** Administrators (a unit administrator too) only; a signed-in user who is not one goes to /profile. */
export function RequireAdmin() {
  const user = useCurrentUser();
  if (!isAdministrator(user.role)) return <Navigate to="/profile" replace />;
  return <Outlet />;
}

/** Where a user lands after signing in: administrators on the Users screen, others on the game. */
export function homePath(role: string | undefined): string {
  return role === 'admin' || role === 'unit_admin' ? '/admin' : '/';
}

/**
 * Anonymous pages (login): a signed-in user goes on, to the page that sent them
 * to /login or else to their home.
 */
export function AnonymousOnly() {
  const { token } = useAuth();
  const location = useLocation();
  if (tokenState(token) === 'valid') {
    const from = (location.state as { from?: string } | null)?.from;
    return (
      <Navigate to={from && from !== '/login' ? from : homePath(decodeToken(token as string)?.user_role)} replace />
    );
  }
  return <Outlet />;
}
