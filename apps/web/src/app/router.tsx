/** Routes of spec §2, lazy-loaded, with the routing rules as layout routes. */
import { createBrowserRouter } from 'react-router';
import { RootLayout, RouteLoading } from '../components/root-layout.tsx';
import { RouteError } from '../components/route-error.tsx';
import { AnonymousOnly, RequireAdmin, RequireAuth } from '../lib/auth/components/route-guards.tsx';

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
            children: [{ path: 'login', lazy: () => import('./routes/login.tsx') }],
          },
          { path: 'register/:inviteCode?', lazy: () => import('./routes/register.tsx') },
          { path: 'login/trust', lazy: () => import('./routes/login-trust.tsx') },
          { path: 'forgot-password', lazy: () => import('./routes/forgot-password.tsx') },
          { path: 'reset-password/:token', lazy: () => import('./routes/reset-password.tsx') },
          // Anyone may check a certificate, signed in or not.
          { path: 'verify/:code?', lazy: () => import('./routes/verify.tsx') },
          {
            element: <RequireAuth />,
            children: [
              { index: true, lazy: () => import('./routes/game.tsx') },
              { path: 'profile', lazy: () => import('./routes/profile.tsx') },
              { path: 'record', lazy: () => import('./routes/record.tsx') },
              // The follow-up questionnaire alone: its e-mail's link (sign-in first, then back here).
              { path: 'followup/:module', lazy: () => import('./routes/followup.tsx') },
              {
                element: <RequireAdmin />,
                children: [
                  { path: 'admin', lazy: () => import('./routes/admin.tsx') },
                  { path: 'progress', lazy: () => import('./routes/progress.tsx') },
                  { path: 'audit', lazy: () => import('./routes/audit.tsx') },
                  // A unit administrator's read-only: module editing is a full administrator's.
                  { path: 'modules', lazy: () => import('./routes/modules.tsx') },
                ],
              },
              // Unknown paths: a page that says so, for a signed-in user; anonymous visitors go to /login (spec §2).
              { path: '*', lazy: () => import('./routes/not-found.tsx') },
            ],
          },
        ],
      },
    ],
  },
]);
