/** POST admin/users/{id}: changes some of a user's fields (the autosave's and the status toggle's call). */
import type { UserUpdateRequest } from '@airman/contracts/api.ts';
import type { User } from '@airman/contracts/user.ts';
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { userPath } from './get-user.ts';
import { useRefreshUsers } from './get-users.ts';

export function updateUser({ id, patch }: { id: string; patch: UserUpdateRequest }): Promise<User> {
  return sendJson<User>('post', userPath(id), patch);
}

/** Whether it saved or not, the list is read again: it shows what the server kept. */
export function useUpdateUser(config: MutationConfig<typeof updateUser> = {}) {
  return useEndpointMutation(updateUser, config, { onSettled: useRefreshUsers() });
}
