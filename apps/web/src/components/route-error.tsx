/**
 * What a route shows instead of a blank or the router's developer page when it
 * cannot be shown: its code failed to load (offline, or a newer version was
 * deployed since the tab opened, and the old file is gone) or it failed while
 * rendering. The header stays, so the rest of the app is a click away; a
 * reload fetches the current version. In the main bundle: when this is needed,
 * the network may be what failed.
 */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';
import { ErrorNotice } from '#components/error-notice.tsx';
import { TextButton } from '#components/text-button.tsx';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

export function RouteError() {
  const error = useRouteError();
  usePageTitle('This page could not be shown');
  return (
    <div className="route-error">
      <ErrorNotice title="This page could not be shown." subtitle={describe(error)} />
      <TextButton kind="primary" onClick={() => window.location.reload()}>
        Reload the page
      </TextButton>
    </div>
  );
}
