import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OverdueTraineesResponse, ProgressQuery, ProgressResponse } from '@airman/contracts/progress.ts';
import { getJson } from '#lib/api-client.ts';
import { filterSearch } from '#lib/url-filters.ts';

/**
 * The Progress page's filters, as the URL and GET admin/progress carry them: the call's
 * parameters (ProgressQuery), each as the URL's text, which the server checks.
 */
export type ProgressFilters = Partial<Record<keyof ProgressQuery, string>>;

export const PROGRESS_FILTER_KEYS = [
  'module',
  'unit',
  'rank',
  'from',
  'to',
  'recert',
] as const satisfies readonly (keyof ProgressQuery)[];

/** The filters given in these search parameters (empty ones left out). */
export function filtersFrom(params: URLSearchParams): ProgressFilters {
  const filters: ProgressFilters = {};
  for (const key of PROGRESS_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** The search parameters that carry these filters (empty ones left out): the page's URL's and the call's. */
export const progressSearch = (filters: ProgressFilters): URLSearchParams =>
  filterSearch(PROGRESS_FILTER_KEYS, filters);

/** GET admin/progress?module&unit&rank&from&to&recert. */
function getProgress(filters: ProgressFilters): Promise<ProgressResponse> {
  return getJson<ProgressResponse>('admin/progress', { searchParams: progressSearch(filters) });
}

export function progressQueryOptions(filters: ProgressFilters) {
  return queryOptions({
    queryKey: ['progress', PROGRESS_FILTER_KEYS.map((k) => filters[k] ?? '')],
    queryFn: () => getProgress(filters),
    placeholderData: keepPreviousData,
  });
}

export function useProgress(filters: ProgressFilters) {
  return useQuery(progressQueryOptions(filters));
}

/** The filters that narrow the overdue list (the completions chart's range does not). */
const OVERDUE_FILTER_KEYS = ['module', 'unit', 'rank', 'recert'] as const;

/**
 * GET admin/progress/overdue-trainees?module&unit&rank&recert: every trainee a reminder to the
 * overdue in these filters reaches, not only the overdue list's first rows.
 */
export function getOverdueTrainees(filters: ProgressFilters): Promise<OverdueTraineesResponse> {
  return getJson<OverdueTraineesResponse>('admin/progress/overdue-trainees', {
    searchParams: filterSearch(OVERDUE_FILTER_KEYS, filters),
  });
}
