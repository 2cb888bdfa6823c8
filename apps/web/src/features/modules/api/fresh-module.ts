import { skipToken, useQuery } from '@tanstack/react-query';
import { getModule } from './module-calls.ts';

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
