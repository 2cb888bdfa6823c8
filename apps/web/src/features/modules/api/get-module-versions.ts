import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModuleVersionsResponse } from '@airman/contracts/audit.ts';
import { getJson } from '#lib/api-client.ts';

/** GET modules/{id}/versions: every version kept (number, author, time), newest first. */
export function getModuleVersions(id: string): Promise<ModuleVersionsResponse> {
  return getJson<ModuleVersionsResponse>(`modules/${encodeURIComponent(id)}/versions`);
}

export function moduleVersionsQueryOptions(id: string) {
  return queryOptions({ queryKey: ['module-versions', id], queryFn: () => getModuleVersions(id) });
}

export function useModuleVersions(id: string) {
  return useQuery(moduleVersionsQueryOptions(id));
}
