/**
 * Who is signed in. The token lives in local storage; this context mirrors it
 * and records why the last session ended, so the login page can say so.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onForcedLogout, type LogoutReason } from '../session-messages.ts';
import { clearToken, readToken, writeToken } from '../token-store.ts';
import { logoutOnServer } from './api/logout.ts';
import { endProviderSession } from './provider-session.ts';

interface AuthContextValue {
  token: string | null;
  /** Why the session ended, when it was ended for the user (not by them). */
  /** Why the last session ended: forced (a LogoutReason), or 'signed-out' by the user. */
  endedBecause: LogoutReason | 'signed-out' | null;
  signIn(token: string): void;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readToken());
  const [endedBecause, setEndedBecause] = useState<LogoutReason | 'signed-out' | null>(null);

  const end = useCallback(
    (reason: LogoutReason | 'signed-out') => {
      clearToken();
      queryClient.clear();
      setEndedBecause(reason);
      setToken(null);
    },
    [queryClient],
  );

  useEffect(() => onForcedLogout((reason) => end(reason)), [end]);

  // Another tab (or the game) signing in or out.
  useEffect(() => {
    const onStorage = () => setToken(readToken());
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      endedBecause,
      signIn(next) {
        writeToken(next);
        setEndedBecause(null);
        setToken(next);
      },
      async signOut() {
        await logoutOnServer();
        end('signed-out');
        // Signed in through the identity provider: its session ends too, and it sends the browser back to /login.
        if (endProviderSession()) window.location.assign('/api/oidc/logout');
      },
    }),
    [token, endedBecause, end],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
