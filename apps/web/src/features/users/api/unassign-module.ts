/** DELETE admin/users/{id}/assign/{moduleId}: drops the assignment and its progress; answers the user. */
import type { User } from '@airman/contracts/user.ts';
import { sendJson } from '#lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '#lib/react-query.ts';
import { userPath } from './get-user.ts';
import { useRefreshUsers } from './get-users.ts';

export function unassignModule({ id, moduleId }: { id: string; moduleId: string }): Promise<User> {
  return sendJson<User>('delete', `${userPath(id)}/assign/${encodeURIComponent(moduleId)}`);
}

export function useUnassignModule(config: MutationConfig<typeof unassignModule> = {}) {
  return useEndpointMutation(unassignModule, config, { onSuccess: useRefreshUsers() });
}
