import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@airman/contracts/api.ts';
import { getJson } from '../../../lib/api-client.ts';

/** GET session: the signed-in user with role and modules. */
export function fetchSession(): Promise<SessionResponse> {
  return getJson<SessionResponse>('session');
}

export function sessionQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['session', token],
    queryFn: fetchSession,
    enabled: token !== null,
  });
}

export function useSession(token: string | null) {
  return useQuery(sessionQueryOptions(token));
}
