import { useCallback } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UsersPage, UsersQuery as ApiUsersQuery } from '@airman/contracts/api.ts';
import { ASSIGNMENT_STATUSES, USER_SORTS, USER_STATUSES, USERS_FILTER_TEXT_MAX } from '@airman/contracts/api-values.ts';
import { REFRESH_DEBOUNCE_MS, ROLES } from '@airman/contracts/constants.ts';
import { RECERT_FILTERS } from '@airman/contracts/progress-values.ts';
import { filterSearch } from '#lib/url-filters.ts';
import { getJson } from '#lib/api-client.ts';
import { unitsQueryOptions } from '#lib/units.ts';

/** The list's filters and order (GET admin/users). */
export type UsersFilters = Pick<
  ApiUsersQuery,
  'unit' | 'role' | 'status' | 'module' | 'assignment_status' | 'recert' | 'sort'
>;
export const USERS_FILTER_KEYS = [
  'unit',
  'role',
  'status',
  'module',
  'assignment_status',
  'recert',
  'sort',
] as const satisfies readonly (keyof UsersFilters)[];

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  allowed.find((a) => a === value);
/** A unit or module id as the server takes it (at most USERS_FILTER_TEXT_MAX characters); none when empty. */
const text = (value: string | null): string | undefined =>
  value && value.length <= USERS_FILTER_TEXT_MAX ? value : undefined;

/**
 * The filters and order these search parameters (the users screen's URL) give.
 * A value GET admin/users would refuse is left out, as is an assignment status
 * without a module, so a hand-edited or outdated link still lists users.
 */
export function usersFiltersFrom(params: URLSearchParams): UsersFilters {
  const module = text(params.get('module'));
  return {
    unit: text(params.get('unit')),
    role: oneOf(ROLES, params.get('role')),
    status: oneOf(USER_STATUSES, params.get('status')),
    module,
    assignment_status: module ? oneOf(ASSIGNMENT_STATUSES, params.get('assignment_status')) : undefined,
    recert: oneOf(RECERT_FILTERS, params.get('recert')),
    sort: oneOf(USER_SORTS, params.get('sort')),
  };
}

/** The search parameters that carry these filters and order (empty ones left out). */
export const usersFiltersSearch = (filters: UsersFilters): URLSearchParams => filterSearch(USERS_FILTER_KEYS, filters);

/** A page of the list: the filters and order, a search, and the cursor of the page. */
export type UsersQuery = Pick<ApiUsersQuery, 'cursor' | 'search' | (typeof USERS_FILTER_KEYS)[number]>;

/** GET admin/users?cursor&search&unit&role&status&module&assignment_status&recert&sort → {count, users, cursor?}. */
function getUsers(query: UsersQuery): Promise<UsersPage> {
  const searchParams = filterSearch(['cursor', 'search', ...USERS_FILTER_KEYS] as const, query);
  return getJson<UsersPage>('admin/users', { searchParams });
}

/** A page of the list; without a query, the key of every page (what a change to users invalidates). */
export function usersQueryOptions(query?: UsersQuery) {
  return queryOptions({
    queryKey: query
      ? ['users', query.search ?? '', query.cursor ?? '', ...USERS_FILTER_KEYS.map((k) => query[k] ?? '')]
      : ['users'],
    queryFn: () => getUsers(query ?? {}),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}

const refreshTimers = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/**
 * Reads the users list again 500 ms after the last change (spec §9), one read for a burst of
 * changes from any screen or call; the list keeps its page and search (they are in its key).
 */
export function refreshUsersSoon(queryClient: QueryClient): void {
  clearTimeout(refreshTimers.get(queryClient));
  refreshTimers.set(
    queryClient,
    setTimeout(() => {
      refreshTimers.delete(queryClient);
      void queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey });
      // A user's unit may have changed: the unit filters' list too.
      void queryClient.invalidateQueries({ queryKey: unitsQueryOptions().queryKey });
    }, REFRESH_DEBOUNCE_MS),
  );
}

export function useRefreshUsers(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => refreshUsersSoon(queryClient), [queryClient]);
}
