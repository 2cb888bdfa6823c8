import { Loading } from '@carbon/react';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';
import '../styles/layout.scss';

export function RootLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppHeader />
      <main id="main" className="app-main" tabIndex={-1}>
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
