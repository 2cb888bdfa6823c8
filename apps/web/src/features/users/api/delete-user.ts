/** DELETE admin/users/{id}. */
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '#lib/api-client.ts';
import type { MutationConfig } from '#lib/react-query.ts';
import { userPath } from './get-user.ts';
import { useRefreshUsers } from './get-users.ts';

export function deleteUser({ id }: { id: string }): Promise<unknown> {
  return sendJson<unknown>('delete', userPath(id));
}

export function useDeleteUser(config: MutationConfig<typeof deleteUser> = {}) {
  const refreshUsers = useRefreshUsers();
  return useMutation({
    ...config,
    mutationFn: deleteUser,
    onSuccess: (...args) => {
      refreshUsers();
      return config.onSuccess?.(...args);
    },
  });
}
