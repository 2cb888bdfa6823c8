import { useRef } from 'react';
import { Loading } from '@carbon/react';
import { Outlet } from 'react-router';
import { usePageFocus } from '../lib/page-focus.ts';
import { AppHeader } from './app-header.tsx';
import '../styles/layout.scss';

export function RootLayout() {
  const main = useRef<HTMLElement>(null);
  // A page followed from the header, or one that took the focus away with it, gets the focus on its heading.
  usePageFocus(main);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppHeader />
      <main ref={main} id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {/* Bottom right (spec §2), after the page in the flow and in the contentinfo landmark: it never covers a table. */}
      <footer className="app-footer">
        <p className="version-label">
          <span className="visually-hidden">Version </span>
          {__APP_VERSION__}
        </p>
      </footer>
    </>
  );
}

/** Shown while a lazy route's code loads on the first visit. */
export function RouteLoading() {
  return (
    <div className="route-loading">
      <Loading withOverlay={false} description="Loading" />
    </div>
  );
}
