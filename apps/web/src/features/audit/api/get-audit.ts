import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '@airman/contracts/audit.ts';
import { getJson } from '#lib/api-client.ts';
import { browserTimeZone } from '#lib/days.ts';
import { filterSearch } from '#lib/url-filters.ts';

export const AUDIT_FILTER_KEYS = [
  'actor',
  'target_kind',
  'target_id',
  'action',
  'unit',
  'from',
  'to',
] as const satisfies readonly (keyof AuditQuery)[];

/**
 * The Audit screen's filters, as the URL and GET admin/audit carry them: those of the call's
 * parameters (AuditQuery), each as the URL's text, which the server checks; `from` and `to`
 * are days in the browser's time zone.
 */
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>>;

/** The filters given in these search parameters (empty ones left out). */
export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** The search parameters that carry these filters (empty ones left out): the page's URL's and the calls'. */
export const auditSearch = (filters: AuditFilters): URLSearchParams => filterSearch(AUDIT_FILTER_KEYS, filters);

/**
 * The calls' parameters: the filters, and with a day range the browser's time zone, whose days
 * they are (the page's URL leaves it out: whoever opens the link reads the days as their own).
 */
export function auditCallSearch(filters: AuditFilters): URLSearchParams {
  const searchParams = auditSearch(filters);
  const timeZone = browserTimeZone();
  if ((filters.from || filters.to) && timeZone) searchParams.set('tz', timeZone);
  return searchParams;
}

/** GET admin/audit?…&cursor: one page of entries, newest first. */
export function getAuditPage(filters: AuditFilters, cursor: string | undefined): Promise<AuditPage> {
  const searchParams = auditCallSearch(filters);
  if (cursor) searchParams.set('cursor', cursor);
  return getJson<AuditPage>('admin/audit', { searchParams });
}

export function auditQueryOptions(filters: AuditFilters, cursor: string | undefined) {
  return queryOptions({
    queryKey: ['audit', AUDIT_FILTER_KEYS.map((k) => filters[k] ?? ''), cursor ?? ''],
    queryFn: () => getAuditPage(filters, cursor),
    placeholderData: keepPreviousData,
  });
}

/** A page of the log; `enabled` false while the filters cannot be asked for (a range that ends before it starts). */
export function useAudit(filters: AuditFilters, cursor: string | undefined, enabled = true) {
  return useQuery({ ...auditQueryOptions(filters, cursor), enabled });
}
