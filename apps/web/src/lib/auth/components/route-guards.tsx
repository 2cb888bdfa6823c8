/** The routing rules of spec §2. */
import { InlineNotification, Loading } from '@carbon/react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SESSION_MESSAGES, SIGNED_OUT_MESSAGE } from '../../session-messages.ts';
import { decodeToken, tokenState } from '../../token-store.ts';
import { useSession } from '../api/session.ts';
import { useAuth } from '../auth-context.tsx';
import { CurrentUserProvider, useCurrentUser } from '../current-user.tsx';

export interface LoginNotice {
  kind: 'info' | 'success' | 'warning';
  text: string;
}

/** Signed-in users only; anyone else goes to /login with the reason. */
export function RequireAuth() {
  const { token, endedBecause } = useAuth();
  const location = useLocation();
  const state = tokenState(token);
  const session = useSession(state === 'valid' ? token : null);
  if (state !== 'valid') {
    const reason = state === 'missing' ? (endedBecause ?? 'missing') : state;
    const notice: LoginNotice =
      reason === 'signed-out'
        ? { kind: 'success', text: SIGNED_OUT_MESSAGE }
        : { kind: 'warning', text: SESSION_MESSAGES[reason] };
    return <Navigate to="/login" replace state={{ notice, from: location.pathname }} />;
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
    </CurrentUserProvider>
  );
}

/** Administrators only; a signed-in user who is not one goes to /profile. */
export function RequireAdmin() {
  const user = useCurrentUser();
  if (user.role !== 'admin') return <Navigate to="/profile" replace />;
  return <Outlet />;
}

/** Where a user lands after signing in: administrators on the Users screen, others on the game. */
export function homePath(role: string | undefined): string {
  return role === 'admin' ? '/admin' : '/';
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
