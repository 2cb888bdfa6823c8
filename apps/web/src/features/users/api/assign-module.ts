/** POST admin/users/{id}/assign {module}: assigns a module; answers the user. */
import type { User } from '@airman/contracts/user.ts';
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { userPath } from './get-user.ts';
import { useRefreshUsers } from './get-users.ts';

export function assignModule({ id, module }: { id: string; module: string }): Promise<User> {
  return sendJson<User>('post', `${userPath(id)}/assign`, { module });
}

export function useAssignModule(config: MutationConfig<typeof assignModule> = {}) {
  return useEndpointMutation(assignModule, config, { onSuccess: useRefreshUsers() });
}
