/**
 * The web data layer's shared types (docs/architecture.md, "Web data layer"): each endpoint's
 * file under features/<name>/api/ has its fetcher, `xQueryOptions()` for a read and a `useX`
 * mutation hook for a write; a caller may add its own options to the hook.
 */
import type { UseMutationOptions } from '@tanstack/react-query';

/** A fetcher of one endpoint: one argument (its variables) or none. */
export type ApiFn = (variables: never) => Promise<unknown>;

/** What a fetcher resolves to. */
export type ApiFnReturnType<F extends ApiFn> = Awaited<ReturnType<F>>;

/** Options a caller adds to an endpoint's mutation; the endpoint's own run first (its cache updates). */
export type MutationConfig<F extends ApiFn> = Omit<
  UseMutationOptions<ApiFnReturnType<F>, Error, Parameters<F>[0]>,
  'mutationFn'
>;
