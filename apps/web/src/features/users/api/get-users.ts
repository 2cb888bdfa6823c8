import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersPage } from '@airman/contracts/api.ts';
import { getJson } from '../../../lib/api-client.ts';
import { getUser } from './user-calls.ts';

export interface UsersQuery {
  cursor?: string;
  search?: string;
}

/** GET admin/users?cursor&search → {count, users, cursor?}. */
export function getUsers({ cursor, search }: UsersQuery): Promise<UsersPage> {
  const searchParams = new URLSearchParams();
  if (cursor) searchParams.set('cursor', cursor);
  if (search) searchParams.set('search', search);
  return getJson<UsersPage>('admin/users', { searchParams });
}

export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: ['users', 'list', query.search ?? '', query.cursor ?? ''],
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
