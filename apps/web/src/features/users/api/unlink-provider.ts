/** DELETE admin/users/{id}/provider-link: removes the link to the provider identity; answers the method now. */
import { useQueryClient } from '@tanstack/react-query';
import type { SignInMethodResponse } from '@airman/contracts/sign-in.ts';
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { signInMethodQueryOptions } from './get-sign-in-method.ts';
import { userPath } from './get-user.ts';

export function unlinkProvider({ id }: { id: string }): Promise<SignInMethodResponse> {
  return sendJson<SignInMethodResponse>('delete', `${userPath(id)}/provider-link`);
}

/** The answer replaces the method read. */
export function useUnlinkProvider(config: MutationConfig<typeof unlinkProvider> = {}) {
  const queryClient = useQueryClient();
  return useEndpointMutation(unlinkProvider, config, {
    onSuccess: (...args) => {
      const [method, { id }] = args;
      queryClient.setQueryData(signInMethodQueryOptions(id).queryKey, method);
    },
  });
}
