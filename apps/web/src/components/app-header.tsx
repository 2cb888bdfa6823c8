/** The header menu of spec §2, by role, with the user's user_name. */
import { NavLink, useNavigate } from 'react-router';
import { useSession } from '../features/auth/api/session.ts';
import { useAuth } from '../features/auth/auth-context.tsx';
import { SIGNED_OUT_MESSAGE } from '../lib/session-messages.ts';
import { tokenState } from '../lib/token-store.ts';
import type { LoginNotice } from '../features/auth/components/route-guards.tsx';

export function AppHeader() {
  const { token, signOut } = useAuth();
  const navigate = useNavigate();
  // Spec §4: logging out returns to /login, from any page (the anonymous ones too).
  const logOut = () => void signOut().then(() => navigate('/login', { state: { notice: { kind: 'success', text: SIGNED_OUT_MESSAGE } satisfies LoginNotice } }));
  const signedIn = tokenState(token) === 'valid';
  const session = useSession(signedIn ? token : null);
  const user = signedIn ? session.data : undefined;
  const isAdmin = user?.role === 'admin';

  return (
    <header className="app-header">
      <NavLink to="/" className="app-header__name">
        Ready Airman Training
      </NavLink>
      <nav className="app-header__nav" aria-label="Main menu">
        <ul>
          {!signedIn && (
            <li>
              <NavLink to="/login" className="app-header__link">
                Log In
              </NavLink>
            </li>
          )}
          {isAdmin && (
            <>
              <li>
                <NavLink to="/admin" className="app-header__link">
                  User Admin
                </NavLink>
              </li>
              <li>
                <NavLink to="/progress" className="app-header__link">
                  Progress
                </NavLink>
              </li>
              <li>
                <NavLink to="/modules" className="app-header__link">
                  Module Editor
                </NavLink>
              </li>
            </>
          )}
          {signedIn && (
            <>
              <li>
                <NavLink to="/profile" className="app-header__link">
                  Profile
                </NavLink>
              </li>
              <li>
                <button type="button" className="app-header__link" onClick={logOut}>
                  Log Out
                </button>
              </li>
            </>
          )}
        </ul>
      </nav>
      {user && (
        <span className="app-header__user">
          <span className="visually-hidden">Signed in as </span>
          {user.user_name}
        </span>
      )}
    </header>
  );
}
