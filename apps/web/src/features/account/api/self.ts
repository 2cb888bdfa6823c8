import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SelfPasswordRequest, SelfProfileRequest } from '@airman/contracts/api.ts';
import { sendJson } from '../../../lib/api-client.ts';

/** What POST self answers: the updated user, and a fresh token after a password change. */
interface SelfResponse {
  auth?: string;
}

/** POST self with the profile fields or {password, current_password}. */
export function updateSelf(body: SelfProfileRequest | SelfPasswordRequest): Promise<SelfResponse> {
  return sendJson<SelfResponse>('post', 'self', body);
}

export function useUpdateSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSelf,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }),
  });
}
