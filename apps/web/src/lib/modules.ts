import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Module } from '@airman/contracts/module.ts';
import { getJson } from './api-client.ts';

/** GET modules: every module, archived ones included (the module list of several screens). */
function getModules(): Promise<Module[]> {
  return getJson<Module[]>('modules');
}

function modulesQueryOptions() {
  return queryOptions({ queryKey: ['modules'], queryFn: getModules });
}

export function useModules() {
  return useQuery(modulesQueryOptions());
}
