/** POST admin/users/{id}/assign {module}: assigns a module; answers the user. */
import { useMutation } from '@tanstack/react-query';
import type { User } from '@airman/contracts/user.ts';
import { sendJson } from '#lib/api-client.ts';
import type { MutationConfig } from '#lib/react-query.ts';
import { userPath } from './get-user.ts';
import { useRefreshUsers } from './get-users.ts';

export function assignModule({ id, module }: { id: string; module: string }): Promise<User> {
  return sendJson<User>('post', `${userPath(id)}/assign`, { module });
}

export function useAssignModule(config: MutationConfig<typeof assignModule> = {}) {
  const refreshUsers = useRefreshUsers();
  return useMutation({
    ...config,
    mutationFn: assignModule,
    onSuccess: (...args) => {
      refreshUsers();
      return config.onSuccess?.(...args);
    },
  });
}
