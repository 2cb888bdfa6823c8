import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersPage } from '@airman/contracts/api.ts';
import { getJson } from '../../../lib/api-client.ts';

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
