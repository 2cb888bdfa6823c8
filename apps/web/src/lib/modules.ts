import { queryOptions, useQuery } from '@tanstack/react-query';
import { isArchived } from '@airman/contracts/module-values.ts';
import type { Module } from '@airman/contracts/module.ts';
import type { FilterOption } from '../components/filter-select.tsx';
import { getJson } from './api-client.ts';

/** GET modules: every module, archived ones included (the module list of several screens). */
function getModules(): Promise<Module[]> {
  return getJson<Module[]>('modules');
}

export function modulesQueryOptions() {
  return queryOptions({ queryKey: ['modules'], queryFn: getModules });
}

/** What a listed module fails of today's checks (stored before a cap was lowered), or undefined. */
export function moduleProblem(m: Module): string | undefined {
  const { problem } = m as Module & { problem?: unknown };
  return typeof problem === 'string' ? problem : undefined;
}

export function useModules() {
  return useQuery(modulesQueryOptions());
}

/**
 * A module filter's options: every module by title, archived ones marked. A module id the
 * list does not hold (a shared link to a module since deleted) is offered too, so the select
 * shows what filters instead of its first option.
 */
export function moduleFilterOptions(modules: Module[] | undefined, selected: string | undefined): FilterOption[] {
  const options = (modules ?? []).map((m) => ({
    value: m.id,
    text: isArchived(m) ? `${m.game_title} (archived)` : m.game_title,
  }));
  if (selected === undefined || options.some((o) => o.value === selected)) return options;
  return [...options, { value: selected, text: modules ? `Module not found: ${selected}` : 'Loading modules…' }];
}
