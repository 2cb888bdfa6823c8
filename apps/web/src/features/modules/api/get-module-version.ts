import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ModuleVersion } from '@airman/contracts/audit.ts';
import { getJson } from '#lib/api-client.ts';
import { moduleVersionsQueryOptions } from './get-module-versions.ts';

/** GET modules/{id}/versions/{n}: the module and its questionnaire as that version saved them. */
export function getModuleVersion(id: string, n: number): Promise<ModuleVersion> {
  return getJson<ModuleVersion>(`modules/${encodeURIComponent(id)}/versions/${n}`);
}

export function moduleVersionQueryOptions(id: string, n: number | null) {
  return queryOptions({
    // Under the list's key: what invalidates the list reaches its versions too.
    queryKey: [...moduleVersionsQueryOptions(id).queryKey, n],
    queryFn: n === null ? skipToken : () => getModuleVersion(id, n),
    // A version never changes once kept.
    staleTime: Infinity,
  });
}

/** One version (null: none chosen). */
export function useModuleVersion(id: string, n: number | null) {
  return useQuery(moduleVersionQueryOptions(id, n));
}
