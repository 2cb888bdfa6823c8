/** GET invite/{code} → the invited e-mail. Anonymous: no token is sent. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteLookupResponse } from '@airman/contracts/api.ts';
import { ANONYMOUS, api } from '#lib/api-client.ts';

export function getInvite(code: string): Promise<InviteLookupResponse> {
  return api.get(`invite/${encodeURIComponent(code)}`, ANONYMOUS).json<InviteLookupResponse>();
}

export function inviteQueryOptions(code: string) {
  return queryOptions({ queryKey: ['invite', code], queryFn: () => getInvite(code), staleTime: Infinity });
}

export function useInvite(code: string) {
  return useQuery(inviteQueryOptions(code));
}
