/**
 * A screen's filters kept in its URL's query string (the users list, Progress): a
 * view can be shared, and survives a reload and Back.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The search parameters that carry these filters, in the keys' order; empty ones left out. */
export function filterSearch<K extends string>(
  keys: readonly K[],
  filters: Partial<Record<K, string | undefined>>,
): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of keys) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  return search;
}

/**
 * The filters the URL gives (`read`), and a change that writes them (`write`). A change
 * replaces the URL rather than adding to the history (Back leaves the screen instead of
 * undoing one filter at a time), and at once, not in a transition: a select holds its old
 * value until the URL's arrives, and a second arrow key pressed meanwhile would move from
 * the old one.
 */
export function useUrlFilters<F>(
  read: (params: URLSearchParams) => F,
  write: (filters: F) => URLSearchParams,
): [F, (next: F) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => read(params), [read, params]);
  const change = useCallback(
    (next: F) => setParams(write(next), { replace: true, flushSync: true }),
    [write, setParams],
  );
  return [filters, change];
}
