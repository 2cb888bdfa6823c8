/** Routes of spec §2, lazy-loaded, with the routing rules as layout routes. */
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction } from 'react-router';
import { RootLayout, RouteLoading } from '../components/root-layout.tsx';
import { RouteError } from '../components/route-error.tsx';
import { prefetchSession } from '../lib/auth/api/session.ts';
import { AnonymousOnly, RequireAdmin, RequireAuth } from '../lib/auth/components/route-guards.tsx';
import { loader as trainingListLoader } from './routes/game.loader.ts';

/**
 * A page whose module is loaded when the page is first shown. Lazy by property, not as a whole
 * module: React Router holds every loader of the matched routes (the session's among them) until
 * a whole-module `lazy` has loaded, as it may hold middleware.
 */
function page(load: () => Promise<{ Component: ComponentType }>) {
  return { lazy: { Component: () => componentOf(load) } };
}

/** A page with a loader, both from the page's module (lib/route-prefetch.ts). */
function pageWithData(load: () => Promise<{ Component: ComponentType; loader: LoaderFunction }>) {
  return {
    lazy: {
      Component: () => componentOf(load),
      // Its code not loaded, the page asks for nothing: its component shows why.
      loader: async (): Promise<LoaderFunction> => (await load().catch(() => undefined))?.loader ?? (() => null),
    },
    shouldRevalidate: arrivalOnly,
  };
}

/**
 * The page's component; when its code cannot be loaded (offline, or a newer version deployed
 * since the tab opened), one that throws the failure for RouteError to show: React Router drops
 * the failure of a lazy Component when the route has no loader, and the page would stay blank.
 */
async function componentOf(load: () => Promise<{ Component: ComponentType }>): Promise<ComponentType> {
  try {
    return (await load()).Component;
  } catch (error: unknown) {
    return function Unloaded(): never {
      throw error;
    };
  }
}

/**
 * A loader asks for a page's data as the page is arrived at, never again while it stays: a change
 * of the page's filters (its URL's search) is the page's own queries' to follow, at once, with no
 * loader between the key pressed and the filter shown (two quick arrow keys on a filter are two
 * steps).
 */
const arrivalOnly = () => false;

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    HydrateFallback: RouteLoading,
    children: [
      {
        // A route that fails to load or render shows RouteError inside the layout.
        ErrorBoundary: RouteError,
        children: [
          {
            element: <AnonymousOnly />,
            children: [{ path: 'login', ...page(() => import('./routes/login.tsx')) }],
          },
          { path: 'register/:inviteCode?', ...page(() => import('./routes/register.tsx')) },
          { path: 'login/trust', ...page(() => import('./routes/login-trust.tsx')) },
          { path: 'forgot-password', ...page(() => import('./routes/forgot-password.tsx')) },
          { path: 'reset-password/:token', ...page(() => import('./routes/reset-password.tsx')) },
          // Anyone may check a certificate, signed in or not.
          { path: 'verify/:code?', ...page(() => import('./routes/verify.tsx')) },
          {
            element: <RequireAuth />,
            // The session is asked for beside the page's code, not once the page first renders.
            loader: prefetchSession,
            shouldRevalidate: arrivalOnly,
            children: [
              {
                index: true,
                loader: trainingListLoader,
                shouldRevalidate: arrivalOnly,
                ...page(() => import('./routes/game.tsx')),
              },
              { path: 'profile', ...page(() => import('./routes/profile.tsx')) },
              { path: 'record', ...page(() => import('./routes/record.tsx')) },
              // The follow-up questionnaire alone: its e-mail's link (sign-in first, then back here).
              { path: 'followup/:module', ...page(() => import('./routes/followup.tsx')) },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: 'admin',
                    ...pageWithData(() => import('./routes/admin.tsx')),
                  },
                  {
                    path: 'progress',
                    ...pageWithData(() => import('./routes/progress.tsx')),
                  },
                  { path: 'audit', ...page(() => import('./routes/audit.tsx')) },
                  // A unit administrator's read-only: module editing is a full administrator's.
                  { path: 'modules', ...page(() => import('./routes/modules.tsx')) },
                ],
              },
              // Unknown paths: a page that says so, for a signed-in user; anonymous visitors go to /login (spec §2).
              { path: '*', ...page(() => import('./routes/not-found.tsx')) },
            ],
          },
        ],
      },
    ],
  },
]);
