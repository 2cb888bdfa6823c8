/**
 * Route loaders that ask for a page's data as the page starts loading: React Router runs a
 * route's loader beside the download of its lazy code, so the answers are on their way while
 * the page's scripts arrive and run, not asked for once the page first renders. A loader
 * returns at once (nothing waits for the data here); the page's own queries find the answers
 * in the query cache, or in flight. Only for a session the page would use: a token that is
 * valid and, for the administration pages, an administrator's.
 */
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { ROLES } from '@airman/contracts/constants.ts';
import { queryClient } from './query-client.ts';
import { isAdministrator } from './roles.ts';
import { decodeToken, readToken, tokenState } from './token-store.ts';

/** Whether the stored token is one a page would be shown with: valid, and an administrator's when `admin`. */
export function sessionWillShow(admin: boolean): boolean {
  const token = readToken();
  if (token === null || tokenState(token) !== 'valid') return false;
  const role = decodeToken(token)?.user_role;
  return !admin || isAdministrator(ROLES.find((r) => r === role));
}

/** Starts the query unless it is cached and fresh or in flight; a failure is the page's to show. */
export function prefetch<T, K extends QueryKey>(query: FetchQueryOptions<T, Error, T, K>): void {
  void queryClient.prefetchQuery(query);
}
