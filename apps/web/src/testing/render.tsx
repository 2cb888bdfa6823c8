/**
 * Renders a component as the app runs it: a fresh query client (the app's
 * defaults), the session and toast providers, a router, and the signed-in
 * administrator. Returns user-event's `user` beside Testing Library's queries.
 */
import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { User } from '@airman/contracts/user.ts';
import { ToastProvider } from '../components/toasts.tsx';
import { AuthProvider } from '../lib/auth/auth-context.tsx';
import { CurrentUserProvider } from '../lib/auth/current-user.tsx';
import { makeUser } from './fixtures.ts';

export const ADMIN: User = makeUser({ id: 'admin-1', user_name: 'admin@example.com', role: 'admin' });

/** The app's query defaults (lib/query-client.ts), in a client of the test's own. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export function Providers({
  children,
  queryClient,
  me = ADMIN,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  me?: User;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>
          <CurrentUserProvider user={me}>{children}</CurrentUserProvider>
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** Where a screen sent the browser: any other path shows its own name. */
function Elsewhere() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
}

/** Renders the router of `routes` opened at `path`, in the app's providers. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  options: { me?: User } = {},
): Rendered & { router: ReturnType<typeof createMemoryRouter> } {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // No pause between keys: what a test types arrives at once, as a paste of it would.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Providers queryClient={queryClient} me={options.me}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, queryClient, router };
}

/** Renders `ui` at `path` (a route of its own, so screens that read the URL can). */
export function renderWithApp(ui: ReactElement, options: { path?: string; me?: User } = {}): Rendered {
  const path = options.path ?? '/';
  return renderRoutes(
    [
      { path: path.split('?')[0], element: ui },
      { path: '*', element: <Elsewhere /> },
    ],
    path,
    options,
  );
}
