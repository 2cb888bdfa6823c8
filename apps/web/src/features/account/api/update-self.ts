/** POST self with the profile fields or {password, current_password}. */
import { useQueryClient } from '@tanstack/react-query';
import type { SelfPasswordRequest, SelfProfileRequest } from '@airman/contracts/api.ts';
import { sendJson } from '#lib/api-client.ts';
import { useAuth } from '#lib/auth/auth-context.tsx';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';

/** What POST self answers: the updated user, and a fresh token after a password change. */
interface SelfResponse {
  auth?: string;
}

export function updateSelf(body: SelfProfileRequest | SelfPasswordRequest): Promise<SelfResponse> {
  return sendJson<SelfResponse>('post', 'self', body);
}

/**
 * A password change revokes every token and answers a fresh one: it is stored before
 * anything is read again, since a read with the old token would be refused and end the
 * session. The forms then say whether the session is read again (`refreshSession`) or ends
 * (a change of one's own e-mail, spec §4).
 */
export function useUpdateSelf(config: MutationConfig<typeof updateSelf> = {}) {
  const { signIn } = useAuth();
  return useEndpointMutation(updateSelf, config, {
    onSuccess: (...args) => {
      if (args[0].auth) signIn(args[0].auth);
    },
  });
}

/** Reads the signed-in user again (the header and forms show the saved values). */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['session'] });
}
