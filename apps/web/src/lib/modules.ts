import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Module } from '@airman/contracts/module.ts';
import { getJson } from '../../../lib/api-client.ts';
import { getModule } from './module-calls.ts';

/** GET modules: every module, archived ones included. */
export function getModules(): Promise<Module[]> {
  return getJson<Module[]>('modules');
}

export function modulesQueryOptions() {
  return queryOptions({ queryKey: ['modules'], queryFn: getModules });
}

export function useModules() {
  return useQuery(modulesQueryOptions());
}

/**
 * GET modules/{id} for an editor that opens on a module (null: none). Read on
 * every opening and never kept (gcTime 0): the list's copy may be a refresh old,
 * and so would a cached one be.
 */
export function useFreshModule(id: string | null) {
  return useQuery({
    queryKey: ['module', id],
    queryFn: id === null ? skipToken : () => getModule(id),
    staleTime: 0,
    gcTime: 0,
  });
}
