/** GET admin/users/{id}/sign-in-method and DELETE admin/users/{id}/provider-link. */
import { useQuery } from '@tanstack/react-query';
import type { SignInMethodResponse } from '@airman/contracts/sign-in.ts';
import { getJson, sendJson } from '../../../lib/api-client.ts';

const base = (id: string) => `admin/users/${encodeURIComponent(id)}`;

export const signInMethodQueryOptions = (id: string) => ({
  queryKey: ['user-sign-in-method', id],
  queryFn: () => getJson<SignInMethodResponse>(`${base(id)}/sign-in-method`),
  staleTime: 0,
});

export function useSignInMethod(id: string) {
  return useQuery(signInMethodQueryOptions(id));
}

export function unlinkProvider(id: string): Promise<SignInMethodResponse> {
  return sendJson<SignInMethodResponse>('delete', `${base(id)}/provider-link`);
}
