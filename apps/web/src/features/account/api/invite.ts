import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InviteLookupResponse, RegisterRequest } from '@airman/contracts/api.ts';
import { ANONYMOUS, api } from '../../../lib/api-client.ts';

/** GET invite/{code} → the invited e-mail. Anonymous: no token is sent. */
function lookupInvite(code: string): Promise<InviteLookupResponse> {
  return api.get(`invite/${encodeURIComponent(code)}`, ANONYMOUS).json<InviteLookupResponse>();
}

function inviteQueryOptions(code: string) {
  return queryOptions({ queryKey: ['invite', code], queryFn: () => lookupInvite(code), staleTime: Infinity });
}

export function useInvite(code: string) {
  return useQuery(inviteQueryOptions(code));
}

/** POST register/{code}. */
export function register(code: string, body: RegisterRequest): Promise<unknown> {
  return api.post(`register/${encodeURIComponent(code)}`, { ...ANONYMOUS, json: body, retry: 0 }).json<unknown>();
}

export function useRegister(code: string) {
  return useMutation({ mutationFn: (body: RegisterRequest) => register(code, body) });
}
