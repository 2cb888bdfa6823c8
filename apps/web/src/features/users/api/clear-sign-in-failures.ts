/** DELETE admin/users/{id}/sign-in: clears an account's failed sign-ins; answers the status now. */
import { useQueryClient } from '@tanstack/react-query';
import type { SignInStatus } from '@airman/contracts/user.ts';
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { signInStatusPath, signInStatusQueryOptions } from './get-sign-in-status.ts';

export function clearSignInFailures({ id }: { id: string }): Promise<SignInStatus> {
  return sendJson<SignInStatus>('delete', signInStatusPath(id));
}

/** The answer replaces the status read (it is the status after clearing). */
export function useClearSignInFailures(config: MutationConfig<typeof clearSignInFailures> = {}) {
  const queryClient = useQueryClient();
  return useEndpointMutation(clearSignInFailures, config, {
    onSuccess: (...args) => {
      const [status, { id }] = args;
      queryClient.setQueryData(signInStatusQueryOptions(id).queryKey, status);
    },
  });
}
