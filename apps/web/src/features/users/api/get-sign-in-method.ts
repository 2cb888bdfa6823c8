/** GET admin/users/{id}/sign-in-method: how the account signs in, and when it was linked to its provider. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInMethodResponse } from '@airman/contracts/sign-in.ts';
import { getJson } from '#lib/api-client.ts';
import { userPath } from './get-user.ts';

export function getSignInMethod(id: string): Promise<SignInMethodResponse> {
  return getJson<SignInMethodResponse>(`${userPath(id)}/sign-in-method`);
}

export function signInMethodQueryOptions(id: string) {
  return queryOptions({ queryKey: ['user-sign-in-method', id], queryFn: () => getSignInMethod(id), staleTime: 0 });
}

export function useSignInMethod(id: string) {
  return useQuery(signInMethodQueryOptions(id));
}
