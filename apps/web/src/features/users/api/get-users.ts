import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersPage, UsersQuery as ApiUsersQuery } from '@airman/contracts/api.ts';
import { getJson } from '../../../lib/api-client.ts';
import { getUser } from './user-calls.ts';

/** The list's filters and order (GET admin/users). */
export type UsersFilters = Pick<ApiUsersQuery, 'unit' | 'role' | 'status' | 'module' | 'assignment_status' | 'sort'>;
export const USERS_FILTER_KEYS = [
  'unit',
  'role',
  'status',
  'module',
  'assignment_status',
  'sort',
] as const satisfies readonly (keyof UsersFilters)[];

export interface UsersQuery extends UsersFilters {
  cursor?: string;
  search?: string;
}

/** GET admin/users?cursor&search&unit&role&status&module&assignment_status&sort → {count, users, cursor?}. */
function getUsers(query: UsersQuery): Promise<UsersPage> {
  const searchParams = new URLSearchParams();
  for (const key of ['cursor', 'search', ...USERS_FILTER_KEYS] as const) {
    const value = query[key];
    if (value) searchParams.set(key, value);
  }
  return getJson<UsersPage>('admin/users', { searchParams });
}

function usersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: [
      'users',
      'list',
      query.search ?? '',
      query.cursor ?? '',
      ...USERS_FILTER_KEYS.map((k) => query[k] ?? ''),
    ],
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}

/**
 * GET admin/users/{id} for the user modal, read on every opening and never kept
 * (gcTime 0): the list's copy may be a refresh old. Not under ['users'], so the
 * list's refreshes (after every autosave) do not read it again.
 */
export function useFreshUser(id: string) {
  return useQuery({ queryKey: ['user', id], queryFn: () => getUser(id), staleTime: 0, gcTime: 0 });
}
