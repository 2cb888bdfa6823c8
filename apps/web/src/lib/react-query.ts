/**
 * The web data layer's shared types and mutation hook (docs/architecture.md, "Web data layer"): each endpoint's
 * file under features/<name>/api/ has its fetcher, `xQueryOptions()` for a read and a `useX`
 * mutation hook for a write; a caller may add its own options to the hook.
 */
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

/** A fetcher of one endpoint: one argument (its variables) or none. */
export type ApiFn = (variables: never) => Promise<unknown>;

/** What a fetcher resolves to. */
export type ApiFnReturnType<F extends ApiFn> = Awaited<ReturnType<F>>;

/** Options a caller adds to an endpoint's mutation; the endpoint's own run first (its cache updates). */
export type MutationConfig<F extends ApiFn> = Omit<
  UseMutationOptions<ApiFnReturnType<F>, Error, Parameters<F>[0]>,
  'mutationFn'
>;

type MutationOptions<F extends ApiFn> = UseMutationOptions<ApiFnReturnType<F>, Error, Parameters<F>[0]>;

/**
 * An endpoint's own cache updates after its mutation: on success, or once it has ended either way.
 * Each runs (and is waited for) before the caller's callback of the same name.
 */
export interface CacheUpdates<F extends ApiFn> {
  onSuccess?: MutationOptions<F>['onSuccess'];
  onSettled?: MutationOptions<F>['onSettled'];
}

/** An endpoint's mutation hook: the fetcher, the caller's options and the endpoint's cache updates. */
export function useEndpointMutation<F extends ApiFn>(mutationFn: F, config: MutationConfig<F>, own: CacheUpdates<F>) {
  return useMutation<ApiFnReturnType<F>, Error, Parameters<F>[0]>({
    ...config,
    mutationFn: mutationFn as unknown as (variables: Parameters<F>[0]) => Promise<ApiFnReturnType<F>>,
    onSuccess: async (...args) => {
      await own.onSuccess?.(...args);
      return config.onSuccess?.(...args);
    },
    onSettled: async (...args) => {
      await own.onSettled?.(...args);
      return config.onSettled?.(...args);
    },
  });
}
