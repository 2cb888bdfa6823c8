/** GET admin/users/{id}: one user as the server has it now. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@airman/contracts/user.ts';
import { getJson } from '#lib/api-client.ts';

export const userPath = (id: string) => `admin/users/${encodeURIComponent(id)}`;

export function getUser(id: string): Promise<User> {
  return getJson<User>(userPath(id));
}

/**
 * Read on every opening of the user modal and never kept (gcTime 0): the list's copy may be a
 * refresh old. Not under the list's key, so the list's refreshes (after every autosave) do not
 * read it again.
 */
export function userQueryOptions(id: string) {
  return queryOptions({ queryKey: ['user', id], queryFn: () => getUser(id), staleTime: 0, gcTime: 0 });
}

export function useFreshUser(id: string) {
  return useQuery(userQueryOptions(id));
}
