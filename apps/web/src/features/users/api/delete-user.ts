/** DELETE admin/users/{id}. */
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { userPath } from './get-user.ts';
import { useRefreshUsers } from './get-users.ts';

export function deleteUser({ id }: { id: string }): Promise<unknown> {
  return sendJson<unknown>('delete', userPath(id));
}

export function useDeleteUser(config: MutationConfig<typeof deleteUser> = {}) {
  return useEndpointMutation(deleteUser, config, { onSuccess: useRefreshUsers() });
}
