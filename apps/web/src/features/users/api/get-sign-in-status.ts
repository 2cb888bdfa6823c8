/** GET admin/users/{id}/sign-in: an account's failed sign-ins of the last hour and its lock. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInStatus } from '@airman/contracts/user.ts';
import { getJson } from '#lib/api-client.ts';
import { userPath } from './get-user.ts';

export const signInStatusPath = (id: string) => `${userPath(id)}/sign-in`;

export function getSignInStatus(id: string): Promise<SignInStatus> {
  return getJson<SignInStatus>(signInStatusPath(id));
}

export function signInStatusQueryOptions(id: string) {
  return queryOptions({ queryKey: ['user-sign-in', id], queryFn: () => getSignInStatus(id), staleTime: 0 });
}

export function useSignInStatus(id: string) {
  return useQuery(signInStatusQueryOptions(id));
}
