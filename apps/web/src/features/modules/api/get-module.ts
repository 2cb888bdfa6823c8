/** GET modules/{id}: a module as the server has it now. */
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Module } from '@airman/contracts/module.ts';
import { getJson } from '#lib/api-client.ts';

export const modulePath = (id: string) => `modules/${encodeURIComponent(id)}`;

export function getModule(id: string): Promise<Module> {
  return getJson<Module>(modulePath(id));
}

/**
 * For an editor that opens on a module (null: none). Read on every opening and never kept
 * (gcTime 0): the list's copy may be a refresh old, and so would a cached one be.
 */
export function moduleQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: ['module', id],
    queryFn: id === null ? skipToken : () => getModule(id),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useFreshModule(id: string | null) {
  return useQuery(moduleQueryOptions(id));
}
