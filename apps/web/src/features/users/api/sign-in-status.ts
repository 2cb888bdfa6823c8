/** GET and DELETE admin/users/{id}/sign-in: an account's failed sign-ins, and clearing them. */
import { useQuery } from '@tanstack/react-query';
import type { SignInStatus } from '@airman/contracts/user.ts';
import { getJson, sendJson } from '../../../lib/api-client.ts';

const path = (id: string) => `admin/users/${encodeURIComponent(id)}/sign-in`;

export const signInStatusQueryOptions = (id: string) => ({
  queryKey: ['user-sign-in', id],
  queryFn: () => getJson<SignInStatus>(path(id)),
  staleTime: 0,
});

export function useSignInStatus(id: string) {
  return useQuery(signInStatusQueryOptions(id));
}

export function clearSignInFailures(id: string): Promise<SignInStatus> {
  return sendJson<SignInStatus>('delete', path(id));
}
