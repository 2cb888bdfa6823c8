/**
 * The header menu of spec §2, by role, with the user's user_name. On a small
 * screen the menu folds behind a Menu button (Carbon UI Shell's HeaderMenuButton
 * and side navigation pattern), so the header keeps one row.
 */
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useSession } from '../lib/auth/api/session.ts';
import { useAuth } from '../lib/auth/auth-context.tsx';
import { SIGNED_OUT_MESSAGE } from '../lib/session-messages.ts';
import { tokenState } from '../lib/token-store.ts';
import type { LoginNotice } from '../lib/auth/components/route-guards.tsx';

interface Viewer {
  signedIn: boolean;
  isAdmin: boolean;
}

/** The menu's links, in order, each with who sees it. */
const NAV_ITEMS: { to: string; label: string; shown(viewer: Viewer): boolean }[] = [
  { to: '/login', label: 'Log In', shown: (v) => !v.signedIn },
  { to: '/admin', label: 'User Admin', shown: (v) => v.isAdmin },
  { to: '/progress', label: 'Progress', shown: (v) => v.isAdmin },
  { to: '/modules', label: 'Module Editor', shown: (v) => v.isAdmin },
  { to: '/profile', label: 'Profile', shown: (v) => v.signedIn },
];

export function AppHeader() {
  const { token, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Spec §4: logging out returns to /login, from any page (the anonymous ones too).
  const logOut = () =>
    void signOut().then(() =>
      navigate('/login', { state: { notice: { kind: 'success', text: SIGNED_OUT_MESSAGE } satisfies LoginNotice } }),
    );
  const signedIn = tokenState(token) === 'valid';
  const session = useSession(signedIn ? token : null);
  const user = signedIn ? session.data : undefined;
  const viewer: Viewer = { signedIn, isAdmin: user?.role === 'admin' };

  // The folded menu (small screens only; on wider ones the button is hidden and the menu always shown).
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // A link followed closes the menu.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && openedAt !== pathname) setOpen(false);
  // Opened, the menu takes the focus (its first entry), so the keyboard goes on inside it.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open) nav.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className={`app-header${open ? ' is-open' : ''}`}>
      <button
        ref={menuButton}
        type="button"
        className="app-header__menu-button"
        aria-expanded={open}
        aria-controls="main-menu"
        onClick={() => {
          setOpenedAt(pathname);
          setOpen(!open);
        }}
      >
        <span aria-hidden="true" className="app-header__menu-icon" />
        {open ? 'Close menu' : 'Menu'}
      </button>
      <NavLink to="/" className="app-header__name">
        Ready Airman Training
      </NavLink>
      <nav ref={nav} id="main-menu" className="app-header__nav" aria-label="Main menu">
        <ul>
          {NAV_ITEMS.filter((item) => item.shown(viewer)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="app-header__link">
                {item.label}
              </NavLink>
            </li>
          ))}
          {signedIn && (
            <li>
              <button type="button" className="app-header__link" onClick={logOut}>
                Log Out
              </button>
            </li>
          )}
        </ul>
        {user && (
          <span className="app-header__user">
            <span className="visually-hidden">Signed in as </span>
            {user.user_name}
          </span>
        )}
      </nav>
    </header>
  );
}
