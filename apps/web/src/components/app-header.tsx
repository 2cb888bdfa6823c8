/**
 * The header menu of spec §2, by role, with the user's user_name: Carbon's UI
 * Shell. From Carbon's lg breakpoint the entries sit in the header's navigation;
 * below it the header keeps one row and a HeaderMenuButton opens them in a
 * SideNav. Carbon's SideNav closes on Escape and when the focus leaves it; this
 * component adds the rest of the keyboard's path: the focus goes to the first
 * entry on opening and back to the menu button on Escape, and an entry followed
 * closes the menu.
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ToggleEvent } from 'react';
import {
  Header,
  HeaderGlobalBar,
  HeaderMenuButton,
  HeaderMenuItem,
  HeaderName,
  HeaderNavigation,
  SideNav,
  SideNavItems,
  SideNavLink,
} from '@carbon/react';
import { breakpoints } from '@carbon/layout';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useSession } from '../lib/auth/api/session.ts';
import { useAuth } from '../lib/auth/auth-context.tsx';
import { SIGNED_OUT_MESSAGE } from '../lib/session-messages.ts';
import { tokenState } from '../lib/token-store.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { isAdministrator, isFullAdmin, scopeLine } from '../lib/roles.ts';
import type { LoginNotice } from '../lib/auth/components/route-guards.tsx';

interface Viewer {
  signedIn: boolean;
  /** An administrator or a unit administrator. */
  isAdmin: boolean;
  /** A full administrator: the Module Editor rather than the modules to read. */
  isFullAdmin: boolean;
}

/** The menu's links, in order, each with who sees it. */
const NAV_ITEMS: { to: string; label: string; shown(viewer: Viewer): boolean }[] = [
  { to: '/login', label: 'Log In', shown: (v) => !v.signedIn },
  { to: '/admin', label: 'User Admin', shown: (v) => v.isAdmin },
  { to: '/progress', label: 'Progress', shown: (v) => v.isAdmin },
  { to: '/modules', label: 'Module Editor', shown: (v) => v.isFullAdmin },
  // A unit administrator reads and play-tests the modules; it changes none.
  { to: '/modules', label: 'Modules', shown: (v) => v.isAdmin && !v.isFullAdmin },
  { to: '/audit', label: 'Audit', shown: (v) => v.isAdmin },
  { to: '/record', label: 'My record', shown: (v) => v.signedIn },
  { to: '/profile', label: 'Profile', shown: (v) => v.signedIn },
];

const MENU_ID = 'main-menu';
/** Carbon's lg breakpoint: where the UI Shell shows the header's navigation instead of the menu button. */
const WIDE = `(min-width: ${breakpoints.lg.width})`;

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
  const viewer: Viewer = { signedIn, isAdmin: isAdministrator(user?.role), isFullAdmin: isFullAdmin(user?.role) };
  const items = NAV_ITEMS.filter((item) => item.shown(viewer));
  const wide = useMediaQuery(WIDE);

  // The folded menu (below lg).
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sideNav = useRef<HTMLElement>(null);
  // The menu closes on any navigation (a link followed, Back) and when the screen grows past lg.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && (openedAt !== pathname || wide)) setOpen(false);
  // Opened, the menu takes the focus on its first entry, so Tab walks its entries.
  useEffect(() => {
    if (open) sideNav.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  const toggle = () => {
    setOpenedAt(pathname);
    setOpen(!open);
  };
  // Carbon's SideNav asks to close on Escape and when the focus leaves it.
  // (Its onToggle also stands for the DOM's toggle event in React's types, hence the optional `expanded`.)
  const onSideNavToggle = (event: FocusEvent | KeyboardEvent | ToggleEvent | boolean, expanded?: boolean) => {
    if (expanded !== false || typeof event === 'boolean') return;
    if (event.type === 'keydown') {
      setOpen(false);
      menuButton.current?.focus();
      return;
    }
    // Focus moving to the menu button (a click on it, Shift+Tab from the first entry) leaves the
    // menu open: the button, which now says 'Close menu', closes it.
    if (!('relatedTarget' in event && event.relatedTarget === menuButton.current)) setOpen(false);
  };
  const close = () => setOpen(false);

  // A unit administrator also sees whose users it is looking at.
  const userName = user && (
    <p className="app-header__user">
      <span className="visually-hidden">Signed in as </span>
      {user.user_name}
      {user.role === 'unit_admin' && (
        <>
          <span className="visually-hidden">, </span>
          <span className="app-header__scope">{scopeLine(user.admin_units)}</span>
        </>
      )}
    </p>
  );

  const name = (
    <HeaderName as={Link} to="/" prefix="">
      Ready Airman Training
    </HeaderName>
  );

  if (wide) {
    return (
      <Header aria-label="Ready Airman Training" className="app-header">
        {name}
        <HeaderNavigation id={MENU_ID} aria-label="Main menu">
          {items.map((item) => (
            <HeaderMenuItem key={item.to} as={NavLink} to={item.to}>
              {item.label}
            </HeaderMenuItem>
          ))}
          {signedIn && (
            <HeaderMenuItem as="button" type="button" onClick={logOut}>
              Log Out
            </HeaderMenuItem>
          )}
        </HeaderNavigation>
        <HeaderGlobalBar>{userName}</HeaderGlobalBar>
      </Header>
    );
  }
  // The side navigation follows its button in the page's order (the disclosure pattern): Tab goes
  // from the button into the menu, Shift+Tab from its first entry back to the button.
  return (
    <Header aria-label="Ready Airman Training" className="app-header">
      <HeaderMenuButton
        ref={menuButton}
        aria-label={open ? 'Close menu' : 'Menu'}
        aria-expanded={open}
        aria-controls={MENU_ID}
        isActive={open}
        isCollapsible
        onClick={toggle}
        // Escape closes the menu from its button too.
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) setOpen(false);
        }}
      />
      <SideNav
        ref={sideNav}
        id={MENU_ID}
        aria-label="Main menu"
        expanded={open}
        isPersistent={false}
        onToggle={onSideNavToggle}
        onOverlayClick={close}
      >
        {userName}
        <SideNavItems>
          {items.map((item) => (
            <SideNavLink key={item.to} as={NavLink} to={item.to} onClick={close}>
              {item.label}
            </SideNavLink>
          ))}
          {signedIn && (
            <SideNavLink
              as="button"
              type="button"
              onClick={() => {
                close();
                logOut();
              }}
            >
              Log Out
            </SideNavLink>
          )}
        </SideNavItems>
      </SideNav>
      {name}
    </Header>
  );
}
