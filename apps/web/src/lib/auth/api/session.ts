import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@airman/contracts/api.ts';
import { getJson } from '#lib/api-client.ts';
import { prefetch, sessionWillShow } from '#lib/route-prefetch.ts';
import { decodeToken, readToken } from '#lib/token-store.ts';

/** GET session: the signed-in user with role and modules. */
function fetchSession(): Promise<SessionResponse> {
  return getJson<SessionResponse>('session');
}

function sessionQueryOptions(token: string | null) {
  const userId = token ? decodeToken(token)?.user_id : undefined;
  return queryOptions({
    queryKey: ['session', token],
    queryFn: fetchSession,
    enabled: token !== null,
    // A fresh token for the same user (after a finished run, a password change)
    // keeps showing the session while it is read again: the pages under it,
    // the game among them, stay mounted. Another user's token never sees it.
    placeholderData: (previous) => (previous && previous.id === userId ? previous : undefined),
  });
}

export function useSession(token: string | null) {
  return useQuery(sessionQueryOptions(token));
}

/** Whether the session of this token was read already (a page is showing it). */
export function useSessionShown(token: string | null): boolean {
  return useQueryClient().getQueryData(sessionQueryOptions(token).queryKey) !== undefined;
}

/** The signed-in pages' loader: the session asked for beside the page's code (lib/route-prefetch.ts). */
export function prefetchSession(): null {
  if (sessionWillShow(false)) prefetch(sessionQueryOptions(readToken()));
  return null;
}
