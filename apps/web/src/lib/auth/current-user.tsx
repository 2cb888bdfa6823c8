import { createContext, useContext, type ReactNode } from 'react';
import type { User } from '@airman/contracts/user.ts';

const CurrentUserContext = createContext<User | null>(null);

export function CurrentUserProvider({ user, children }: { user: User; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in user, inside RequireAuth. */
export function useCurrentUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside RequireAuth');
  return user;
}
