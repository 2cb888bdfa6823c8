/** GET modules/{id}: a module as the server has it now. */
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Module } from '@airman/contracts/module.ts';
import { getJson } from '#lib/api-client.ts';

export const modulePath = (id: string) => `modules/${encodeURIComponent(id)}`;

/**
 * The module as stored. A module that fails today's checks comes with its `problem` (the list
 * shows it); the editors get the module without it, so that saving it is checked as any save.
 */
export async function getModule(id: string): Promise<Module> {
  const { problem: _problem, ...module } = await getJson<Module & { problem?: string }>(modulePath(id));
  return module;
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
